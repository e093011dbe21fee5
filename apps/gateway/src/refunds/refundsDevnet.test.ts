// Refunds on the anvil devnet: real vault -> recipient transfers, verified through the HTTP API (proof) and by the
// chain watcher (no proof); every refusal with its code; a reorged refund transfer that must not complete; the
// refund.* and payment.overpaid webhooks delivered and signed. The devnet depth is 2: a transfer is final once one
// more block is on top of it.
import { createDevnetClient, devnetAccounts, reorg, tokenBalance, transferToken } from '@tender/evm';
import { DeferJobError, type App } from '@tender/platform';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { Address, Hex } from 'viem';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import { issueApiKey } from '../apiKeys/apiKeys.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import { listTransactions, overview } from '../ledger/ledger.ts';
import { listEvents } from '../outbox/events.ts';
import { runSweep } from '../settlement/sweeper.ts';
import { gatewayFeatures } from '../runtime.ts';
import { createGatewayServer } from '../server.ts';
import {
  eventually,
  independentlyVerify,
  ok,
  ownerSession,
  startDeliveryRunner,
  startReceiver,
  testSecretBox,
  type Receiver,
  type ReceivedRequest,
} from '../webhooks/_test/webhookTestKit.ts';
import { createWebhookEndpoint } from '../webhooks/endpoints.ts';
import type { RefundRequestView } from './refundRequest.ts';
import { verifyWebhook } from '../../../../packages/sdk/src/verifyWebhook.ts';

let h: ChainHarness;
let app: App;
let rx: Receiver;
/** The gateway's clock when each request arrived. */
const receivedAt = new Map<ReceivedRequest, number>();
let secret: string;
let delivery: Awaited<ReturnType<typeof startDeliveryRunner>> | undefined;
const keys: Record<'dev' | 'readOnly' | 'other', string> = { dev: '', readOnly: '', other: '' };
let vaultClient: ReturnType<typeof createDevnetClient>;

/** What these tests read from the answers: a refund request, an error, a list, or a payment detail. */
type Body = RefundRequestView & {
  error: { code: string; message: string };
  data: RefundRequestView[];
  has_more: boolean;
  next_cursor: string | null;
  overpaid_amount: string;
  amount_received: string;
  amount_refunded: string;
  refunds: RefundRequestView[];
};

const fresh = (): Address => privateKeyToAddress(generatePrivateKey()).toLowerCase() as Address;
const usdc = () => h.devnet.manifest.tokens.USDC;

async function call(method: 'GET' | 'POST', url: string, key: string, body?: unknown, headers = {}) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${key}`, ...headers },
    ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() as Body, headers: res.headers };
}
const requestRefund = (body: Record<string, unknown>, key = keys.dev, headers = {}) =>
  call('POST', '/v1/refund-requests', key, body, headers);
const prove = (id: string, tx_hash: string, key = keys.dev) =>
  call('POST', `/v1/refund-requests/${id}/proof`, key, { tx_hash });
const getRefund = (id: string, key = keys.dev) => call('GET', `/v1/refund-requests/${id}`, key);

async function sweepUntilDone(settlementId: string): Promise<void> {
  for (let i = 0; i < 20; i++) {
    try {
      await runSweep(h.ctx, settlementId, { checkEveryMs: 10 });
      return;
    } catch (err) {
      if (!(err instanceof DeferJobError)) throw err;
    }
  }
  throw new Error('sweep did not finish');
}

/** A payment paid in full and swept into the vault: SETTLED. */
async function settledPayment(amount: string): Promise<{ id: string; depositAddress: Address }> {
  const p = await h.createIntent({ amount });
  await h.pay(p.depositAddress, amount);
  await h.mine(1);
  await h.sync();
  const [s] = await h.db.query<{ id: string }>(
    `select id from settlements where payment_id = $1 and purpose = 'payment'`,
    [p.id],
  );
  await sweepUntilDone(s!.id);
  await h.sync();
  await h.mine(1);
  await h.sync();
  expect(await h.status(p.id)).toBe('SETTLED');
  return p;
}

/** The merchant sends a refund from the vault (devnet account 1). */
async function sendFromVault(to: Address, units: bigint, token: Address = usdc()): Promise<Hex> {
  const receipt = await transferToken(vaultClient, token, to, units);
  return receipt.transactionHash;
}

const eventTypes = async (paymentId: string) =>
  (await listEvents(h.db, h.tenant, { paymentId })).map((e) => e.type).reverse();

beforeAll(async () => {
  h = await startChainHarness({ confirmations: 2 });
  h.ctx.secretBox = testSecretBox();
  for (const id of [h.tenant.merchantId, `${h.tenant.merchantId}_other`]) {
    await h.db.query(`insert into merchants (id, business_name) values ($1, 'Devnet shop') on conflict do nothing`, [
      id,
    ]);
  }
  const issue = (merchantId: string, role: 'developer' | 'read_only') =>
    h.db.tx((tx) =>
      issueApiKey(tx, {
        merchantId,
        name: role,
        environment: 'test',
        role,
        createdBy: null,
        actor: SYSTEM_ACTOR,
        now: new Date(),
      }),
    );
  keys.dev = (await issue(h.tenant.merchantId, 'developer')).secret;
  keys.readOnly = (await issue(h.tenant.merchantId, 'read_only')).secret;
  keys.other = (await issue(`${h.tenant.merchantId}_other`, 'developer')).secret;
  app = await createGatewayServer(h.ctx, gatewayFeatures(h.ctx), { rateLimit: false });
  await app.ready();
  vaultClient = createDevnetClient(h.devnet.rpcUrl, { account: devnetAccounts()[1]! });
  // The vault holds some EURC, to send the wrong token from the right sender.
  await transferToken(h.payer, h.devnet.manifest.tokens.EURC, h.vault, 50_000_000n);
  rx = await startReceiver();
  // The merchant's clock is the gateway's: a test below moves it 301 s forward for a while, and a delivery the runner
  // signs meanwhile is fresh by that clock, not by the real one.
  rx.fallback = (req, res) => {
    receivedAt.set(req, h.ctx.now().getTime());
    ok(req, res);
  };
  const created = await createWebhookEndpoint(h.ctx, ownerSession(h.tenant.merchantId), {
    url: rx.url,
    enabled_events: ['refund.requested', 'refund.completed', 'payment.overpaid'],
  });
  secret = created.secret;
  delivery = await startDeliveryRunner(h.ctx);
});
afterAll(async () => {
  await delivery?.stop();
  await rx?.close();
  await app?.close();
  await h?.close();
});

describe(`refunds on the devnet (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let settled: { id: string };
  let firstRefund: { id: string; tx: Hex; recipient: Address };

  it('a refund of part of a settled payment completes from a real vault transfer; its proof agrees with the watcher', async () => {
    settled = await settledPayment('20');
    const recipient = fresh();
    const body = { payment_intent_id: settled.id, amount: '5', recipient, reason: 'damaged item' };
    const created = await requestRefund(body, keys.dev, { 'idempotency-key': 'refund-1' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'refund_request',
      status: 'pending',
      amount: '5',
      amount_units: '5000000',
      payment_intent_id: settled.id,
      transfer: null,
      reason: 'damaged item',
    });
    expect(created.body.id).toMatch(/^re_/);
    // The same key replays the same request; nothing new is created.
    const again = await requestRefund(body, keys.dev, { 'idempotency-key': 'refund-1' });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(created.body.id);
    expect(await h.status(settled.id)).toBe('REFUND_REQUESTED');

    const before = await tokenBalance(h.payer, usdc(), recipient);
    const tx = await sendFromVault(recipient, 5_000_000n);
    // Mined, but the watcher has not processed its block yet: a retryable refusal, nothing recorded.
    const early = await prove(created.body.id, tx);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('REFUND_TX_PENDING');
    await h.sync();
    // The watcher saw it too (no proof needed), so the proof finds it confirming; either way it is not final yet.
    const proved = await prove(created.body.id, tx);
    expect(proved.status).toBe(200);
    expect(proved.body).toMatchObject({ status: 'confirming', transfer: { tx_hash: tx, final: false } });
    await h.mine(1);
    await h.sync();
    const done = await getRefund(created.body.id);
    expect(done.body).toMatchObject({ status: 'completed', transfer: { tx_hash: tx, final: true, amount: '5' } });
    expect(done.body.completed_at).not.toBeNull();
    expect((await tokenBalance(h.payer, usdc(), recipient)) - before).toBe(5_000_000n);
    expect(await h.status(settled.id)).toBe('PARTIALLY_REFUNDED');
    expect((await eventTypes(settled.id)).filter((t) => t.startsWith('refund.'))).toEqual([
      'refund.requested',
      'refund.completed',
    ]);
    // The same proof again answers the request as it stands.
    const repeat = await prove(created.body.id, tx);
    expect(repeat).toMatchObject({ status: 200, body: { status: 'completed' } });
    firstRefund = { id: created.body.id, tx, recipient };
  });

  it('a proof completes a request that only the proof can match (the transfer was sent before the request)', async () => {
    const recipient = fresh();
    const r = await requestRefund({ payment_intent_id: settled.id, amount: '1.5', recipient });
    expect(r.status).toBe(201);
    // Sent and final before the request exists: the watcher had no open request to match it with, so only the
    // proof can fulfil the request, and it completes it at once.
    const recipient2 = fresh();
    const tx = await sendFromVault(recipient2, 2_000_000n);
    await h.mine(2);
    await h.sync(); // no open request for recipient2 yet: the watcher records nothing
    const r2 = await requestRefund({ payment_intent_id: settled.id, amount: '2', recipient: recipient2 });
    const proved = await prove(r2.body.id, tx);
    expect(proved.status).toBe(200);
    expect(proved.body).toMatchObject({ status: 'completed', transfer: { source: 'proof', final: true } });
    // The first request is still open: the payment shows it.
    expect(await h.status(settled.id)).toBe('REFUND_REQUESTED');
    const cancelled = await call('POST', `/v1/refund-requests/${r.body.id}/cancel`, keys.dev);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await h.status(settled.id)).toBe('PARTIALLY_REFUNDED');
  });

  it('a transfer sent without a proof is found by the watcher, and a full refund makes the payment REFUNDED', async () => {
    const p = await settledPayment('3');
    const recipient = fresh();
    const r = await requestRefund({ payment_intent_id: p.id, amount: '3', recipient });
    expect(r.status).toBe(201);
    await sendFromVault(recipient, 3_000_000n);
    await h.sync();
    expect((await getRefund(r.body.id)).body).toMatchObject({ status: 'confirming', transfer: { source: 'watcher' } });
    await h.mine(1);
    await h.sync();
    expect((await getRefund(r.body.id)).body.status).toBe('completed');
    expect(await h.status(p.id)).toBe('REFUNDED');
    // Nothing is left to refund.
    const more = await requestRefund({ payment_intent_id: p.id, amount: '0.01', recipient });
    expect(more.status).toBe(409);
    expect(more.body.error.code).toBe('REFUND_EXCEEDS_REFUNDABLE');
  });

  it('cancelling a refund request of a settled payment sends refund.cancelled and re-announces nothing', async () => {
    const p = await settledPayment('2');
    const before = await eventTypes(p.id);
    const r = await requestRefund({ payment_intent_id: p.id, amount: '1', recipient: fresh() });
    expect(await h.status(p.id)).toBe('REFUND_REQUESTED');
    const cancelled = await call('POST', `/v1/refund-requests/${r.body.id}/cancel`, keys.dev);
    expect(cancelled.body.status).toBe('cancelled');
    expect(await h.status(p.id)).toBe('SETTLED');
    // No second payment.completed / settlement.completed under new ids: a receiver deduplicating on event.id would
    // fulfil the order twice.
    expect(await eventTypes(p.id)).toEqual([...before, 'refund.requested', 'refund.cancelled']);
    const [last] = await listEvents(h.db, h.tenant, { paymentId: p.id, limit: 1 });
    expect(last!.data.object).toMatchObject({ id: r.body.id, status: 'cancelled' });
    // Cancelling again changes nothing and sends nothing.
    await call('POST', `/v1/refund-requests/${r.body.id}/cancel`, keys.dev);
    expect(await eventTypes(p.id)).toEqual([...before, 'refund.requested', 'refund.cancelled']);
  });

  it('refund states lie over UNDERPAID too: a full refund makes it REFUNDED, found by status=REFUNDED', async () => {
    const p = await h.createIntent({ amount: '4', expires_in_seconds: 300 });
    await h.pay(p.depositAddress, '1.5');
    await h.mine(1);
    await h.sync();
    // Past its expiry (the clock is put back at the end: the later tests sign and count with it).
    await h.advance(301);
    onTestFinished(() => h.advance(-301));
    const { expirePayment } = await import('../payments/expiry.ts');
    await expirePayment(h.ctx, p.id);
    expect(await h.status(p.id)).toBe('UNDERPAID');
    const recipient = fresh();
    const r = await requestRefund({ payment_intent_id: p.id, amount: '1.5', recipient });
    expect(r.status).toBe(201);
    expect(await h.status(p.id)).toBe('REFUND_REQUESTED');
    await sendFromVault(recipient, 1_500_000n);
    await h.mine(1);
    await h.sync();
    expect(await h.status(p.id)).toBe('REFUNDED');
    const listed = await call('GET', '/v1/payments?status=REFUNDED&limit=100', keys.dev);
    expect(listed.body.data.map((x) => x.id)).toContain(p.id);
    // The funding facts were announced once; the refund adds only its own events.
    expect(await eventTypes(p.id)).toEqual([
      'payment.detected',
      'payment.underpaid',
      'refund.requested',
      'refund.completed',
    ]);
  });

  it('refuses a proof for the wrong token, the wrong sender, the wrong recipient, a too small amount, an unknown or an already used transaction', async () => {
    const recipient = fresh();
    const r = await requestRefund({ payment_intent_id: settled.id, amount: '2', recipient });
    expect(r.status).toBe(201);
    const id = r.body.id as string;
    const refused = async (tx: Hex | string, code: string, status = 400) => {
      const res = await prove(id, tx);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.error.code).toBe(code);
    };
    const wrongToken = await sendFromVault(recipient, 2_000_000n, h.devnet.manifest.tokens.EURC);
    const wrongSender = (await transferToken(h.payer, usdc(), recipient, 2_000_000n)).transactionHash;
    const wrongRecipient = await sendFromVault(fresh(), 2_000_000n);
    const tooSmall = await sendFromVault(recipient, 1_999_999n);
    await h.mine(1);
    await h.sync();
    await refused(wrongToken, 'REFUND_WRONG_TOKEN');
    await refused(wrongSender, 'REFUND_WRONG_SENDER');
    await refused(wrongRecipient, 'REFUND_WRONG_RECIPIENT');
    await refused(tooSmall, 'REFUND_AMOUNT_TOO_SMALL');
    await refused(`0x${'ab'.repeat(32)}`, 'REFUND_TX_NOT_FOUND');
    await refused('0x1234', 'VALIDATION_FAILED');
    // None of them fulfilled it, neither by proof nor through the watcher.
    expect((await getRefund(id)).body).toMatchObject({ status: 'pending', transfer: null });

    // The first refund's transfer (5 to its recipient) cannot fulfil a second request for the same recipient.
    const dup = await requestRefund({ payment_intent_id: settled.id, amount: '5', recipient: firstRefund.recipient });
    const used = await prove(dup.body.id, firstRefund.tx);
    expect(used.status).toBe(409);
    expect(used.body.error.code).toBe('REFUND_TX_ALREADY_USED');
    // A completed request takes no other proof.
    const other = await prove(firstRefund.id, wrongRecipient);
    expect(other.body.error.code).toBe('REFUND_NOT_PENDING');
    for (const x of [id, dup.body.id]) await call('POST', `/v1/refund-requests/${x}/cancel`, keys.dev);
  });

  it('refuses requests beyond the refundable remainder, for unpaid payments, and with bad input', async () => {
    // 20 received: 5 and 2 completed, nothing open -> 13 refundable.
    const recipient = fresh();
    const over = await requestRefund({ payment_intent_id: settled.id, amount: '13.000001', recipient });
    expect(over.status).toBe(409);
    expect(over.body.error.code).toBe('REFUND_EXCEEDS_REFUNDABLE');
    // Pending requests reserve their amount.
    const ten = await requestRefund({ payment_intent_id: settled.id, amount: '10', recipient });
    expect(ten.status).toBe(201);
    const four = await requestRefund({ payment_intent_id: settled.id, amount: '4', recipient });
    expect(four.body.error.code).toBe('REFUND_EXCEEDS_REFUNDABLE');
    await call('POST', `/v1/refund-requests/${ten.body.id}/cancel`, keys.dev);
    expect((await requestRefund({ payment_intent_id: settled.id, amount: '4', recipient })).status).toBe(201);

    const unpaid = await h.createIntent({ amount: '5' });
    const notPaid = await requestRefund({ payment_intent_id: unpaid.id, amount: '1', recipient });
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.error.code).toBe('PAYMENT_NOT_PAID');

    for (const bad of [
      { payment_intent_id: settled.id, amount: '0', recipient },
      { payment_intent_id: settled.id, amount: '1', recipient: '0x1234' },
      { payment_intent_id: settled.id, amount: '1', recipient, reason: 'x'.repeat(501) },
      { payment_intent_id: '', amount: '1', recipient },
      { payment_intent_id: settled.id, amount: '1.1234567', recipient },
    ]) {
      const res = await requestRefund(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(
      (await requestRefund({ payment_intent_id: settled.id, amount: '1', recipient, reason: 'x'.repeat(500) })).status,
    ).toBe(201);
  });

  it('concurrent requests never promise more than the remainder', async () => {
    const p = await settledPayment('5');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => requestRefund({ payment_intent_id: p.id, amount: '1', recipient: fresh() })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.body.error.code)).toEqual(Array(3).fill('REFUND_EXCEEDS_REFUNDABLE'));
  });

  it('read-only keys cannot write, and another merchant’s ids answer 404', async () => {
    const recipient = fresh();
    const ro = await requestRefund({ payment_intent_id: settled.id, amount: '0.5', recipient }, keys.readOnly);
    expect(ro.status).toBe(403);
    expect((await prove(firstRefund.id, firstRefund.tx, keys.readOnly)).status).toBe(403);
    expect((await call('POST', `/v1/refund-requests/${firstRefund.id}/cancel`, keys.readOnly)).status).toBe(403);
    expect((await getRefund(firstRefund.id, keys.readOnly)).status).toBe(200);

    expect((await getRefund(firstRefund.id, keys.other)).status).toBe(404);
    expect((await prove(firstRefund.id, firstRefund.tx, keys.other)).status).toBe(404);
    const foreign = await requestRefund({ payment_intent_id: settled.id, amount: '0.5', recipient }, keys.other);
    expect(foreign.status).toBe(404);
    const otherList = await call('GET', '/v1/refund-requests', keys.other);
    expect(otherList.body.data).toEqual([]);

    // The list, filtered by payment, paginates newest first.
    const page1 = await call('GET', `/v1/refund-requests?payment_intent_id=${settled.id}&limit=2`, keys.dev);
    expect(page1.body.data).toHaveLength(2);
    expect(page1.body.has_more).toBe(true);
    const page2 = await call(
      'GET',
      `/v1/refund-requests?payment_intent_id=${settled.id}&limit=100&cursor=${page1.body.next_cursor}`,
      keys.dev,
    );
    const ids = [...page1.body.data, ...page2.body.data].map((x: { id: string }) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain(firstRefund.id);

    const actions = await h.db.query<{ action: string }>(
      `select distinct action from audit_events where merchant_id = $1 and action like 'refund_request.%'`,
      [h.tenant.merchantId],
    );
    expect(actions.map((a) => a.action).sort()).toEqual([
      'refund_request.cancelled',
      'refund_request.completed',
      'refund_request.created',
      'refund_request.proof_submitted',
    ]);
  });

  it('a refund transfer orphaned by a reorg does not complete the refund; the request is pending again', async () => {
    const p = await settledPayment('6');
    const recipient = fresh();
    const r = await requestRefund({ payment_intent_id: p.id, amount: '6', recipient });
    await sendFromVault(recipient, 6_000_000n);
    await h.sync();
    expect((await getRefund(r.body.id)).body.status).toBe('confirming');
    await reorg(h.payer, 1); // the block with the refund transfer is replaced by an empty one
    await h.sync();
    expect((await getRefund(r.body.id)).body).toMatchObject({ status: 'pending', transfer: null });
    const [t] = await h.db.query<{ removed: boolean; final: boolean }>(
      `select removed, final from chain_transfers where refund_id = $1`,
      [r.body.id],
    );
    expect(t).toEqual({ removed: true, final: false });
    await h.mine(3);
    await h.sync();
    expect((await getRefund(r.body.id)).body.status).toBe('pending');
    expect(await tokenBalance(h.payer, usdc(), recipient)).toBe(0n);
    expect(await eventTypes(p.id)).not.toContain('refund.completed');
    expect(await h.status(p.id)).toBe('REFUND_REQUESTED');
  });

  it('a proven transfer that is not final yet is rolled back by a reorg, and completes once mined again', async () => {
    const p = await settledPayment('4');
    const recipient = fresh();
    // Sent before the request exists, so only the proof records it; it is in the head block, not final.
    const tx = await sendFromVault(recipient, 4_000_000n);
    await h.sync();
    const r = await requestRefund({ payment_intent_id: p.id, amount: '4', recipient });
    const proved = await prove(r.body.id, tx);
    expect(proved.body).toMatchObject({ status: 'confirming', transfer: { source: 'proof', final: false } });
    expect(await h.status(p.id)).toBe('REFUND_REQUESTED');
    await reorg(h.payer, 1);
    await h.sync();
    expect((await getRefund(r.body.id)).body).toMatchObject({ status: 'pending', transfer: null });
    // The orphaned transaction is gone; proving it again is refused, and nothing completes.
    const again = await prove(r.body.id, tx);
    expect(again.body.error.code).toBe('REFUND_TX_NOT_FOUND');
    await h.mine(2);
    await h.sync();
    expect((await getRefund(r.body.id)).body.status).toBe('pending');
    expect(await eventTypes(p.id)).not.toContain('refund.completed');
    // The merchant sends it again while the request is open: the watcher completes it.
    await sendFromVault(recipient, 4_000_000n);
    await h.mine(1);
    await h.sync();
    expect((await getRefund(r.body.id)).body).toMatchObject({ status: 'completed', transfer: { source: 'watcher' } });
    expect(await h.status(p.id)).toBe('REFUNDED');
  });

  it('funds that arrive after settlement are reported as an overpayment with payment.overpaid', async () => {
    const p = await settledPayment('10');
    await h.pay(p.depositAddress, '2.5');
    await h.mine(1);
    await h.sync();
    expect(await h.status(p.id)).toBe('SETTLED');
    const over = (await listEvents(h.db, h.tenant, { paymentId: p.id })).find((e) => e.type === 'payment.overpaid');
    expect(over?.data).toMatchObject({
      excess_amount: '2.5',
      excess_amount_units: '2500000',
      additional_excess_amount: '2.5',
      object: { id: p.id, overpaid_amount: '2.5', status: 'SETTLED' },
    });
    const detail = await call('GET', `/v1/payments/${p.id}`, keys.dev);
    expect(detail.body).toMatchObject({ overpaid_amount: '2.5', amount_received: '12.5' });
    // The overpayment is refundable.
    const r = await requestRefund({ payment_intent_id: p.id, amount: '12.5', recipient: fresh() });
    expect(r.status).toBe(201);
  });

  it('the ledger shows refund transfers, and the overview labels refunded amounts separately', async () => {
    const tx = await listTransactions(h.ctx, h.tenant, 100);
    const refunds = tx.data.filter((t) => t.type === 'refund');
    expect(refunds.some((t) => t.tx_hash === firstRefund.tx && t.refund_request_id === firstRefund.id)).toBe(true);
    const ov = await overview(h.ctx, h.tenant, 1, 'USDC');
    // Completed: 5 + 2 (first payment), 3 (full refund), 1.5 (the underpaid one), 4 (sent again after the reorg).
    // Reorged ones do not count.
    expect(ov.refunded).toMatchObject({ amount: '15.5', amount_units: '15500000', transfers: 5 });
    const detail = await call('GET', `/v1/payments/${settled.id}`, keys.dev);
    expect(detail.body.amount_refunded).toBe('7');
    expect(detail.body.refunds.length).toBeGreaterThan(3);
  });

  it('delivers refund.requested, refund.completed and payment.overpaid signed', async () => {
    const expected = await h.db.query<{ id: string }>(
      `select id from gateway_events where merchant_id = $1 and type in ('refund.requested', 'refund.completed',
         'payment.overpaid')`,
      [h.tenant.merchantId],
    );
    await eventually(async () => (rx.requests.length >= expected.length ? true : undefined), 30_000, 'deliveries');
    const events = rx.requests.map((req) => {
      expect(independentlyVerify(req.headers['tender-signature'], req.body, secret)).toBe(1);
      return verifyWebhook(req.body, req.headers['tender-signature'], secret, { now: () => receivedAt.get(req)! });
    });
    expect(new Set(events.map((e) => e.id))).toEqual(new Set(expected.map((e) => e.id)));
    const completed = events.find((e) => e.type === 'refund.completed' && e.data.object.id === firstRefund.id);
    expect(completed?.data.object).toMatchObject({ object: 'refund_request', status: 'completed' });
    expect(events.some((e) => e.type === 'payment.overpaid')).toBe(true);
  });
});
