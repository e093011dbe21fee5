// invoice.paid: emitted once, in the transaction of the payment transition that makes the invoice paid (the intent
// entering the paid family, or late funds covering the total becoming final), from the transactional outbox like
// every event. data.object is the invoice as the API returns it. Called by payments/recompute.ts for intents that
// pay an invoice; the payment's own events (payment.confirmed, …) are emitted as for any intent.
import type { Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { unitsFromDb } from '../money/amount.ts';
import { emitEvent } from '../outbox/events.ts';
import { isConfirmedStatus, type PaymentStatus } from '../payments/status.ts';
import { INVOICE_COLUMNS, invoiceView, type InvoiceRow } from './invoice.ts';

const paidBy = (status: PaymentStatus, finalUnits: bigint, total: bigint) =>
  isConfirmedStatus(status) || (status === 'LATE_PAYMENT' && finalUnits >= total);

export async function emitInvoiceEvents(
  ctx: GatewayContext,
  tx: Sql,
  p: {
    invoiceId: string;
    from: PaymentStatus;
    fromFinalUnits: bigint;
    to: PaymentStatus;
    toFinalUnits: bigint;
    now: Date;
  },
): Promise<string[]> {
  const [row] = await tx.query<InvoiceRow>(
    `select ${INVOICE_COLUMNS} from invoices v join payment_intents i on i.id = v.payment_intent_id where v.id = $1`,
    [p.invoiceId],
  );
  if (!row) return [];
  const total = unitsFromDb(row.total_units);
  if (paidBy(p.from, p.fromFinalUnits, total) || !paidBy(p.to, p.toFinalUnits, total)) return [];
  const id = await emitEvent(tx, {
    merchantId: row.merchant_id,
    environment: row.environment,
    type: 'invoice.paid',
    paymentId: row.payment_intent_id,
    object: invoiceView(row, { publicUrl: ctx.config.publicUrl, now: p.now }),
    createdAt: p.now,
  });
  return [id];
}
