// Payment links and invoices against a real chain (anvil devnet, depth 2): real transfers to the deposit addresses
// of link and invoice intents, observed by the chain watcher, swept into the vault. The public endpoints are
// called over the gateway's HTTP server, as the link, checkout and invoice pages call them.
import type { App } from '@tender/platform';
import { DeferJobError } from '@tender/platform';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import type { Principal } from '../auth/principal.ts';
import { createInvoice } from '../invoices/createInvoice.ts';
import { listEvents } from '../outbox/events.ts';
import { runSweep } from '../settlement/sweeper.ts';
import { gatewayFeatures } from '../runtime.ts';
import { createGatewayServer } from '../server.ts';
import { createPaymentLink } from './createPaymentLink.ts';
import { updatePaymentLink } from './updatePaymentLink.ts';

let h: ChainHarness;
let app: App;
let owner: Principal;

beforeAll(async () => {
  h = await startChainHarness({ confirmations: 2 });
  await h.db.query(
    `insert into merchants (id, business_name, created_at) values ($1, 'Chain Shop', now()) on conflict (id) do nothing`,
    [h.tenant.merchantId],
  );
  owner = {
    merchantId: h.tenant.merchantId,
    environment: 'test',
    role: 'owner',
    kind: 'session',
    keyId: null,
    sessionId: 'sess_test',
    userId: null,
    ip: null,
  };
  app = await createGatewayServer(h.ctx, gatewayFeatures(h.ctx), { rateLimit: false });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await h?.close();
});

const depositOf = async (paymentId: string): Promise<Address> => {
  const [d] = await h.db.query<{ address: Address }>(
    `select address from deposit_addresses where payment_id = $1 and network = 'devnet'`,
    [paymentId],
  );
  return d!.address;
};

/** Runs the payment's settlement sweep to the end and lets the watcher see it final. */
async function settle(paymentId: string): Promise<void> {
  const [s] = await h.db.query<{ id: string }>(
    `select id from settlements where payment_id = $1 and purpose = 'payment'`,
    [paymentId],
  );
  for (let i = 0; ; i++) {
    try {
      await runSweep(h.ctx, s!.id, { checkEveryMs: 10 });
      break;
    } catch (err) {
      if (!(err instanceof DeferJobError) || i > 20) throw err;
    }
  }
  await h.sync();
  await h.mine(1);
  await h.sync();
}

describe(`payment links and invoices on the devnet (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a link used by two customers gives two intents with two deposit addresses; both settle; deactivated, it refuses a third', async () => {
    const link = await createPaymentLink(h.ctx, owner, { name: 'Ticket', amount: '10', networks: ['devnet'] });
    const starts = [
      await app.inject({ method: 'POST', url: `/public/payment-links/${link.id}/intents`, payload: {} }),
      await app.inject({ method: 'POST', url: `/public/payment-links/${link.id}/intents` }),
    ];
    expect(starts.map((r) => r.statusCode)).toEqual([201, 201]);
    const ids = starts.map((r) => r.json().payment_intent_id as string);
    expect(new Set(ids).size).toBe(2);
    const addresses = await Promise.all(ids.map(depositOf));
    expect(new Set(addresses).size).toBe(2);
    for (const id of ids) {
      expect(await h.status(id)).toBe('CREATED');
      const o = await app.inject({
        method: 'POST',
        url: `/public/payment-intents/${id}/open`,
        payload: { network: 'devnet' },
      });
      expect(o.json()).toEqual({ id, status: 'AWAITING_PAYMENT' });
    }
    const vaultBefore = await h.balance('USDC', h.vault);
    for (const a of addresses) await h.pay(a, '10');
    await h.mine(1);
    await h.sync();
    for (const id of ids) expect(await h.status(id)).toBe('PAID');
    for (const id of ids) await settle(id);
    for (const id of ids) expect(await h.status(id)).toBe('SETTLED');
    expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(20_000_000n);
    const linked = await h.db.query<{ id: string }>(
      'select id from payment_intents where payment_link_id = $1 order by id',
      [link.id],
    );
    expect(linked.map((r) => r.id)).toEqual([...ids].sort());

    await updatePaymentLink(h.ctx, owner, link.id, { active: false });
    const third = await app.inject({ method: 'POST', url: `/public/payment-links/${link.id}/intents`, payload: {} });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('PAYMENT_LINK_INACTIVE');
  });

  it('funds sent to a CREATED intent’s address are recorded and count: the customer evidently had the address', async () => {
    const link = await createPaymentLink(h.ctx, owner, { name: 'Early bird', amount: '3', networks: ['devnet'] });
    const r = await app.inject({ method: 'POST', url: `/public/payment-links/${link.id}/intents`, payload: {} });
    const id = r.json().payment_intent_id as string;
    await h.pay(await depositOf(id), '3');
    await h.sync();
    expect(await h.status(id)).toBe('DETECTED');
    await h.mine(1);
    await h.sync();
    expect(await h.status(id)).toBe('PAID');
    // Opening it afterwards changes nothing but the flag.
    const o = await app.inject({ method: 'POST', url: `/public/payment-intents/${id}/open`, payload: {} });
    expect(o.json()).toEqual({ id, status: 'PAID' });
  });

  it('an invoice of three line items is numbered, totals exactly, is paid on-chain and shows paid', async () => {
    const row = await createInvoice(h.ctx, owner, {
      customer_name: 'Grace',
      customer_email: 'grace@example.com',
      networks: ['devnet'],
      line_items: [
        { description: 'Design', quantity: 3, unit_amount: '33.333333' },
        { description: 'Hosting', unit_amount: '0.000001' },
        { description: 'Domain', quantity: 2, unit_amount: '12.5' },
      ],
    });
    expect(row.number).toBe('1');
    expect(row.total_units).toBe('125000000'); // 99.999999 + 0.000001 + 25
    const pub = async () => (await app.inject({ method: 'GET', url: `/public/invoices/${row.id}` })).json();
    expect(await pub()).toMatchObject({
      number: 'INV-000001',
      total: '125',
      status: 'open',
      business_name: 'Chain Shop',
    });

    await h.pay(await depositOf(row.payment_intent_id), '125');
    await h.sync();
    expect((await pub()).status).toBe('open'); // seen, not final
    await h.mine(1);
    await h.sync();
    expect(await h.status(row.payment_intent_id)).toBe('PAID');
    expect((await pub()).status).toBe('paid');
    await settle(row.payment_intent_id);
    expect(await h.status(row.payment_intent_id)).toBe('SETTLED');
    expect((await pub()).status).toBe('paid');
    // invoice.paid once, right after payment.confirmed, with the invoice as data.object.
    const events = (await listEvents(h.db, h.tenant, { paymentId: row.payment_intent_id })).reverse();
    expect(events.map((e) => e.type)).toEqual([
      'payment.detected',
      'payment.confirmed',
      'invoice.paid',
      'settlement.submitted',
      'settlement.completed',
      'payment.completed',
    ]);
    expect(events[2]!.data.object).toMatchObject({ object: 'invoice', id: row.id, status: 'paid', total: '125' });
    expect(events[1]!.data.object).toMatchObject({ invoice_id: row.id, order_reference: 'INV-000001' });
    // Paid: it can no longer be voided.
    const v = await app.inject({
      method: 'POST',
      url: `/v1/invoices/${row.id}/void`,
      headers: { authorization: 'Bearer sk_test_nope' },
    });
    expect(v.statusCode).toBe(401);
    const { voidInvoice } = await import('../invoices/voidInvoice.ts');
    await expect(voidInvoice(h.ctx, owner, row.id)).rejects.toMatchObject({ code: 'INVOICE_PAID' });
  });
  it('a voided invoice stays void: funds sent after the void are late funds of a closed payment, never invoice.paid', async () => {
    const row = await createInvoice(h.ctx, owner, {
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
      networks: ['devnet'],
      line_items: [{ description: 'Consulting', unit_amount: '20' }],
    });
    const { voidInvoice } = await import('../invoices/voidInvoice.ts');
    await voidInvoice(h.ctx, owner, row.id);
    expect(await h.status(row.payment_intent_id)).toBe('EXPIRED');
    // The customer pays the full total anyway, after the void (the chain's clock moves past it).
    await h.advance(5, { chain: true });
    await h.pay(await depositOf(row.payment_intent_id), '20');
    await h.mine(1);
    await h.sync();
    expect(await h.status(row.payment_intent_id)).toBe('LATE_PAYMENT');
    const pub = (await app.inject({ method: 'GET', url: `/public/invoices/${row.id}` })).json();
    expect(pub.status).toBe('void');
    const types = (await listEvents(h.db, h.tenant, { paymentId: row.payment_intent_id })).map((e) => e.type);
    expect(types.reverse()).toEqual(['payment.expired', 'payment.late']);
    // Recovered into the vault like any late funds.
    const [s] = await h.db.query<{ purpose: string }>(`select purpose from settlements where payment_id = $1`, [
      row.payment_intent_id,
    ]);
    expect(s).toEqual({ purpose: 'recovery' });
  });
});
