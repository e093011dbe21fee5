// The public API's response types, as the pages read them; they mirror the gateway's response schemas
// (apps/gateway/src/checkout/publicIntent.ts, the payment-link and invoice contracts). Types only: pure modules (the
// truth table) and Node tests import them without the browser client.

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
  /** The merchant's support contact (null when not given). */
  support_email: string | null;
  support_url: string | null;
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
  /** The merchant's support contact (null when not given). */
  support_email: string | null;
  support_url: string | null;
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
  /** The merchant's support contact (null when not given). */
  support_email: string | null;
  support_url: string | null;
  payment_intent_id: string | null;
  checkout_url: string | null;
  pdf_url: string | null;
  livemode: boolean;
}
