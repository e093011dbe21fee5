// POST /v1/invoices/{id}/send: mails the invoice to its customer_email again, through the same job as the first
// mail (invoiceEmail.ts), so `delivery.email` goes queued -> sent or failed as it did then. Refused for a paid (409
// INVOICE_PAID) or void (409 INVOICE_VOID) invoice, while a mail is still queued (409 INVOICE_EMAIL_QUEUED: one mail
// at a time, a double click sends one), without a relay (503 EMAIL_UNAVAILABLE), and beyond the rate limit per
// invoice (429). The state change, the job and the audit event commit together.
import { enqueue, newId } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { enforceRateLimit, limitKey, type RateRule } from '../rateLimits/rateLimiter.ts';
import { tenantOf } from '../tenant.ts';
import { formatInvoiceNumber, invoiceStatusOf, type InvoiceRow } from './invoice.ts';
import { INVOICE_EMAIL_QUEUE } from './invoiceEmail.ts';
import { getInvoice } from './invoiceQueries.ts';

/** At most 5 resends of one invoice an hour: a customer is reminded, not flooded. */
export const INVOICE_RESEND_LIMIT: RateRule = { limit: 5, windowSeconds: 3600 };

export async function sendInvoice(ctx: GatewayContext, principal: Principal, id: string): Promise<InvoiceRow> {
  const t = tenantOf(principal);
  // 404 for another tenant's invoice before anything else is said about it.
  const before = await getInvoice(ctx, t, id);
  if (!ctx.mailer) {
    throw new GatewayError(
      'EMAIL_UNAVAILABLE',
      'This server cannot send email (no SMTP relay is configured: SMTP_URL); share the invoice url yourself',
    );
  }
  const number = formatInvoiceNumber(before.number);
  const now = ctx.now();
  await enforceRateLimit(ctx.db, limitKey('invoice_send', id), INVOICE_RESEND_LIMIT, now, 'sends of this invoice');
  return ctx.db.tx(async (tx) => {
    await tx.query('select id from invoices where id = $1 for update', [id]);
    const row = await getInvoice(ctx, t, id, tx);
    const status = invoiceStatusOf(row, now);
    if (status === 'paid') throw new GatewayError('INVOICE_PAID', `Invoice ${number} is paid; it is not sent again`);
    if (status === 'void') throw new GatewayError('INVOICE_VOID', `Invoice ${number} is void; it cannot be sent`);
    if (row.email_state === 'queued') {
      throw new GatewayError(
        'INVOICE_EMAIL_QUEUED',
        `Invoice ${number} already has a mail waiting for the relay; wait for delivery.email to say sent or failed`,
      );
    }
    await tx.query(`update invoices set email_state = 'queued', updated_at = $2 where id = $1`, [id, now]);
    const sendId = newId('isd');
    await enqueue(tx, {
      queue: INVOICE_EMAIL_QUEUE,
      payload: { invoiceId: id },
      idempotencyKey: `invoice_send:${sendId}`,
    });
    await audit(tx, {
      merchantId: t.merchantId,
      environment: t.environment,
      action: 'invoice.sent',
      actor: actorOf(principal),
      target: { type: 'invoice', id },
      data: { number, to: row.customer_email, previous_delivery: row.email_state },
      at: now,
    });
    return getInvoice(ctx, t, id, tx);
  });
}
