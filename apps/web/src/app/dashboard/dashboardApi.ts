// The dashboard's one client of the gateway API: openapi-fetch over the SDK's types generated from the gateway's own
// OpenAPI document (packages/sdk/src/openapi.ts), so every path, query, body and typed response is checked at compile
// time.
// Every request carries the session and the chosen environment (Tender-Environment); every failure becomes an
// ApiError with the API's code, message and field details. A 401 on a signed-in request means the session ended
// (expired, idle, signed out elsewhere): the session is dropped and the shell goes back to sign-in saying so.
import type { Middleware } from 'openapi-fetch';
import { gatewayClient, ok, type ResponseOf } from '../shared/api.ts';
import type { paths } from '../shared/apiTypes.ts';

export type Environment = 'test' | 'live';

/** The session lives in sessionStorage: it ends with the tab, and another tab signs in on its own. */
const SESSION_KEY = 'tender.dashboardSession';
const ENV_KEY = 'tender.dashboardEnvironment';

type Listener = () => void;
const expiredListeners = new Set<Listener>();

export const dashboardSession = {
  get: (): string | null => sessionStorage.getItem(SESSION_KEY),
  set: (token: string) => sessionStorage.setItem(SESSION_KEY, token),
  clear: () => sessionStorage.removeItem(SESSION_KEY),
  environment: (): Environment => (sessionStorage.getItem(ENV_KEY) === 'live' ? 'live' : 'test'),
  setEnvironment: (env: Environment) => sessionStorage.setItem(ENV_KEY, env),
  /** Called when the server ends the session under us (401 on a request that carried it). */
  onExpired(listener: Listener): () => void {
    expiredListeners.add(listener);
    return () => expiredListeners.delete(listener);
  },
};

const auth: Middleware = {
  onRequest({ request }) {
    const token = dashboardSession.get();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
    request.headers.set('tender-environment', dashboardSession.environment());
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 401 && request.headers.has('authorization')) {
      dashboardSession.clear();
      for (const l of expiredListeners) l();
    }
    return response;
  },
};

export const gateway = gatewayClient();
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
