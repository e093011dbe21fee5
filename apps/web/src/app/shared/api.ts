// The one way the gateway's UIs call it: openapi-fetch over the SDK's types generated from the gateway's own OpenAPI
// document, so every path, query, body and response is checked at compile time. `publicApi` is the public pages'
// client (checkout, link, invoice, email confirmation: no credentials); the dashboard's client sends its session
// cookie (merchant/dashboard/dashboardApi.ts). Every failure becomes an ApiError carrying the API's own code, message and field
// details, which the pages show as they are.
import createClient from 'openapi-fetch';
import { ApiError, type FieldError } from './apiError.ts';
import type { paths } from './apiTypes.ts';

export type * from './apiTypes.ts';
export { ApiError, type FieldError } from './apiError.ts';

interface ErrorBody {
  error?: { code?: string; message?: string; details?: FieldError[] };
}

/** The response body of a successful call, or an ApiError in the API's own words. */
export async function ok<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R>,
): Promise<NonNullable<R['data']>> {
  let r: R;
  try {
    r = await call;
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server; check your connection');
  }
  if (r.response.ok && r.data !== undefined && r.data !== null) return r.data as NonNullable<R['data']>;
  const e = (r.error as ErrorBody | undefined)?.error;
  throw new ApiError(
    r.response.status,
    e?.code ?? 'HTTP_ERROR',
    e?.message ?? `The server answered ${r.response.status}`,
    e?.details ?? [],
  );
}

/**
 * A client of the gateway at the page's own origin. Public pages send no cookie (`omit`); the dashboard's client
 * sends and receives its HttpOnly session cookie (`same-origin`).
 */
export function gatewayClient(credentials: 'omit' | 'same-origin' = 'omit') {
  return createClient<paths>({
    baseUrl: typeof location === 'undefined' ? '' : location.origin,
    credentials,
    cache: 'no-store',
  });
}

export const publicApi = gatewayClient();

const byId = (id: string) => ({ params: { path: { id } } });

export const api = {
  paymentIntent: (id: string) => ok(publicApi.GET('/public/payment-intents/{id}', byId(id))),
  openPaymentIntent: (id: string, network?: string) =>
    ok(publicApi.POST('/public/payment-intents/{id}/open', { ...byId(id), body: network ? { network } : {} })),
  checkoutEmbedding: (id: string, origin: string) =>
    ok(
      publicApi.GET('/public/payment-intents/{id}/embedding', {
        params: { path: { id }, query: { origin } },
      }),
    ),
  paymentLink: (id: string) => ok(publicApi.GET('/public/payment-links/{id}', byId(id))),
  startLinkPayment: (id: string) => ok(publicApi.POST('/public/payment-links/{id}/intents', { ...byId(id), body: {} })),
  invoice: (id: string) => ok(publicApi.GET('/public/invoices/{id}', byId(id))),
  confirmEmail: (token: string) => ok(publicApi.POST('/public/auth/email/confirm', { body: { token } })),
};
