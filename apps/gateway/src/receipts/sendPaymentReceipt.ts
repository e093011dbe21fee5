// The receipt job: mails the receipt recorded by receiptReaction.ts and marks it sent. A run that finds it sent (a
// duplicate job, a retry after the mark committed) sends nothing. The one window left is the relay accepting the
// message and the process dying before the mark commits: that run's retry sends it again (SMTP gives no way to ask
// whether a message was accepted), so the guarantee is one receipt per payment, at most one more after such a crash.
import { PermanentJobError, type QueueDefinition } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { displayAmount, unitsFromDb } from '../money/amount.ts';
import { receiptMail } from './receiptMail.ts';
import { PAYMENT_RECEIPT_QUEUE } from './receiptReaction.ts';

export async function sendPaymentReceipt(
  ctx: GatewayContext,
  paymentId: string,
): Promise<'sent' | 'already_sent' | 'unknown'> {
  const mailer = ctx.mailer;
  if (!mailer) throw new PermanentJobError('SMTP_URL is not configured: the customer receipt cannot be sent');
  const [r] = await ctx.db.query<{
    email: string;
    sent_at: Date | null;
    receipt_at: Date;
    environment: string;
    amount_units: string;
    decimals: number;
    currency: string;
    order_reference: string | null;
    description: string | null;
    business_name: string;
    support_email: string | null;
    support_url: string | null;
  }>(
    `select r.email, r.sent_at, r.created_at as receipt_at, i.environment,
            -- what the payment counts as paid for: an accepted underpayment's amount, else the amount asked
            coalesce(i.accepted_units, i.amount_units)::text as amount_units, i.decimals, i.currency,
            i.order_reference, i.description, m.business_name, m.support_email, m.support_url
       from payment_receipts r join payment_intents i on i.id = r.payment_id join merchants m on m.id = r.merchant_id
      where r.payment_id = $1`,
    [paymentId],
  );
  if (!r) return 'unknown';
  if (r.sent_at) return 'already_sent';
  await mailer.send(
    receiptMail({
      to: r.email,
      paymentId,
      businessName: r.business_name,
      supportEmail: r.support_email,
      supportUrl: r.support_url,
      amount: `${displayAmount(unitsFromDb(r.amount_units), r.decimals)} ${r.currency}`,
      orderReference: r.order_reference,
      description: r.description,
      paidAt: r.receipt_at,
      url: `${ctx.config.publicUrl}/checkout/${paymentId}`,
      livemode: r.environment === 'live',
    }),
  );
  await ctx.db.query('update payment_receipts set sent_at = $2 where payment_id = $1 and sent_at is null', [
    paymentId,
    ctx.now(),
  ]);
  return 'sent';
}

/** Job queue of customer receipts, for the gateway's job runner. */
export function receiptJobQueues(ctx: GatewayContext): Record<string, QueueDefinition> {
  return {
    [PAYMENT_RECEIPT_QUEUE]: {
      async handler(job) {
        const paymentId = (job.payload as { paymentId?: unknown } | null)?.paymentId;
        if (typeof paymentId !== 'string') throw new PermanentJobError('payment receipt job without paymentId');
        const outcome = await sendPaymentReceipt(ctx, paymentId);
        ctx.logger.info({ paymentId, outcome }, 'payment receipt job');
      },
    },
  };
}
