// The one client of the public API the pages use. Types mirror the gateway's response schemas
// (apps/gateway/src/checkout/publicIntent.ts, the payment-link and invoice contracts); every failure becomes an
// ApiError carrying the API's own code and message, which the pages show as they are.

export type PaymentStatus =
  | 'CREATED'
  | 'AWAITING_PAYMENT'
  | 'DETECTED'
  | 'CONFIRMING'
  | 'PAID'
  | 'OVERPAID'
  | 'SETTLEMENT_PENDING'
  | 'SETTLED'
  | 'EXPIRED'
  | 'UNDERPAID'
  | 'LATE_PAYMENT'
  | 'INVALID_ASSET'
  | 'SETTLEMENT_FAILED'
  | 'REFUND_REQUESTED'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED';

export type CheckoutMethod = 'WALLET' | 'ADDRESS';

export interface PublicNetwork {
  network: string;
  name: string;
  chain_id: number;
  token_symbol: string;
  token_address: `0x${string}`;
  token_decimals: number;
  deposit_address: `0x${string}`;
  wallet_checkout_supported: boolean;
  confirmations_required: number;
  rpc_url: string | null;
  explorer_url: string | null;
}

export interface PublicTransfer {
  network: string;
  tx_hash: string;
  token_address: string;
  official: boolean;
  amount_units: string;
  block_number: number;
  confirmations: number;
  final: boolean;
  late: boolean;
}

export interface PublicIntent {
  id: string;
  status: PaymentStatus;
  amount: string;
  amount_units: string;
  currency: string;
  decimals: number;
  description: string | null;
  order_reference: string | null;
  business_name: string;
  livemode: boolean;
  expires_at: string;
  checkout_methods: CheckoutMethod[];
  success_url: string | null;
  cancel_url: string | null;
  amount_received: string;
  amount_received_units: string;
  amount_remaining: string;
  amount_remaining_units: string;
  /** Final official funds above the amount (OVERPAID); the merchant may refund it. */
  amount_excess: string;
  amount_excess_units: string;
  /** Refunds completed on chain back to the customer. */
  amount_refunded: string;
  amount_refunded_units: string;
  networks: PublicNetwork[];
  latest_transfer: PublicTransfer | null;
  foreign_transfers: PublicTransfer[];
  server_time: string;
}

export interface PublicPaymentLink {
  id: string;
  object: 'payment_link';
  active: boolean;
  name: string;
  description: string | null;
  amount: string;
  amount_units: string;
  currency: string;
  networks: string[];
  checkout_methods: CheckoutMethod[];
  business_name: string;
  livemode: boolean;
}

export interface InvoiceLineItem {
  description: string;
  quantity: number;
  unit_amount: string;
  unit_amount_units: string;
  amount: string;
  amount_units: string;
}

export interface PublicInvoice {
  id: string;
  object: 'invoice';
  number: string;
  status: string;
  customer_name: string | null;
  memo: string | null;
  currency: string;
  line_items: InvoiceLineItem[];
  total: string;
  total_units: string;
  due_date: string | null;
  business_name: string;
  payment_intent_id: string | null;
  checkout_url: string | null;
  pdf_url: string | null;
  livemode: boolean;
}

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
  paymentLink: (id: string) => call<PublicPaymentLink>('GET', `/public/payment-links/${seg(id)}`),
  startLinkPayment: (id: string) =>
    call<{ payment_intent_id: string; checkout_url: string }>('POST', `/public/payment-links/${seg(id)}/intents`, {}),
  invoice: (id: string) => call<PublicInvoice>('GET', `/public/invoices/${seg(id)}`),
  confirmEmail: (token: string) =>
    call<{ status: 'verified'; purpose: 'verify' | 'change'; email: string }>('POST', '/public/auth/email/confirm', {
      token,
    }),
};
