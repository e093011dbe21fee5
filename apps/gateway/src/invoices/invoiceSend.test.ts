// POST /v1/invoices/{id}/send over HTTP with a real SMTP relay (the capture harness): a resend goes through the
// invoice mail job again (delivery.email queued -> sent), one mail at a time, never for a paid or void invoice, rate
// limited per invoice, audited, tenant isolated; and a server without a relay says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_VAULT, offlineRegistry } from '../_test/devnetRegistry.ts';
import { startSmtpCapture } from '../_test/smtpCapture.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  insertVault,
  markEmailVerified,
  signUp,
  type TestGateway,
} from '../_test/testGateway.ts';
import type { Mailer } from '../email/mailer.ts';
import { createSmtpMailer } from '../email/smtpMailer.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`invoice resend (${db})`, () => {
  let gw: TestGateway;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let owner: string;
  let readOnly: string;
  let other: string;
  /** The relay refuses while set (the invoice mail then ends failed after its attempts). */
  let failing = false;

  async function merchantWithVault(business: string) {
    const s = await signUp(gw.app, { business_name: business });
    await markEmailVerified(gw.db, s.userId);
    await insertVault(gw.db, s.merchantId, DEVNET_VAULT);
    return s;
  }
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    const real = createSmtpMailer({ url: smtp.url, from: 'Tender <no-reply@tender.test>' });
    const mailer: Mailer = { send: (m) => (failing ? Promise.reject(new Error('relay down')) : real.send(m)) };
    gw = await createTestGateway({ mailer, jobs: true });
    gw.ctx.networkRegistry = offlineRegistry();
    owner = (await merchantWithVault('Resend Ltd')).token;
    readOnly = (await createKey(gw.app, owner, { role: 'read_only' })).secret;
    other = (await merchantWithVault('Elsewhere')).token;
  });
  afterAll(async () => {
    await gw?.close();
    await smtp?.close();
  });

  let seq = 0;
  const create = async () => {
    const customer_email = `resend-${process.pid}-${++seq}@example.com`;
    const r = await gw.app.inject({
      method: 'POST',
      url: '/v1/invoices',
      headers: bearer(owner),
      payload: { customer_name: 'Ada', customer_email, line_items: [{ description: 'Work', unit_amount: '40' }] },
    });
    expect(r.statusCode).toBe(201);
    return { id: r.json().id as string, to: customer_email };
  };
  const send = (id: string, token = owner) =>
    gw.app.inject({ method: 'POST', url: `/v1/invoices/${id}/send`, headers: bearer(token) });
  const delivery = async (id: string) =>
    (await gw.app.inject({ method: 'GET', url: `/v1/invoices/${id}`, headers: bearer(owner) })).json().delivery.email;
  const until = async (id: string, state: string) => {
    for (let i = 0; i < 200 && (await delivery(id)) !== state; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await delivery(id)).toBe(state);
  };
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to)).length;

  it('mails the invoice again: queued, then sent; a second click while queued is refused; audited', async () => {
    const inv = await create();
    await until(inv.id, 'sent');
    expect(mailsTo(inv.to)).toBe(1);
    const r = await send(inv.id);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: inv.id, delivery: { email: expect.stringMatching(/^(queued|sent)$/) } });
    await until(inv.id, 'sent');
    for (let i = 0; i < 100 && mailsTo(inv.to) < 2; i++) await new Promise((res) => setTimeout(res, 50));
    expect(mailsTo(inv.to)).toBe(2);
    await gw.db.query(`update invoices set email_state = 'queued' where id = $1`, [inv.id]);
    const twice = await send(inv.id);
    expect([twice.statusCode, twice.json().error.code]).toEqual([409, 'INVOICE_EMAIL_QUEUED']);
    await gw.db.query(`update invoices set email_state = 'sent' where id = $1`, [inv.id]);
    const audit = (await gw.app.inject({ method: 'GET', url: '/v1/audit-events', headers: bearer(owner) })).json();
    const sent = audit.data.filter((e: { action: string; target?: { id: string } }) => e.action === 'invoice.sent');
    expect(sent).toHaveLength(1);
    expect(sent[0].data).toMatchObject({ to: inv.to, previous_delivery: 'sent' });
  });

  it('a failed delivery can be sent again and ends sent', async () => {
    failing = true;
    const inv = await create();
    // The first mail fails on every attempt: the job's last attempt marks it failed.
    await gw.db.query(
      `update jobs set max_attempts = 1 where queue = 'gateway.invoice_email' and payload->>'invoiceId' = $1`,
      [inv.id],
    );
    await until(inv.id, 'failed');
    failing = false;
    expect((await send(inv.id)).statusCode).toBe(200);
    await until(inv.id, 'sent');
  });

  it('refuses void and paid invoices, read-only keys, other tenants; limits resends per invoice', async () => {
    const inv = await create();
    await until(inv.id, 'sent');
    const ro = await send(inv.id, readOnly);
    expect([ro.statusCode, ro.json().error.code]).toEqual([403, 'PERMISSION_DENIED']);
    const theirs = await send(inv.id, other);
    expect([theirs.statusCode, theirs.json().error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    const missing = await send('inv_nope');
    expect(missing.statusCode).toBe(404);
    for (let i = 0; i < 5; i++) {
      const r = await send(inv.id);
      expect(r.statusCode).toBe(200);
      await until(inv.id, 'sent');
    }
    const limited = await send(inv.id);
    expect([limited.statusCode, limited.json().error.code]).toEqual([429, 'RATE_LIMITED']);

    const paid = await create();
    await until(paid.id, 'sent');
    await gw.db.query(
      `update payment_intents set confirmed = true where id = (select payment_intent_id from invoices where id = $1)`,
      [paid.id],
    );
    const p = await send(paid.id);
    expect([p.statusCode, p.json().error.code]).toEqual([409, 'INVOICE_PAID']);

    const voided = await create();
    await until(voided.id, 'sent');
    expect(
      (await gw.app.inject({ method: 'POST', url: `/v1/invoices/${voided.id}/void`, headers: bearer(owner) }))
        .statusCode,
    ).toBe(200);
    const v = await send(voided.id);
    expect([v.statusCode, v.json().error.code]).toEqual([409, 'INVOICE_VOID']);
  });
});

describe(`invoice resend without a relay (${db})`, () => {
  it('503 EMAIL_UNAVAILABLE and the invoice stays not_configured', async () => {
    const gw = await createTestGateway({ mailer: null });
    try {
      gw.ctx.networkRegistry = offlineRegistry();
      const s = await signUp(gw.app);
      await markEmailVerified(gw.db, s.userId);
      await insertVault(gw.db, s.merchantId, DEVNET_VAULT);
      const c = await gw.app.inject({
        method: 'POST',
        url: '/v1/invoices',
        headers: bearer(s.token),
        payload: {
          customer_name: 'Bo',
          customer_email: 'x@example.com',
          line_items: [{ description: 'A', unit_amount: '1' }],
        },
      });
      expect(c.json().delivery.email).toBe('not_configured');
      const r = await gw.app.inject({
        method: 'POST',
        url: `/v1/invoices/${c.json().id}/send`,
        headers: bearer(s.token),
      });
      expect([r.statusCode, r.json().error.code]).toEqual([503, 'EMAIL_UNAVAILABLE']);
    } finally {
      await gw.close();
    }
  });
});
