// Invoice status: a pure function of facts, like a payment's (payments/status.ts). Nothing stores it; every read
// derives it from the invoice's own facts (voided_at, due_at), its payment intent's derived status and the clock.
//
//   paid     the intent's final funds covered the total on time: it is in the paid family (PAID, OVERPAID,
//            SETTLEMENT_*, SETTLED, refund states), or funds covering the total became final after the due date
//            (LATE_PAYMENT): the customer paid, late. Paid wins over everything: money received is never hidden.
//   void     the merchant voided it (refused once paid, or while a payment is in flight); its intent expired then
//   overdue  not paid, not void, and the clock is at or past due_at (the intent stays payable until then; funds
//            after it arrive as LATE_PAYMENT and, when they cover the total, make the invoice paid)
//   open     otherwise: issued and awaiting payment
//
// Transitions: open -> paid | overdue | void; overdue -> paid | void; void -> paid (only by funds that were already
// on their way, see voidInvoice); paid is final.
import { isConfirmedStatus, type PaymentStatus } from '../payments/status.ts';

export const INVOICE_STATUSES = ['open', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface InvoiceFacts {
  totalUnits: bigint;
  dueAt: Date;
  voided: boolean;
  intentStatus: PaymentStatus;
  /** Official funds final on the intent (on time or late). */
  intentFinalUnits: bigint;
}

export function deriveInvoiceStatus(f: InvoiceFacts, now: Date): InvoiceStatus {
  if (isConfirmedStatus(f.intentStatus)) return 'paid';
  if (f.intentStatus === 'LATE_PAYMENT' && f.intentFinalUnits >= f.totalUnits) return 'paid';
  if (f.voided) return 'void';
  if (now.getTime() >= f.dueAt.getTime()) return 'overdue';
  return 'open';
}
