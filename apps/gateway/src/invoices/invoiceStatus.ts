// Invoice status: a pure function of facts, like a payment's (payments/status.ts). Nothing stores it; every read
// derives it from the invoice's own facts (voided_at, due_at), its payment intent's derived status and the clock.
//
//   paid     the intent's final funds covered the total on time (it was confirmed: the paid family, or a refund
//            state over it), or - unless the invoice is void - funds covering the total became final after the
//            due date (LATE_PAYMENT, or a refund state over it): the customer paid, late. Money received is never
//            hidden, but a void invoice stays void: funds sent after the void are late funds of a closed payment
//            (recovered into the vault, payment.late), never its payment.
//   void     the merchant voided it (refused once paid, or while a payment is in flight); its intent expired then
//   overdue  not paid, not void, and the clock is at or past due_at (the intent stays payable until then; funds
//            after it arrive as LATE_PAYMENT and, when they cover the total, make the invoice paid)
//   open     otherwise: issued and awaiting payment
//
// Transitions: open -> paid | overdue | void; overdue -> paid | void; void -> paid (only by funds mined before the
// void and observed after it, see voidInvoice); paid is final.

export const INVOICE_STATUSES = ['open', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export interface InvoiceFacts {
  totalUnits: bigint;
  dueAt: Date;
  voided: boolean;
  /** The intent's final on-time funds covered the amount (payment_intents.confirmed). */
  intentConfirmed: boolean;
  /** Official funds final on the intent (on time or late). */
  intentFinalUnits: bigint;
}

export function deriveInvoiceStatus(f: InvoiceFacts, now: Date): InvoiceStatus {
  if (f.intentConfirmed) return 'paid';
  if (f.voided) return 'void';
  if (f.totalUnits > 0n && f.intentFinalUnits >= f.totalUnits) return 'paid';
  if (now.getTime() >= f.dueAt.getTime()) return 'overdue';
  return 'open';
}

/** The same rule in SQL over `invoices v join payment_intents i` (listing by status). */
export const INVOICE_PAID_SQL = `(i.confirmed or (v.voided_at is null and i.final_units >= v.total_units))`;
