// The event types an endpoint may subscribe to: the spec's list ("Events") as far as the gateway has the facts behind
// it, and the gateway's own additions (refund.cancelled, the reversals, invoice.paid). What sends each, and the order a
// receiver sees, is docs/events.md. The payment.* and settlement.* types are decided by payments/paymentFacts.ts
// (one event per fact), refund.* by refunds/. The spec's payout.* types are left out until a payout feature sends
// them: a subscription to a type that is never sent would promise what does not exist.
import type { PaymentEventType } from '../payments/paymentFacts.ts';
import type { RefundEventType } from '../refunds/refundStatus.ts';

/** Every event of a payment and of a refund request. */
export const EMITTED_EVENT_TYPES = [
  'payment.detected',
  'payment.confirmed',
  'payment.completed',
  'payment.underpaid',
  'payment.overpaid',
  'payment.expired',
  'payment.late',
  'payment.invalid_asset',
  'settlement.submitted',
  'settlement.completed',
  'settlement.failed',
  // Corrections: a reorg or a devnet that lost blocks took back a fact announced before (payments/paymentFacts.ts).
  'payment.reversed',
  'settlement.reversed',
  'refund.requested',
  'refund.cancelled',
  'refund.completed',
  // The merchant accepted an underpayment (resolutions/acceptUnderpayment.ts); payment.confirmed follows.
  'payment.underpayment_accepted',
] as const satisfies readonly (PaymentEventType | RefundEventType | 'payment.underpayment_accepted')[];

export const WEBHOOK_EVENT_TYPES = [
  ...EMITTED_EVENT_TYPES,
  // An invoice became paid (invoices/invoiceEvents.ts); data.object is the invoice.
  'invoice.paid',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `enabled_events: ['*']` subscribes to every type, present and future. */
export const ALL_EVENTS = '*';

/** The dated API version stamped on every event body (the OpenAPI description's version). */
export const EVENT_API_VERSION = '2026-10-01';
