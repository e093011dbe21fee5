// Invoices over HTTP on a real database with a real SMTP relay (the capture harness): exact totals, numbering
// without gaps under concurrency and failures, every input rule at its boundaries, mail delivery said plainly,
// void, overdue, roles, tenant isolation, the public page and the PDF.
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
import { createSmtpMailer } from '../email/smtpMailer.ts';
import type { Mailer } from '../email/mailer.ts';

let gw: TestGateway;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let mailer: Mailer;
let owner: string;
let dev: string;
let readOnly: string;
let other: string;

async function merchantWithVault(business: string) {
  const s = await signUp(gw.app, { business_name: business });
  await markEmailVerified(gw.db, s.userId);
  await insertVault(gw.db, s.merchantId, DEVNET_VAULT);
  return s;
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  mailer = createSmtpMailer({ url: smtp.url, from: 'Tender <no-reply@tender.test>' });
  gw = await createTestGateway({ mailer, jobs: true });
  gw.ctx.networkRegistry = offlineRegistry();
  const s = await merchantWithVault('Invoicing Ltd');
  owner = s.token;
  dev = (await createKey(gw.app, owner, { role: 'developer' })).secret;
  readOnly = (await createKey(gw.app, owner, { role: 'read_only' })).secret;
  other = (await createKey(gw.app, (await merchantWithVault('Other')).token, { role: 'admin' })).secret;
});
afterAll(async () => {
  await gw?.close();
  await smtp?.close();
});

const create = (payload: unknown, key = dev, headers: Record<string, string> = {}) =>
  gw.app.inject({
    method: 'POST',
    url: '/v1/invoices',
    headers: { ...bearer(key), ...headers },
    payload: payload as object,
  });
const get = (url: string, key = dev) => gw.app.inject({ method: 'GET', url, headers: bearer(key) });
const voidIt = (id: string, key = dev) =>
  gw.app.inject({ method: 'POST', url: `/v1/invoices/${id}/void`, headers: bearer(key) });
let seq = 0;
const email = () => `customer-${process.pid}-${++seq}@example.com`;
const base = () => ({
  customer_name: 'Ada Customer',
  customer_email: email(),
  line_items: [{ description: 'Consulting', unit_amount: '100' }],
});
const numberOf = (inv: { number: string }) => Number(inv.number.slice(4));

describe(`invoices API (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('numbers the invoice, totals three lines exactly, creates its intent and mails it', async () => {
    const to = email();
    const r = await create({
      customer_name: 'Ada Customer',
      customer_email: to,
      memo: 'Thank you for your business',
      networks: ['devnet'],
      line_items: [
        { description: 'Widget', quantity: 3, unit_amount: '19.99' },
        { description: 'Dust', unit_amount: '0.000001' },
        { description: 'Support hours', quantity: 2, unit_amount: '100' },
      ],
    });
    expect(r.statusCode).toBe(201);
    const inv = r.json();
    expect(inv).toMatchObject({
      object: 'invoice',
      number: 'INV-000001',
      status: 'open',
      customer_name: 'Ada Customer',
      customer_email: to,
      memo: 'Thank you for your business',
      currency: 'USDC',
      total: '259.970001',
      total_units: '259970001',
      delivery: { email: 'queued' },
      voided_at: null,
      livemode: false,
    });
    expect(inv.line_items).toEqual([
      {
        description: 'Widget',
        quantity: 3,
        unit_amount: '19.99',
        unit_amount_units: '19990000',
        amount: '59.97',
        amount_units: '59970000',
      },
      {
        description: 'Dust',
        quantity: 1,
        unit_amount: '0.000001',
        unit_amount_units: '1',
        amount: '0.000001',
        amount_units: '1',
      },
      {
        description: 'Support hours',
        quantity: 2,
        unit_amount: '100',
        unit_amount_units: '100000000',
        amount: '200',
        amount_units: '200000000',
      },
    ]);
    expect(inv.id).toMatch(/^inv_[0-9A-Za-z]{24}$/);
    expect(inv.url).toBe(`http://gateway.test/invoice/${inv.id}`);
    expect(inv.pdf_url).toBe(`http://gateway.test/public/invoices/${inv.id}/pdf`);
    expect(inv.checkout_url).toBe(`http://gateway.test/checkout/${inv.payment_intent_id}`);
    const due = new Date(gw.clock.now().getTime() + 14 * 86_400_000);
    expect(inv.due_at).toBe(due.toISOString());
    expect(inv.due_date).toBe(due.toISOString().slice(0, 10));

    const pi = (await get(`/v1/payment-intents/${inv.payment_intent_id}`)).json();
    expect(pi).toMatchObject({
      status: 'AWAITING_PAYMENT',
      amount: '259.970001',
      invoice_id: inv.id,
      order_reference: 'INV-000001',
      customer_email: to,
      expires_at: inv.due_at,
    });

    const mail = await smtp.waitFor(to);
    expect(mail.subject).toBe(`Invoice INV-000001 from Invoicing Ltd: 259.970001 USDC due ${inv.due_date}`);
    expect(mail.text).toContain(inv.url);
    expect(mail.text).toContain('3 × Widget: 59.97 USDC');
    for (let i = 0; i < 50 && (await get(`/v1/invoices/${inv.id}`)).json().delivery.email !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await get(`/v1/invoices/${inv.id}`)).json().delivery.email).toBe('sent');
    const audit = await gw.db.query<{ action: string }>('select action from audit_events where target_id = $1', [
      inv.id,
    ]);
    expect(audit.map((a) => a.action)).toEqual(['invoice.created']);
  });

  it('says plainly when mail is not configured, and sends nothing', async () => {
    gw.ctx.mailer = null;
    try {
      const to = email();
      const r = await create({ ...base(), customer_email: to });
      expect(r.statusCode).toBe(201);
      expect(r.json().delivery).toEqual({ email: 'not_configured' });
      const [jobs] = await gw.db.query<{ n: number }>(
        `select count(*)::int as n from jobs where idempotency_key = $1`,
        [`invoice-email:${r.json().id}`],
      );
      expect(jobs!.n).toBe(0);
    } finally {
      gw.ctx.mailer = mailer;
    }
  });

  it.each([
    ['no line items', { line_items: [] }, 'line_items'],
    [
      '101 line items',
      { line_items: Array.from({ length: 101 }, () => ({ description: 'x', unit_amount: '1' })) },
      'line_items',
    ],
    ['quantity 0', { line_items: [{ description: 'x', quantity: 0, unit_amount: '1' }] }, 'quantity'],
    ['quantity 100001', { line_items: [{ description: 'x', quantity: 100_001, unit_amount: '1' }] }, 'quantity'],
    ['quantity 1.5', { line_items: [{ description: 'x', quantity: 1.5, unit_amount: '1' }] }, 'quantity'],
    ['description empty', { line_items: [{ description: '', unit_amount: '1' }] }, 'description'],
    ['description 301 chars', { line_items: [{ description: 'd'.repeat(301), unit_amount: '1' }] }, 'description'],
    ['unit_amount missing', { line_items: [{ description: 'x' }] }, 'unit_amount'],
    ['unit_amount 7 decimals', { line_items: [{ description: 'x', unit_amount: '1.0000001' }] }, 'unit_amount'],
    ['unit_amount 13 digits', { line_items: [{ description: 'x', unit_amount: '1000000000000' }] }, 'unit_amount'],
    ['line item extra field', { line_items: [{ description: 'x', unit_amount: '1', tax: '1' }] }, 'line_items'],
    ['customer_name empty', { customer_name: '' }, 'customer_name'],
    ['customer_name 201 chars', { customer_name: 'n'.repeat(201) }, 'customer_name'],
    ['customer_email not an email', { customer_email: 'nope' }, 'customer_email'],
    ['customer_email 321 chars', { customer_email: `${'a'.repeat(309)}@example.com` }, 'customer_email'],
    ['memo 1001 chars', { memo: 'm'.repeat(1001) }, 'memo'],
    ['due_in_days 0', { due_in_days: 0 }, 'due_in_days'],
    ['due_in_days 91', { due_in_days: 91 }, 'due_in_days'],
    ['currency DAI', { currency: 'DAI' }, 'currency'],
    ['networks empty', { networks: [] }, 'networks'],
    ['checkout_methods empty', { checkout_methods: [] }, 'checkout_methods'],
    ['unknown field', { tax_rate: 20 }, ''],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_n, over, path) => {
    const r = await create({ ...base(), ...over });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe('VALIDATION_FAILED');
    if (path) expect(JSON.stringify(r.json().error.details)).toContain(path);
  });

  it('refuses a missing customer_name, customer_email or line_items', async () => {
    for (const k of ['customer_name', 'customer_email', 'line_items'] as const) {
      const body: Record<string, unknown> = base();
      delete body[k];
      expect((await create(body)).json().error.code).toBe('VALIDATION_FAILED');
    }
  });

  it.each([
    [
      '100 line items',
      { line_items: Array.from({ length: 100 }, (_, i) => ({ description: `l${i}`, unit_amount: '1' })) },
    ],
    ['quantity 100000', { line_items: [{ description: 'x', quantity: 100_000, unit_amount: '0.01' }] }],
    ['description 300 chars', { line_items: [{ description: 'd'.repeat(300), unit_amount: '1' }] }],
    ['customer_name 200 chars', { customer_name: 'n'.repeat(200) }],
    ['customer_email 320 chars', { customer_email: `${'a'.repeat(308)}@example.com` }],
    ['memo 1000 chars', { memo: 'm'.repeat(1000) }],
    ['due_in_days 1', { due_in_days: 1 }],
    ['due_in_days 90', { due_in_days: 90 }],
    ['EURC', { currency: 'EURC' }],
    ['the largest total', { line_items: [{ description: 'x', unit_amount: '999999999999.999999' }] }],
  ])('accepts %s', async (_n, over) => {
    const r = await create({ ...base(), ...over });
    expect(r.statusCode).toBe(201);
    const inv = r.json();
    if ('due_in_days' in over) {
      expect(inv.due_at).toBe(new Date(gw.clock.now().getTime() + over.due_in_days! * 86_400_000).toISOString());
    }
    if (_n === 'quantity 100000') expect(inv.total).toBe('1000');
    if (_n === '100 line items') expect(inv.total).toBe('100');
    if (_n === 'the largest total') expect(inv.total_units).toBe('999999999999999999');
  });

  it('refuses a total beyond the amount format with the exact figure, and a zero total', async () => {
    const r = await create({
      ...base(),
      line_items: [
        { description: 'a', unit_amount: '999999999999.999999' },
        { description: 'b', unit_amount: '0.000001' },
      ],
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe('VALIDATION_FAILED');
    expect(r.json().error.details).toEqual([
      {
        path: 'line_items',
        message: 'the total 1000000000000 exceeds the largest amount, 999999999999.999999 (12 integer digits)',
      },
    ]);
    const big = await create({
      ...base(),
      line_items: [{ description: 'a', quantity: 100_000, unit_amount: '999999999999' }],
    });
    expect(big.json().error.details[0].message).toContain('the total 99999999999900000 exceeds');
    const zero = await create({ ...base(), line_items: [{ description: 'free', unit_amount: '0' }] });
    expect(zero.json().error.details).toEqual([{ path: 'line_items', message: 'the total must be greater than 0' }]);
  });

  it('numbers stay consecutive: a failed creation and an idempotent replay use no number', async () => {
    const a = (await create(base())).json();
    const failed = await create({ ...base(), networks: ['base'] }); // fails after taking a number, rolls back
    expect(failed.json().error.code).toBe('NETWORK_NOT_SUPPORTED');
    const key = { 'idempotency-key': `inv-${Date.now()}` };
    const body = base();
    const b = (await create(body, dev, key)).json();
    const replay = await create(body, dev, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().number).toBe(b.number);
    const c = (await create(base())).json();
    expect([numberOf(b) - numberOf(a), numberOf(c) - numberOf(b)]).toEqual([1, 1]);
  });

  it('20 concurrent creations get 20 distinct consecutive numbers', async () => {
    const s = await merchantWithVault('Busy Shop');
    const key = (await createKey(gw.app, s.token, { role: 'developer' })).secret;
    const rs = await Promise.all(Array.from({ length: 20 }, () => create(base(), key)));
    expect(rs.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = rs.map((r) => r.json().number as string).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`));
  });

  it('voids an open invoice (its intent expires), idempotently; refuses read-only keys and other merchants', async () => {
    const inv = (await create(base())).json();
    expect((await voidIt(inv.id, readOnly)).statusCode).toBe(403);
    expect((await voidIt(inv.id, other)).statusCode).toBe(404);
    expect((await get(`/v1/invoices/${inv.id}`, other)).json().error.code).toBe('RESOURCE_NOT_FOUND');
    const r = await voidIt(inv.id);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'void', voided_at: gw.clock.now().toISOString() });
    expect((await get(`/v1/payment-intents/${inv.payment_intent_id}`)).json().status).toBe('EXPIRED');
    expect((await voidIt(inv.id)).json().status).toBe('void');
    const audit = await gw.db.query<{ action: string }>(
      'select action from audit_events where target_id = $1 order by seq',
      [inv.id],
    );
    expect(audit.map((a) => a.action)).toEqual(['invoice.created', 'invoice.voided']);
    expect((await create(base(), readOnly)).statusCode).toBe(403);
  });

  it('refuses to void while funds are on their way', async () => {
    const inv = (await create(base())).json();
    await gw.db.query(`update payment_intents set received_units = 5000000 where id = $1`, [inv.payment_intent_id]);
    const r = await voidIt(inv.id);
    expect(r.statusCode).toBe(409);
    expect(r.json().error.code).toBe('INVOICE_PAYMENT_IN_PROGRESS');
    expect(r.json().error.message).toContain('has received 5 USDC of 100');
  });

  it('is overdue from its due instant; lists filter by the derived status', async () => {
    const inv = (await create({ ...base(), due_in_days: 1 })).json();
    const voided = (await create(base())).json();
    await voidIt(voided.id);
    gw.clock.advance(86_400);
    expect((await get(`/v1/invoices/${inv.id}`)).json().status).toBe('overdue');
    const overdue = (await get('/v1/invoices?status=overdue&limit=100')).json();
    expect(overdue.data.map((i: { id: string }) => i.id)).toContain(inv.id);
    expect(overdue.data.every((i: { status: string }) => i.status === 'overdue')).toBe(true);
    const v = (await get('/v1/invoices?status=void&limit=100')).json();
    expect(v.data.map((i: { id: string }) => i.id)).toContain(voided.id);
    expect(v.data.every((i: { status: string }) => i.status === 'void')).toBe(true);
    expect((await get('/v1/invoices?status=late')).statusCode).toBe(400);
    expect((await get('/v1/invoices?limit=0')).statusCode).toBe(400);
    expect((await get('/v1/invoices?limit=101')).statusCode).toBe(400);
    const p1 = (await get('/v1/invoices?limit=2')).json();
    const p2 = (await get(`/v1/invoices?limit=2&cursor=${p1.next_cursor}`)).json();
    expect(numberOf(p1.data[1])).toBe(numberOf(p2.data[0]) + 1);
  });

  it('serves the public invoice without credentials or the customer email, and its PDF', async () => {
    const inv = (await create({ ...base(), memo: 'Net 14' })).json();
    const r = await gw.app.inject({ method: 'GET', url: `/public/invoices/${inv.id}` });
    expect(r.statusCode).toBe(200);
    expect(Object.keys(r.json()).sort()).toEqual(
      [
        'id',
        'object',
        'number',
        'status',
        'customer_name',
        'memo',
        'currency',
        'line_items',
        'total',
        'total_units',
        'due_date',
        'business_name',
        'support_email',
        'support_url',
        'payment_intent_id',
        'checkout_url',
        'pdf_url',
        'livemode',
        'accepting_payments',
      ].sort(),
    );
    expect(r.json()).toMatchObject({
      number: inv.number,
      status: 'open',
      accepting_payments: true,
      business_name: 'Invoicing Ltd',
      total: '100',
      checkout_url: inv.checkout_url,
      pdf_url: inv.pdf_url,
    });
    const pdf = await gw.app.inject({ method: 'GET', url: `/public/invoices/${inv.id}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.subarray(-6).toString()).toContain('%%EOF');
    expect(pdf.rawPayload.toString('latin1')).toContain(`(Invoice ${inv.number})`);
    expect((await gw.app.inject({ method: 'GET', url: '/public/invoices/inv_nope' })).statusCode).toBe(404);
    expect((await gw.app.inject({ method: 'GET', url: '/public/invoices/inv_nope/pdf' })).statusCode).toBe(404);
  });
});
