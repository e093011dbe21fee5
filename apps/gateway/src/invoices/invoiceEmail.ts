// The invoice mail: a job enqueued with the invoice (transactional outbox), sent through the configured SMTP
// mailer. Its outcome is data on the invoice (`delivery.email`): queued -> sent, or failed once the relay refused
// on the last attempt, or skipped when the invoice was voided or paid before the job ran (a customer never gets a
// request to pay what no longer needs paying).
import { PermanentJobError, type Job, type QueueDefinition } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { escapeHtml as escape } from '../email/escapeHtml.ts';
import type { OutgoingMail } from '../email/mailer.ts';
import { displayAmount, unitsFromDb } from '../money/amount.ts';
import { formatInvoiceNumber, invoiceStatusOf, type InvoiceRow } from './invoice.ts';
import { renderInvoicePdf } from './invoicePdf.ts';
import { getInvoiceById } from './invoiceQueries.ts';

export const INVOICE_EMAIL_QUEUE = 'gateway.invoice_email';

export function invoiceMail(row: InvoiceRow, p: { businessName: string; publicUrl: string }): OutgoingMail {
  const number = formatInvoiceNumber(row.number);
  const total = `${displayAmount(unitsFromDb(row.total_units), row.decimals)} ${row.currency}`;
  const due = row.due_at.toISOString().slice(0, 10);
  const url = `${p.publicUrl}/invoice/${row.id}`;
  const pdf = `${p.publicUrl}/public/invoices/${row.id}/pdf`;
  const lines = row.line_items.map(
    (li) =>
      `  ${li.quantity} × ${li.description}: ${displayAmount(unitsFromDb(li.amount_units), row.decimals)} ${row.currency}`,
  );
  const text = [
    `${p.businessName} sent you invoice ${number} for ${total}, due ${due}.`,
    '',
    ...lines,
    '',
    `Total: ${total}`,
    ...(row.memo ? ['', row.memo] : []),
    '',
    `View and pay: ${url}`,
    `PDF: ${pdf}`,
  ].join('\n');
  const html =
    `<p>${escape(p.businessName)} sent you invoice <b>${escape(number)}</b> for <b>${escape(total)}</b>, due ` +
    `${escape(due)}.</p><ul>${row.line_items
      .map(
        (li) =>
          `<li>${li.quantity} × ${escape(li.description)}: ${escape(displayAmount(unitsFromDb(li.amount_units), row.decimals))} ${row.currency}</li>`,
      )
      .join('')}</ul>${row.memo ? `<p>${escape(row.memo)}</p>` : ''}` +
    `<p><a href="${escape(url)}">View and pay invoice ${escape(number)}</a> · <a href="${escape(pdf)}">PDF</a></p>`;
  return {
    to: row.customer_email,
    subject: `Invoice ${number} from ${p.businessName}: ${total} due ${due}`,
    text,
    html,
  };
}

export async function sendInvoiceEmail(ctx: GatewayContext, job: Job<{ invoiceId?: unknown }>): Promise<string> {
  const id = job.payload?.invoiceId;
  if (typeof id !== 'string') throw new PermanentJobError('invoice email job without invoiceId');
  const mailer = ctx.mailer;
  if (!mailer) throw new PermanentJobError('SMTP_URL is not configured: the invoice cannot be mailed');
  const { row, businessName } = await getInvoiceById(ctx, id);
  const status = invoiceStatusOf(row, ctx.now());
  if (status === 'void' || status === 'paid') {
    await ctx.db.query(`update invoices set email_state = 'skipped', updated_at = $2 where id = $1`, [id, ctx.now()]);
    return `skipped (${status})`;
  }
  try {
    const publicUrl = ctx.config.publicUrl;
    // The PDF travels with the mail, rendered from the same row as the page and the PDF link.
    const pdf = await renderInvoicePdf(row, { businessName, publicUrl, now: ctx.now() });
    await mailer.send({
      ...invoiceMail(row, { businessName, publicUrl }),
      attachments: [
        { filename: `invoice-${formatInvoiceNumber(row.number)}.pdf`, contentType: 'application/pdf', content: pdf },
      ],
    });
  } catch (err) {
    if (job.attempts >= job.maxAttempts) {
      await ctx.db.query(`update invoices set email_state = 'failed', updated_at = $2 where id = $1`, [id, ctx.now()]);
    }
    throw err;
  }
  await ctx.db.query(`update invoices set email_state = 'sent', emailed_at = $2, updated_at = $2 where id = $1`, [
    id,
    ctx.now(),
  ]);
  return 'sent';
}

export function invoiceJobQueues(ctx: GatewayContext): Record<string, QueueDefinition> {
  return {
    [INVOICE_EMAIL_QUEUE]: {
      async handler(job) {
        const outcome = await sendInvoiceEmail(ctx, job as Job<{ invoiceId?: unknown }>);
        ctx.logger.info(
          { invoiceId: (job.payload as { invoiceId?: unknown }).invoiceId, outcome },
          'invoice email job',
        );
      },
    },
  };
}
