// invoice.paid: emitted once, in the transaction of the payment transition that makes the invoice paid (the intent
// entering the paid family, or - unless the invoice is void - late funds covering the total becoming final), from
// the transactional outbox like every event, and never twice for one invoice. data.object is the invoice as the API returns it. Called by payments/recompute.ts (invoiceReaction, plugged in
// by runtime.ts) for intents that pay an invoice; the payment's own events (payment.confirmed, …) are emitted as for any intent.
import type { Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { unitsFromDb } from '../money/amount.ts';
import { emitEvent } from '../outbox/events.ts';
import type { PaymentTransitionReaction } from '../payments/paymentPlugs.ts';
import { deriveInvoiceStatus } from './invoiceStatus.ts';
import { INVOICE_COLUMNS, invoiceView, type InvoiceRow } from './invoice.ts';

export async function emitInvoiceEvents(
  ctx: GatewayContext,
  tx: Sql,
  p: {
    invoiceId: string;
    fromPaid: boolean;
    fromFinalUnits: bigint;
    toPaid: boolean;
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
  const facts = { totalUnits: total, dueAt: row.due_at, voided: row.voided_at !== null };
  const was = deriveInvoiceStatus({ ...facts, intentConfirmed: p.fromPaid, intentFinalUnits: p.fromFinalUnits }, p.now);
  const is = deriveInvoiceStatus({ ...facts, intentConfirmed: p.toPaid, intentFinalUnits: p.toFinalUnits }, p.now);
  if (was === 'paid' || is !== 'paid') return [];
  // Once per invoice: a reversal (devnet) and the payment again must not make a receiver fulfil it twice.
  const [sent] = await tx.query('select 1 from gateway_events where payment_id = $1 and type = $2 limit 1', [
    row.payment_intent_id,
    'invoice.paid',
  ]);
  if (sent) return [];
  const id = await emitEvent(ctx, tx, {
    merchantId: row.merchant_id,
    environment: row.environment,
    type: 'invoice.paid',
    paymentId: row.payment_intent_id,
    object: invoiceView(row, { publicUrl: ctx.config.publicUrl, now: p.now }),
    createdAt: p.now,
  });
  return [id];
}

/** The invoice's reaction to a payment transition (plugged into the payment hub by runtime.ts, registerPlugs). */
export function invoiceReaction(ctx: GatewayContext): PaymentTransitionReaction {
  return async (tx, t) =>
    t.intent.invoice_id && t.changed
      ? emitInvoiceEvents(ctx, tx, {
          invoiceId: t.intent.invoice_id,
          fromPaid: t.fromConfirmed,
          fromFinalUnits: t.fromFinalUnits,
          toPaid: t.derived.confirmed,
          toFinalUnits: t.derived.finalUnits,
          now: t.now,
        })
      : [];
}
