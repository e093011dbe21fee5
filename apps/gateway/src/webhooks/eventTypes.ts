// The event types of the spec ("Events"), which an endpoint may subscribe to. The gateway emits the payment.* and
// settlement.* types (payments/status.ts transitionEvents) and refund.* (refunds/); payout.* come with that
// feature, and an endpoint may subscribe to them ahead of time.
import type { PaymentEventType } from '../payments/status.ts';
import type { RefundEventType } from '../refunds/refundStatus.ts';

/** Emitted today: every transition event of a payment and of a refund request. */
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
  // Corrections: the devnet lost the blocks behind an earlier event (payments/status.ts).
  'payment.reversed',
  'settlement.reversed',
  'refund.requested',
  'refund.completed',
] as const satisfies readonly (PaymentEventType | RefundEventType)[];

export const WEBHOOK_EVENT_TYPES = [
  ...EMITTED_EVENT_TYPES,
  // An invoice became paid (invoices/invoiceEvents.ts); data.object is the invoice.
  'invoice.paid',
  'payout.requested',
  'payout.confirmed',
  'payout.switched_to_vault',
  'payout.cancelled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** `enabled_events: ['*']` subscribes to every type, present and future. */
export const ALL_EVENTS = '*';

/** The dated API version stamped on every event body (the OpenAPI description's version). */
export const EVENT_API_VERSION = '2026-10-01';
