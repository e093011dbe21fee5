// POST /v1/invoices/{id}/void. Refused once the invoice is paid (409 INVOICE_PAID) and while official funds have
// arrived on its intent without paying it yet (409 INVOICE_PAYMENT_IN_PROGRESS: the customer's money is moving).
// Voiding makes the intent unpayable: its expires_at becomes now and it is re-derived in the same transaction
// (EXPIRED, with payment.expired). Funds sent afterwards are LATE_PAYMENT and recovered into the vault like any
// late funds; a transfer mined before the void but observed after it still counts (the chain decides), and then
// the invoice reads paid. Voiding a void invoice changes nothing.
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { unitsFromDb } from '../money/amount.ts';
import { money } from '../payments/model.ts';
import { recomputePayment } from '../payments/recompute.ts';
import { formatInvoiceNumber, invoiceStatusOf, type InvoiceRow } from './invoice.ts';
import { getInvoice } from './invoiceQueries.ts';
import type { Tenant } from '../tenant.ts';

export async function voidInvoice(ctx: GatewayContext, principal: Principal, id: string): Promise<InvoiceRow> {
  const t: Tenant = { merchantId: principal.merchantId, environment: principal.environment };
  return ctx.db.tx(async (tx) => {
    await getInvoice(ctx, t, id, tx);
    // Lock order: the intent first (as every recompute does), then the invoice.
    const [intent] = await tx.query<{ id: string; received_units: string }>(
      `select i.id, i.received_units from payment_intents i join invoices v on v.payment_intent_id = i.id
       where v.id = $1 for update of i`,
      [id],
    );
    await tx.query('select id from invoices where id = $1 for update', [id]);
    const row = await getInvoice(ctx, t, id, tx);
    const now = ctx.now();
    const status = invoiceStatusOf(row, now);
    if (status === 'paid') {
      throw new GatewayError('INVOICE_PAID', `Invoice ${formatInvoiceNumber(row.number)} is paid; it cannot be voided`);
    }
    if (row.voided_at) return row;
    const received = unitsFromDb(intent!.received_units);
    if (received > 0n) {
      throw new GatewayError(
        'INVOICE_PAYMENT_IN_PROGRESS',
        `Invoice ${formatInvoiceNumber(row.number)} has received ${money(received, row.decimals)} ${row.currency} of ` +
          `${money(row.total_units, row.decimals)}; it cannot be voided while the customer's funds are on their way`,
      );
    }
    await tx.query('update invoices set voided_at = $2, updated_at = $2 where id = $1', [id, now]);
    await tx.query(
      'update payment_intents set expires_at = least(expires_at, $2), opened = true, updated_at = $2 where id = $1',
      [row.payment_intent_id, now],
    );
    await recomputePayment(ctx, tx, row.payment_intent_id, { reason: 'invoice_voided', data: { invoice_id: id } });
    await audit(tx, {
      merchantId: t.merchantId,
      environment: t.environment,
      action: 'invoice.voided',
      actor: actorOf(principal),
      target: { type: 'invoice', id },
      data: { number: formatInvoiceNumber(row.number), payment_intent_id: row.payment_intent_id },
      at: now,
    });
    return getInvoice(ctx, t, id, tx);
  });
}
