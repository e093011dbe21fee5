// Resolving payments that need a decision, on the anvil devnet through the HTTP API: accepting an underpayment (it
// settles into the vault as a paid payment does, once, even with a top-up racing the decision), refunding only an
// overpayment's excess (the payment stays SETTLED), returning a foreign token to its sender (verified on-chain by the
// watcher like any refund). Each ends with the payment gone from GET /v1/payments?needs_attention=true.
import { createDevnetClient, devnetAccounts, tokenBalance, transferToken } from '@tender/evm';
import { DeferJobError, type App } from '@tender/platform';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import { issueApiKey } from '../apiKeys/apiKeys.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import { listEvents } from '../outbox/events.ts';
import { expirePayment } from '../payments/expiry.ts';
import { gatewayFeatures } from '../runtime.ts';
import { createGatewayServer } from '../server.ts';
import { runSweep } from '../settlement/sweeper.ts';

let h: ChainHarness;
let app: App;
let key = '';
let readOnlyKey = '';
let vaultClient: ReturnType<typeof createDevnetClient>;

type Body = Record<string, unknown> & {
  id: string;
  status: string;
  error: { code: string; message: string };
  data: { id: string }[];
};
const fresh = (): Address => privateKeyToAddress(generatePrivateKey()).toLowerCase() as Address;

async function call(method: 'GET' | 'POST', url: string, body?: unknown, as = key) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${as}` },
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body };
}
const accept = (id: string, amount: string, as = key) =>
  call('POST', `/v1/payment-intents/${id}/accept-underpayment`, { amount }, as);
const eventTypes = async (paymentId: string) =>
  (await listEvents(h.db, h.tenant, { paymentId })).map((e) => e.type).reverse();
async function needsAttention(): Promise<string[]> {
  const res = await call('GET', '/v1/payments?needs_attention=true&limit=100');
  expect(res.status).toBe(200);
  return res.body.data.map((p) => p.id);
}
const attention = async (id: string) =>
  (await h.db.query<{ attention: string | null }>('select attention from payment_intents where id = $1', [id]))[0]!
    .attention;

async function sweepAll(paymentId: string): Promise<void> {
  const rows = await h.db.query<{ id: string }>(
    `select id from settlements where payment_id = $1 and state = 'pending' order by created_at`,
    [paymentId],
  );
  for (const s of rows) {
    for (let i = 0; i < 20; i++) {
      try {
        await runSweep(h.ctx, s.id, { checkEveryMs: 10 });
        break;
      } catch (err) {
        if (!(err instanceof DeferJobError)) throw err;
      }
    }
  }
  await h.sync();
  await h.mine(1);
  await h.sync();
}

/** Paid with `paid` (official funds), then expired: UNDERPAID. Puts the clock back after the test. */
async function underpaid(amount: string, paid: string) {
  const p = await h.createIntent({ amount, expires_in_seconds: 300 });
  await h.pay(p.depositAddress, paid);
  await h.mine(1);
  await h.sync();
  await h.advance(301);
  onTestFinished(() => h.advance(-301));
  await expirePayment(h.ctx, p.id);
  expect(await h.status(p.id)).toBe('UNDERPAID');
  return p;
}

beforeAll(async () => {
  h = await startChainHarness({ confirmations: 2 });
  await h.db.query(`insert into merchants (id, business_name) values ($1, 'Devnet shop') on conflict do nothing`, [
    h.tenant.merchantId,
  ]);
  const issue = (role: 'developer' | 'read_only') =>
    h.db.tx((tx) =>
      issueApiKey(tx, {
        merchantId: h.tenant.merchantId,
        name: role,
        environment: 'test',
        role,
        createdBy: null,
        actor: SYSTEM_ACTOR,
        now: new Date(),
      }),
    );
  key = (await issue('developer')).secret;
  readOnlyKey = (await issue('read_only')).secret;
  app = await createGatewayServer(h.ctx, gatewayFeatures(h.ctx), { rateLimit: false });
  await app.ready();
  vaultClient = createDevnetClient(h.devnet.rpcUrl, { account: devnetAccounts()[1]! });
});
afterAll(async () => {
  await app?.close();
  await h?.close();
});

describe(`resolving payments on the devnet (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('an accepted underpayment counts as paid for the amount received, settles into the vault once and leaves Needs attention', async () => {
    const p = await underpaid('4', '1.5');
    expect(await needsAttention()).toContain(p.id);
    expect(await attention(p.id)).toBe('underpaid');

    // A top-up lands while the merchant looks at 1.5: the decision names what it saw, and is refused.
    await h.pay(p.depositAddress, '0.5');
    await h.mine(1);
    await h.sync();
    const before = await eventTypes(p.id);
    const stale = await accept(p.id, '1.5');
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('UNDERPAYMENT_AMOUNT_CHANGED');
    expect(stale.body.error.message).toContain('2 USDC final by now, not 1.5 USDC');
    expect(await eventTypes(p.id)).toEqual(before);
    expect(await h.status(p.id)).toBe('UNDERPAID');

    // Read-only keys cannot decide; bad input changes nothing.
    expect((await accept(p.id, '2', readOnlyKey)).status).toBe(403);
    expect((await call('POST', `/v1/payment-intents/${p.id}/accept-underpayment`, {})).status).toBe(400);
    expect((await accept('pi_unknown', '2')).status).toBe(404);

    const ok = await accept(p.id, '2');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({
      status: 'PAID',
      amount: '4',
      amount_accepted: '2',
      amount_accepted_units: '2000000',
    });
    // Accepting again answers the payment as it stands and sends nothing; another amount is refused.
    const again = await accept(p.id, '2');
    expect(again.status).toBe(200);
    expect((await accept(p.id, '1')).body.error.code).toBe('UNDERPAYMENT_AMOUNT_CHANGED');

    const vaultBefore = await h.balance('USDC', h.vault);
    await sweepAll(p.id);
    expect(await h.status(p.id)).toBe('SETTLED');
    expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(2_000_000n);
    expect((await eventTypes(p.id)).slice(before.length)).toEqual([
      'payment.underpayment_accepted',
      'payment.confirmed',
      'settlement.submitted',
      'settlement.completed',
      'payment.completed',
    ]);
    const [evt] = await listEvents(h.db, h.tenant, { paymentId: p.id, limit: 100 }).then((es) =>
      es.filter((e) => e.type === 'payment.underpayment_accepted'),
    );
    expect(evt!.data).toMatchObject({ accepted_amount: '2', shortfall_amount: '2' });
    const [audit] = await h.db.query<{ actor_type: string; data: { accepted_units: string } }>(
      `select actor_type, data from audit_events where action = 'payment_intent.underpayment_accepted'
       and target_id = $1`,
      [p.id],
    );
    expect(audit).toMatchObject({ actor_type: 'api_key', data: { accepted_units: '2000000' } });
    expect(await needsAttention()).not.toContain(p.id);

    // Nothing left to accept: a settled payment, an open one.
    const settled = await accept(p.id, '3');
    expect(settled.body.error.code).toBe('UNDERPAYMENT_AMOUNT_CHANGED');
    const open = await h.createIntent({ amount: '3' });
    const refused = await accept(open.id, '3');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'PAYMENT_NOT_UNDERPAID' });
    expect(refused.body.error.message).toContain('is AWAITING_PAYMENT');
  });

  it('funds after an accepted underpayment are an excess; refunding just the excess keeps the payment SETTLED', async () => {
    const p = await underpaid('4', '1');
    expect((await accept(p.id, '1')).status).toBe(200);
    await sweepAll(p.id);
    expect(await h.status(p.id)).toBe('SETTLED');
    // A late top-up after the decision.
    await h.pay(p.depositAddress, '0.25');
    await h.mine(1);
    await h.sync();
    const detail = await call('GET', `/v1/payments/${p.id}`);
    expect(detail.body).toMatchObject({ status: 'SETTLED', overpaid_amount: '0.25' });
    expect(await attention(p.id)).toBe('overpaid');
    const recipient = fresh();
    const r = await call('POST', '/v1/refund-requests', {
      payment_intent_id: p.id,
      amount: '0.25',
      recipient,
      kind: 'excess',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(await h.status(p.id)).toBe('SETTLED');
    await transferToken(vaultClient, h.devnet.manifest.tokens.USDC, recipient, 250_000n);
    await h.mine(1);
    await h.sync();
    expect((await call('GET', `/v1/refund-requests/${r.body.id}`)).body.status).toBe('completed');
    expect(await h.status(p.id)).toBe('SETTLED');
    expect(await needsAttention()).not.toContain(p.id);
  });

  it('refunds only the excess of an overpayment: the payment stays SETTLED and leaves Needs attention', async () => {
    const p = await h.createIntent({ amount: '10' });
    await h.pay(p.depositAddress, '12.5');
    await h.mine(1);
    await h.sync();
    await sweepAll(p.id);
    expect(await h.status(p.id)).toBe('SETTLED');
    expect(await needsAttention()).toContain(p.id);
    expect(await attention(p.id)).toBe('overpaid');
    const recipient = fresh();
    const refund = (body: Record<string, unknown>) =>
      call('POST', '/v1/refund-requests', { payment_intent_id: p.id, recipient, ...body });

    const tooMuch = await refund({ amount: '2.6', kind: 'excess' });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe('REFUND_EXCEEDS_EXCESS');
    expect(tooMuch.body.error.message).toContain('2.5 USDC');
    const withToken = await refund({ amount: '1', kind: 'excess', token_address: fresh() });
    expect(withToken.status).toBe(400);
    const exact = await h.createIntent({ amount: '1' });
    await h.pay(exact.depositAddress, '1');
    await h.mine(1);
    await h.sync();
    const noExcess = await call('POST', '/v1/refund-requests', {
      payment_intent_id: exact.id,
      amount: '0.1',
      recipient,
      kind: 'excess',
    });
    expect(noExcess.body.error.code).toBe('REFUND_NO_EXCESS');

    const before = await eventTypes(p.id);
    const r = await refund({ amount: '2.5', kind: 'excess', reason: 'paid too much' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ kind: 'excess', status: 'pending', amount: '2.5' });
    expect(await h.status(p.id)).toBe('SETTLED');
    // Half of it twice over is refused: the pending request reserves the whole excess.
    expect((await refund({ amount: '0.01', kind: 'excess' })).body.error.code).toBe('REFUND_EXCEEDS_EXCESS');

    const tx = await transferToken(vaultClient, h.devnet.manifest.tokens.USDC, recipient, 2_500_000n);
    expect(tx.status).toBe('success');
    await h.mine(1);
    await h.sync();
    const done = await call('GET', `/v1/refund-requests/${r.body.id}`);
    expect(done.body).toMatchObject({ status: 'completed', transfer: { source: 'watcher', final: true } });
    expect(await h.status(p.id)).toBe('SETTLED');
    expect(await eventTypes(p.id)).toEqual([...before, 'refund.requested', 'refund.completed']);
    expect(await needsAttention()).not.toContain(p.id);
    // The payment itself is still refundable: refunding all of it makes it REFUNDED (everything went back).
    const rest = await refund({ amount: '10' });
    expect(rest.status).toBe(201);
    expect(await h.status(p.id)).toBe('REFUND_REQUESTED');
  });

  it('returns a foreign token to its sender through a refund verified on-chain; the payment leaves Needs attention', async () => {
    const foreignToken = h.devnet.manifest.tokens.plainERC20;
    const p = await h.createIntent({ amount: '10' });
    await h.pay(p.depositAddress, '3', 'plainERC20');
    await h.mine(1);
    await h.sync();
    expect(await h.status(p.id)).toBe('INVALID_ASSET');
    expect(await needsAttention()).toContain(p.id);
    const recipient = fresh();
    // The refund flow of the payment's own token has nothing to return.
    const plain = await call('POST', '/v1/refund-requests', { payment_intent_id: p.id, amount: '3', recipient });
    expect(plain.body.error.code).toBe('PAYMENT_NOT_PAID');
    expect(plain.body.error.message).toContain('foreign_asset');
    const tooMuch = await call('POST', '/v1/refund-requests', {
      payment_intent_id: p.id,
      amount: '3.01',
      recipient,
      kind: 'foreign_asset',
    });
    expect(tooMuch.body.error.code).toBe('REFUND_EXCEEDS_REFUNDABLE');
    const other = await call('POST', '/v1/refund-requests', {
      payment_intent_id: p.id,
      amount: '1',
      recipient,
      kind: 'foreign_asset',
      token_address: h.devnet.manifest.tokens.EURC,
    });
    expect(other.body.error.code).toBe('REFUND_NO_FOREIGN_FUNDS');
    const otherNetwork = await call('POST', '/v1/refund-requests', {
      payment_intent_id: p.id,
      amount: '1',
      recipient,
      kind: 'foreign_asset',
      network: 'base-sepolia',
    });
    expect(otherNetwork.body.error).toMatchObject({
      code: 'REFUND_NO_FOREIGN_FUNDS',
      details: [{ path: 'network', message: expect.stringMatching(/not a token this payment received$/) }],
    });
    const networkOnPayment = await call('POST', '/v1/refund-requests', {
      payment_intent_id: p.id,
      amount: '1',
      recipient,
      network: 'devnet',
    });
    expect(networkOnPayment.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'network', message: expect.stringMatching(/only for kind foreign_asset$/) }],
    });

    const before = await eventTypes(p.id);
    const r = await call('POST', '/v1/refund-requests', {
      payment_intent_id: p.id,
      amount: '3',
      recipient,
      kind: 'foreign_asset',
      network: 'devnet',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ kind: 'foreign_asset', amount: '3', amount_units: '3000000' });
    expect(String(r.body.token_address).toLowerCase()).toBe(foreignToken.toLowerCase());
    expect(await h.status(p.id)).toBe('INVALID_ASSET');

    // The official token to the recipient does not fulfil it; the foreign token does.
    await transferToken(h.payer, foreignToken, h.vault, 3_000_000n); // the vault holds it (as the recovery sweep does)
    await transferToken(vaultClient, h.devnet.manifest.tokens.USDC, recipient, 3_000_000n);
    await h.mine(1);
    await h.sync();
    expect((await call('GET', `/v1/refund-requests/${r.body.id}`)).body.status).toBe('pending');
    await transferToken(vaultClient, foreignToken, recipient, 3_000_000n);
    await h.mine(1);
    await h.sync();
    const done = await call('GET', `/v1/refund-requests/${r.body.id}`);
    expect(done.body).toMatchObject({ status: 'completed', transfer: { source: 'watcher', amount: '3' } });
    expect(await tokenBalance(h.payer, foreignToken, recipient)).toBe(3_000_000n);
    expect(await h.status(p.id)).toBe('INVALID_ASSET');
    expect(await eventTypes(p.id)).toEqual([...before, 'refund.requested', 'refund.completed']);
    expect(await needsAttention()).not.toContain(p.id);
    // Nothing is left to return.
    const more = await call('POST', '/v1/refund-requests', {
      payment_intent_id: p.id,
      amount: '0.01',
      recipient,
      kind: 'foreign_asset',
    });
    expect(more.body.error.code).toBe('REFUND_EXCEEDS_REFUNDABLE');
  });
});
