// The one client of the public API the pages use. Types mirror the gateway's response schemas
// (apps/gateway/src/checkout/publicIntent.ts, the payment-link and invoice contracts); every failure becomes an
// ApiError carrying the API's own code and message, which the pages show as they are.

import type { PaymentStatus, PublicIntent, PublicInvoice, PublicPaymentLink } from './apiTypes.ts';

export type * from './apiTypes.ts';

/** One failing field of a VALIDATION_FAILED answer (`path` as the API names it: `amount`, `line_items[0].unit_amount`). */
export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly FieldError[] = [],
  ) {
    super(message);
  }
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
      credentials: 'omit',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server; check your connection');
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: handled below
  }
  if (!res.ok) {
    const err = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(res.status, err?.code ?? 'HTTP_ERROR', err?.message ?? `The server answered ${res.status}`);
  }
  return json as T;
}

const seg = (id: string) => encodeURIComponent(id);

export const api = {
  paymentIntent: (id: string) => call<PublicIntent>('GET', `/public/payment-intents/${seg(id)}`),
  openPaymentIntent: (id: string, network?: string) =>
    call<{ id: string; status: PaymentStatus }>(
      'POST',
      `/public/payment-intents/${seg(id)}/open`,
      network ? { network } : {},
    ),
  checkoutEmbedding: (id: string, origin: string) =>
    call<{ allowed: boolean }>(
      'GET',
      `/public/payment-intents/${seg(id)}/embedding?origin=${encodeURIComponent(origin)}`,
    ),
  paymentLink: (id: string) => call<PublicPaymentLink>('GET', `/public/payment-links/${seg(id)}`),
  startLinkPayment: (id: string) =>
    call<{ payment_intent_id: string; checkout_url: string }>('POST', `/public/payment-links/${seg(id)}/intents`, {}),
  invoice: (id: string) => call<PublicInvoice>('GET', `/public/invoices/${seg(id)}`),
  confirmEmail: (token: string) =>
    call<{ status: 'verified'; purpose: 'verify' | 'change'; email: string }>('POST', '/public/auth/email/confirm', {
      token,
    }),
};
