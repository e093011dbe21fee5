// The dashboard's one client of the gateway API: openapi-fetch over the SDK's types generated from the gateway's own
// OpenAPI document (packages/sdk/src/openapi.ts), so every path, query, body and typed response is checked at compile
// time.
// The session is an HttpOnly cookie the gateway sets at sign-in and clears at sign-out: scripts never see it, the
// browser sends it with every same-origin request, and it lasts across tabs and reloads until the session ends. The
// page only knows whether it believes it is signed in (asked of GET /v1/me on load). Every request carries the chosen
// environment (Tender-Environment); every failure becomes an ApiError with the API's code, message and field details.
// A 401 while signed in means the session ended (expired, idle, signed out in another tab or elsewhere): the shell
// goes back to sign-in saying so. Signing in or out is told to the other tabs of this browser (BroadcastChannel).
import type { Middleware } from 'openapi-fetch';
import { gatewayClient, ok, type ResponseOf } from '../../shared/api.ts';
import type { paths } from '../../shared/apiTypes.ts';

export type Environment = 'test' | 'live';

/** The chosen mode is a preference, not a secret: kept in localStorage, so a new tab opens in the same mode. */
const ENV_KEY = 'tender.dashboardEnvironment';

type Listener = () => void;
const expiredListeners = new Set<Listener>();
const changeListeners = new Set<(signedIn: boolean) => void>();
let signedIn = false;

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('tender.dashboard.session');
channel?.addEventListener('message', (e: MessageEvent) => {
  if (e.data === 'signed-out' && signedIn) {
    signedIn = false;
    for (const l of changeListeners) l(false);
  } else if (e.data === 'signed-in' && !signedIn) {
    for (const l of changeListeners) l(true);
  }
});

export const dashboardSession = {
  /** Whether this page believes the session cookie is live (set after sign-in or a successful probe). */
  signedIn: (): boolean => signedIn,
  /** After sign-in, or a probe that found the cookie's session live. `announce`: tell the other tabs. */
  set(announce = false) {
    signedIn = true;
    if (announce) channel?.postMessage('signed-in');
  },
  /** The session is gone (signed out, reset, ended): forget it and tell the other tabs. */
  clear() {
    signedIn = false;
    channel?.postMessage('signed-out');
  },
  environment: (): Environment => (localStorage.getItem(ENV_KEY) === 'live' ? 'live' : 'test'),
  setEnvironment: (env: Environment) => localStorage.setItem(ENV_KEY, env),
  /** Called when the server ends the session under us (401 while signed in). */
  onExpired(listener: Listener): () => void {
    expiredListeners.add(listener);
    return () => expiredListeners.delete(listener);
  },
  /** Called when another tab signs in or out. */
  onOtherTab(listener: (signedIn: boolean) => void): () => void {
    changeListeners.add(listener);
    return () => changeListeners.delete(listener);
  },
};

/** Whether the session cookie (if any) holds a live session: GET /v1/me answers 200. */
export async function probeSession(): Promise<boolean> {
  const r = await fetch('/v1/me', {
    headers: { 'tender-environment': 'test' },
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (r.ok) dashboardSession.set();
  return r.ok;
}

const auth: Middleware = {
  onRequest({ request }) {
    request.headers.set('tender-environment', dashboardSession.environment());
    return request;
  },
  onResponse({ response }) {
    if (response.status === 401 && signedIn) {
      signedIn = false;
      for (const l of expiredListeners) l();
    }
    return response;
  },
};

export const gateway = gatewayClient('same-origin');
gateway.use(auth);

export { ok, type ResponseOf };

export type Me = ResponseOf<'/v1/me', 'get'>;
export type Permission = Me['permissions'][number];
export type PaymentList = ResponseOf<'/v1/payments', 'get'>;
export type Payment = PaymentList['data'][number];
export type PaymentStatus = Payment['status'];
export type ApiKey = ResponseOf<'/v1/api-keys', 'get'>['data'][number];
export type WebhookEndpoint = ResponseOf<'/v1/webhook-endpoints', 'get'>['data'][number];
export type WebhookDelivery = ResponseOf<'/v1/webhook-deliveries', 'get'>['data'][number];
export type AuditEvent = ResponseOf<'/v1/audit-events', 'get'>['data'][number];
export type RefundRequest = ResponseOf<'/v1/refund-requests/{id}', 'get'>;
export type PaymentLink = ResponseOf<'/v1/payment-links/{id}', 'get'>;
export type Invoice = ResponseOf<'/v1/invoices/{id}', 'get'>;
export type PublicIntent = ResponseOf<'/public/payment-intents/{id}', 'get'>;
export type WebhookEventType = NonNullable<
  paths['/v1/webhook-endpoints']['post']['requestBody']
>['content']['application/json']['enabled_events'][number];
