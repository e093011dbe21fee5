import type { Job, QueueDefinition } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../_test/smtpCapture.ts';
import { bearer, createTestGateway, signUp, type SignedUp, type TestGateway } from '../_test/testGateway.ts';
import type { Mailer } from '../email/mailer.ts';
import { createSmtpMailer } from '../email/smtpMailer.ts';
import { recomputePayment } from '../payments/recompute.ts';
import { PAYMENT_RECEIPT_QUEUE } from './receiptReaction.ts';
import { receiptJobQueues } from './sendPaymentReceipt.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`customer receipts (${db})`, () => {
  let g: TestGateway;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let shop: SignedUp;
  /** The relay refuses while `failing` is set (a crash or outage before the relay accepted the message). */
  let failing = false;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const real = createSmtpMailer({ url: smtp.url, from: 'Tender <no-reply@tender.test>' });
    const mailer: Mailer = {
      send: (m) => (failing ? Promise.reject(new Error('relay down')) : real.send(m)),
    };
    g = await createTestGateway({ mailer });
    shop = await signUp(g.app, { business_name: 'Receipt Roasters' });
    const r = await g.app.inject({
      method: 'PATCH',
      url: '/v1/account',
      headers: bearer(shop.token),
      payload: { support_email: 'help@roasters.example', support_url: 'https://roasters.example/help' },
    });
    expect(r.statusCode).toBe(200);
  });
  afterAll(async () => {
    await g?.close();
    await smtp?.close();
  });

  let n = 0;
  /** An intent of `shop` with a final on-time transfer covering it, not yet recomputed. */
  async function paidIntent(customerEmail: string | null, merchantId = shop.merchantId): Promise<string> {
    const id = `pi_rcpt${process.pid}x${++n}`;
    await g.db.query(
      `insert into payment_intents (id, merchant_id, environment, status, amount_units, currency, decimals,
         checkout_methods, expires_at, created_at, customer_email, description, order_reference)
       values ($1, $2, 'test', 'AWAITING_PAYMENT', 12500000, 'USDC', 6, '{}', now() + interval '1 hour', now(),
         $3, 'Two bags of beans', 'order-77')`,
      [id, merchantId, customerEmail],
    );
    await addTransfer(id, merchantId, n);
    return id;
  }
  async function addTransfer(id: string, merchantId: string, k: number): Promise<void> {
    await g.db.query(
      `insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
         official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
         final)
       values ('devnet', $1, $2, 'test', 'incoming', '0xdep', 'USDC', true, '0xfrom', '0xdep', 12500000, $3,
         $4, now(), $4, 0, true)`,
      [id, merchantId, k, `0xblock${process.pid}x${k}x${Math.random()}`],
    );
  }
  const recompute = (id: string) => g.db.tx((tx) => recomputePayment(g.ctx, tx, id, { reason: 'transfer_final' }));
  const receiptJobs = (id: string) =>
    g.db.query<{ id: string; payload: { paymentId: string } }>(
      `select id, payload from jobs where queue = $1 and payload->>'paymentId' = $2`,
      [PAYMENT_RECEIPT_QUEUE, id],
    );
  const runJob = (id: string) =>
    receiptJobQueues(g.ctx)[PAYMENT_RECEIPT_QUEUE]!.handler(
      {
        id: '1',
        queue: PAYMENT_RECEIPT_QUEUE,
        payload: { paymentId: id },
        attempts: 1,
        maxAttempts: 10,
      } as unknown as Job,
      {} as unknown as Parameters<QueueDefinition['handler']>[1],
    );
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to));

  it('the confirming transition records one receipt and enqueues one job; the job mails it once', async () => {
    const to = `buyer-${process.pid}-1@example.com`;
    const id = await paidIntent(to);
    const r = await recompute(id);
    expect(r?.derived.confirmed).toBe(true);
    // Nothing is sent inside the transition: only the row and the job.
    expect(mailsTo(to)).toHaveLength(0);
    expect(await receiptJobs(id)).toHaveLength(1);
    // A second recompute of the confirmed payment (a retried watcher poll) changes nothing.
    await recompute(id);
    expect(await receiptJobs(id)).toHaveLength(1);

    await runJob(id);
    await smtp.waitFor(to);
    // A duplicate run (a job retried after the mark committed) sends nothing.
    await runJob(id);
    await new Promise((res) => setTimeout(res, 200));
    const mails = mailsTo(to);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Receipt from Receipt Roasters: 12.50 USDC paid');
    expect(mail.text).toContain('Your payment to Receipt Roasters is confirmed.');
    expect(mail.text).toContain('Amount: 12.50 USDC');
    expect(mail.text).toContain('Order: order-77');
    expect(mail.text).toContain('For: Two bags of beans');
    expect(mail.text).toContain('help@roasters.example · https://roasters.example/help');
    expect(mail.text).toContain(`http://gateway.test/checkout/${id}`);
    expect(mail.text).toContain('test-mode payment');
    expect(mail.html).toContain('<b>Receipt Roasters</b>');
    const [row] = await g.db.query<{ sent_at: Date | null }>(
      'select sent_at from payment_receipts where payment_id = $1',
      [id],
    );
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  it('an accepted underpayment is receipted for the amount accepted, not the amount asked', async () => {
    const to = `buyer-${process.pid}-accepted@example.com`;
    const id = await paidIntent(to);
    // Asked 20.00, received the 12.50 of paidIntent's transfer, and the merchant accepted that.
    await g.db.query('update payment_intents set amount_units = 20000000, accepted_units = 12500000 where id = $1', [
      id,
    ]);
    expect((await recompute(id))?.derived.confirmed).toBe(true);
    await runJob(id);
    await smtp.waitFor(to);
    expect(mailsTo(to)[0]!.text).toContain('Amount: 12.50 USDC');
  });

  it('a send that fails is retried by the job and mails once when it succeeds', async () => {
    const to = `buyer-${process.pid}-2@example.com`;
    const id = await paidIntent(to);
    await recompute(id);
    failing = true;
    await expect(runJob(id)).rejects.toThrow('relay down');
    failing = false;
    const [row] = await g.db.query<{ sent_at: Date | null }>(
      'select sent_at from payment_receipts where payment_id = $1',
      [id],
    );
    expect(row?.sent_at).toBeNull();
    await runJob(id);
    await smtp.waitFor(to);
    await runJob(id);
    await new Promise((res) => setTimeout(res, 200));
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('no receipt without a customer_email, nor when the merchant turned receipts off', async () => {
    const none = await paidIntent(null);
    await recompute(none);
    expect(await receiptJobs(none)).toHaveLength(0);

    const settings = (payload: object) =>
      g.app.inject({ method: 'PATCH', url: '/v1/settlement-settings', headers: bearer(shop.token), payload });
    const get = await g.app.inject({ method: 'GET', url: '/v1/settlement-settings', headers: bearer(shop.token) });
    expect(get.json().customer_receipts).toBe(true);
    const off = await settings({ customer_receipts: false });
    expect([off.statusCode, off.json().customer_receipts]).toEqual([200, false]);
    const bad = await settings({ customer_receipts: 'no' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const id = await paidIntent(`buyer-${process.pid}-3@example.com`);
    await recompute(id);
    expect(await receiptJobs(id)).toHaveLength(0);
    expect((await settings({ customer_receipts: true })).json().customer_receipts).toBe(true);
    // The setting is per merchant: another merchant's payments still get theirs.
    const other = await signUp(g.app);
    const theirs = await paidIntent(`buyer-${process.pid}-4@example.com`, other.merchantId);
    await recompute(theirs);
    expect(await receiptJobs(theirs)).toHaveLength(1);
  });

  it('a payment confirmed again after a reversal (devnet reorg) gets no second receipt', async () => {
    const to = `buyer-${process.pid}-5@example.com`;
    const id = await paidIntent(to);
    await recompute(id);
    await g.db.query('update chain_transfers set final = false, removed = true where payment_id = $1', [id]);
    const undone = await recompute(id);
    expect(undone?.derived.confirmed).toBe(false);
    await addTransfer(id, shop.merchantId, 1000 + n);
    expect((await recompute(id))?.derived.confirmed).toBe(true);
    expect(await receiptJobs(id)).toHaveLength(1);
    const rows = await g.db.query('select 1 from payment_receipts where payment_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });
});
