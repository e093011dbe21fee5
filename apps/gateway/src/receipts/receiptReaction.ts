// The receipt's plug into the payment hub (runtime.ts, registerPlugs): when a recompute takes a payment into the
// paid family (payment.confirmed) and the payment has a customer_email, and the merchant has not turned receipts off
// for the environment, it records the receipt (one row per payment: the payment id is the key) and enqueues the job
// that mails it, in the transition's own transaction. Nothing is sent here: the mail goes out from the job, after
// the transition committed, and a second confirmation of the same payment (a reorg and the funds again, a retried
// recompute) finds the row and enqueues nothing.
// The gateway's one import point of the platform job runner (see email/emailLinks.ts).
import { enqueue, type Sql } from '@tender/platform';
import type { PaymentTransitionReaction } from '../payments/paymentPlugs.ts';

/** Queue of the job that mails a customer receipt (receiptsFeature.ts). */
export const PAYMENT_RECEIPT_QUEUE = 'gateway.payment_receipt';

/** Whether the merchant mails receipts in this environment (on unless turned off). */
export async function receiptsEnabled(sql: Sql, merchantId: string, environment: string): Promise<boolean> {
  const [row] = await sql.query<{ on: boolean }>(
    'select customer_receipts as on from merchant_payment_settings where merchant_id = $1 and environment = $2',
    [merchantId, environment],
  );
  return row?.on ?? true;
}

export function receiptReaction(): PaymentTransitionReaction {
  return async (tx, t) => {
    const email = t.intent.customer_email;
    if (!email || t.fromConfirmed || !t.derived.confirmed) return [];
    if (!(await receiptsEnabled(tx, t.intent.merchant_id, t.intent.environment))) return [];
    const inserted = await tx.query(
      `insert into payment_receipts (payment_id, merchant_id, email, created_at) values ($1, $2, $3, $4)
       on conflict (payment_id) do nothing returning payment_id`,
      [t.intent.id, t.intent.merchant_id, email, t.now],
    );
    if (inserted.length > 0) {
      await enqueue(tx, {
        queue: PAYMENT_RECEIPT_QUEUE,
        payload: { paymentId: t.intent.id },
        idempotencyKey: `payment_receipt:${t.intent.id}`,
      });
    }
    return [];
  };
}
