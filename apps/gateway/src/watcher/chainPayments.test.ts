// Real transfers on an anvil devnet reaching every payment state the payments issue owns. The devnet depth is 2:
// a transfer is final once one more block is on top of it.
import { computeDepositAddress, depositSalt, depositFactoryAbi, reorg, tokenBalance } from '@tender/evm';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import { listSettlements, listTransactions, overview, settlementPolicy } from '../ledger/ledger.ts';
import { listEvents } from '../outbox/events.ts';
import { expirePayment } from '../payments/expiry.ts';
import { runSweep } from '../settlement/sweeper.ts';
import { ensureSweep } from '../settlement/scheduleSweeps.ts';
import { DeferJobError } from '@tender/platform';

let h: ChainHarness;
beforeAll(async () => {
  h = await startChainHarness({ confirmations: 2 });
});
afterAll(() => h?.close());

const eventTypes = async (paymentId: string) =>
  (await listEvents(h.db, h.tenant, { paymentId })).map((e) => e.type).reverse();
const timeline = async (paymentId: string) =>
  (
    await h.db.query<{ status: string }>('select status from payment_timeline where payment_id = $1 order by id', [
      paymentId,
    ])
  ).map((r) => r.status);

describe(`payments on the devnet (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('derives the deposit address off-chain exactly as the factory does on-chain', async () => {
    const { id, depositAddress } = await h.createIntent();
    const onChain = await h.payer.readContract({
      address: h.network.factory!,
      abi: depositFactoryAbi,
      functionName: 'addressOf',
      args: [depositSalt(id), h.vault],
    });
    expect(onChain.toLowerCase()).toBe(depositAddress);
    expect(
      computeDepositAddress({ factory: h.network.factory!, vault: h.vault, salt: depositSalt(id) }).toLowerCase(),
    ).toBe(depositAddress);
  });

  it('exact payment: AWAITING_PAYMENT -> DETECTED -> PAID, with payment.detected and payment.confirmed', async () => {
    const { id, depositAddress } = await h.createIntent({ amount: '10' });
    expect(await h.status(id)).toBe('AWAITING_PAYMENT');
    await h.pay(depositAddress, '10');
    await h.sync();
    expect(await h.status(id)).toBe('DETECTED');
    await h.mine(1);
    await h.sync();
    expect(await h.status(id)).toBe('PAID');
    expect(await eventTypes(id)).toEqual(['payment.detected', 'payment.confirmed']);
    expect(await timeline(id)).toEqual(['DETECTED', 'PAID']); // changes after creation
    const [ev] = await listEvents(h.db, h.tenant, { paymentId: id, limit: 1 });
    expect(ev!.data.object).toMatchObject({ id, status: 'PAID', amount: '10', amount_received: '10' });
    expect(ev!.data.object).toHaveProperty('order_reference');
  });

  it('several partial transfers add up: DETECTED -> CONFIRMING -> PAID', async () => {
    const { id, depositAddress } = await h.createIntent({ amount: '10.5' });
    await h.pay(depositAddress, '4');
    await h.sync();
    expect(await h.status(id)).toBe('DETECTED');
    await h.pay(depositAddress, '3.25'); // mines a block: the first transfer is final now
    await h.sync();
    expect(await h.status(id)).toBe('CONFIRMING');
    await h.pay(depositAddress, '3.25');
    await h.mine(1);
    await h.sync();
    expect(await h.status(id)).toBe('PAID');
    const [row] = await h.db.query<{ received_units: string }>(
      'select received_units from payment_intents where id = $1',
      [id],
    );
    expect(row!.received_units).toBe('10500000');
  });

  it('overpaid: records the excess in the payment and in payment.overpaid', async () => {
    const { id, depositAddress } = await h.createIntent({ amount: '10' });
    await h.pay(depositAddress, '11.5');
    await h.mine(1);
    await h.sync();
    expect(await h.status(id)).toBe('OVERPAID');
    const events = await listEvents(h.db, h.tenant, { paymentId: id });
    const over = events.find((e) => e.type === 'payment.overpaid')!;
    expect(over.data).toMatchObject({ excess_amount: '1.5', excess_amount_units: '1500000' });
    expect(over.data.object).toMatchObject({ overpaid_amount: '1.5', status: 'OVERPAID' });
    expect(events.map((e) => e.type)).toContain('payment.confirmed');
  });

  it('a foreign token and the bridged USDC stand-in give INVALID_ASSET, never a partial payment', async () => {
    const a = await h.createIntent({ amount: '5' });
    const b = await h.createIntent({ amount: '5' });
    await h.pay(a.depositAddress, '5', 'plainERC20');
    await h.pay(b.depositAddress, '5', 'bridgedUSDC');
    await h.mine(1);
    await h.sync();
    for (const p of [a, b]) {
      expect(await h.status(p.id)).toBe('INVALID_ASSET');
      expect(await eventTypes(p.id)).toEqual(['payment.invalid_asset']);
      const [t] = await h.db.query<{ official: boolean; received_units: string }>(
        `select t.official, i.received_units from chain_transfers t join payment_intents i on i.id = t.payment_id
         where t.payment_id = $1`,
        [p.id],
      );
      expect(t).toEqual({ official: false, received_units: '0' });
    }
    // Foreign funds are recoverable into the vault: a recovery sweep of that token was scheduled; run it.
    const tokens = h.devnet.manifest.tokens;
    const before = await tokenBalance(h.payer, tokens.plainERC20, h.vault);
    const [s] = await h.db.query<{ id: string; purpose: string; token: string }>(
      'select id, purpose, token from settlements where payment_id = $1',
      [a.id],
    );
    expect(s).toMatchObject({ purpose: 'recovery', token: tokens.plainERC20.toLowerCase() });
    await sweepUntilDone(s!.id);
    expect((await tokenBalance(h.payer, tokens.plainERC20, h.vault)) - before).toBe(5_000_000n);
    expect(await tokenBalance(h.payer, tokens.plainERC20, a.depositAddress)).toBe(0n);
    expect(await h.status(a.id)).toBe('INVALID_ASSET'); // recovered, not paid
  });

  it('EURC sent to a USDC intent is a foreign token too', async () => {
    const { id, depositAddress } = await h.createIntent({ amount: '5' });
    await h.pay(depositAddress, '5', 'EURC');
    await h.mine(1);
    await h.sync();
    expect(await h.status(id)).toBe('INVALID_ASSET');
  });

  it('a reorg that removes an unconfirmed transfer rolls the payment back with payment.reversed, and it never becomes PAID', async () => {
    const { id, depositAddress } = await h.createIntent({ amount: '7' });
    await h.pay(depositAddress, '7');
    await h.sync();
    expect(await h.status(id)).toBe('DETECTED');
    // Replace the block holding the transfer with an empty one.
    await reorg(h.payer, 1);
    await h.sync();
    expect(await h.status(id)).toBe('AWAITING_PAYMENT');
    const [t] = await h.db.query<{ removed: boolean; final: boolean }>(
      'select removed, final from chain_transfers where payment_id = $1',
      [id],
    );
    expect(t).toEqual({ removed: true, final: false });
    await h.mine(3);
    await h.sync();
    expect(await h.status(id)).toBe('AWAITING_PAYMENT');
    expect(await timeline(id)).toEqual(['DETECTED', 'AWAITING_PAYMENT']);
    // The receiver heard of the funds: it hears that they are gone, and which fact that withdraws.
    expect(await eventTypes(id)).toEqual(['payment.detected', 'payment.reversed']);
    const [reversed] = await listEvents(h.db, h.tenant, { paymentId: id, limit: 1 });
    expect(reversed!.data).toMatchObject({ reverses: ['payment.detected'], object: { status: 'AWAITING_PAYMENT' } });
  });

  it('underpaid at expiry, then funds that arrive after expiry make a late payment', async () => {
    const under = await h.createIntent({ amount: '10', expires_in_seconds: 300 });
    const late = await h.createIntent({ amount: '10', expires_in_seconds: 300 });
    const nothing = await h.createIntent({ amount: '10', expires_in_seconds: 300 });
    await h.pay(under.depositAddress, '4');
    await h.mine(1);
    await h.sync();
    expect(await h.status(under.id)).toBe('CONFIRMING');
    // Time passes on the chain and for the gateway alike; the expiry jobs run. (Margin: anvil's block clock can
    // trail the wall clock by a second or two after a reorg.)
    await h.advance(330, { chain: true });
    await h.mine(1);
    for (const p of [under, late, nothing]) await expirePayment(h.ctx, p.id);
    expect(await h.status(under.id)).toBe('UNDERPAID');
    expect(await h.status(late.id)).toBe('EXPIRED');
    expect(await h.status(nothing.id)).toBe('EXPIRED');
    expect(await eventTypes(under.id)).toEqual(['payment.detected', 'payment.underpaid']);
    expect(await eventTypes(nothing.id)).toEqual(['payment.expired']);
    // Expiry is idempotent: running it again changes nothing.
    await expirePayment(h.ctx, nothing.id);
    expect(await eventTypes(nothing.id)).toEqual(['payment.expired']);

    await h.pay(late.depositAddress, '10');
    await h.sync();
    expect(await h.status(late.id)).toBe('EXPIRED'); // seen, not final yet
    await h.mine(1);
    await h.sync();
    expect(await h.status(late.id)).toBe('LATE_PAYMENT');
    expect(await eventTypes(late.id)).toEqual(['payment.expired', 'payment.late']);
    // Late funds are recovered into the vault too: a recovery sweep was scheduled.
    const [s] = await h.db.query<{ id: string; purpose: string }>(
      'select id, purpose from settlements where payment_id = $1',
      [late.id],
    );
    expect(s?.purpose).toBe('recovery');
    const before = await h.balance('USDC', h.vault);
    await sweepUntilDone(s!.id);
    expect((await h.balance('USDC', h.vault)) - before).toBe(10_000_000n);
    await h.mine(2);
    await h.sync();
    expect(await h.status(late.id)).toBe('LATE_PAYMENT'); // the funds are in the vault; the payment stays late
  });

  it('a sweep lands the funds in the vault: SETTLEMENT_PENDING, then SETTLED once the vault transfer is final', async () => {
    const { id, depositAddress } = await h.createIntent({ amount: '12.34' });
    await h.pay(depositAddress, '12.34');
    await h.mine(1);
    await h.sync();
    expect(await h.status(id)).toBe('PAID');
    const vaultBefore = await h.balance('USDC', h.vault);
    const [s] = await h.db.query<{ id: string; state: string }>(
      `select id, state from settlements where payment_id = $1 and purpose = 'payment'`,
      [id],
    );
    expect(s!.state).toBe('pending');
    await sweepUntilDone(s!.id);
    expect(await h.status(id)).toBe('SETTLEMENT_PENDING');
    await h.sync(); // sees the forwarder's transfer into the vault, not final yet
    expect(await h.status(id)).toBe('SETTLEMENT_PENDING');
    await h.mine(1);
    await h.sync();
    expect(await h.status(id)).toBe('SETTLED');
    // Read back from the chain: the vault holds the payment, the deposit address holds nothing.
    expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(12_340_000n);
    expect(await h.balance('USDC', depositAddress as Address)).toBe(0n);
    // Already final when the watcher first saw it (paid and mined before the poll): no payment.detected.
    expect(await eventTypes(id)).toEqual([
      'payment.confirmed',
      'settlement.submitted',
      'settlement.completed',
      'payment.completed',
    ]);
    const [row] = await h.db.query<{ state: string; amount_units: string }>(
      'select state, amount_units from settlements where id = $1',
      [s!.id],
    );
    expect(row).toEqual({ state: 'succeeded', amount_units: '12340000' });
    // Safe to repeat: a second sweep of the same deposit address signs nothing (the address is empty), ends without
    // a retry instead of "succeeding" with 0 units, and changes no status.
    const again = await h.db.tx((tx) =>
      ensureSweep(
        h.ctx,
        tx,
        { id, merchant_id: h.tenant.merchantId, environment: 'test' },
        'devnet',
        'recovery',
        h.devnet.manifest.tokens.USDC,
      ),
    );
    await sweepUntilDone(again!);
    const [second] = await h.db.query<{ state: string; amount_units: string | null; tx_hash: string | null }>(
      'select state, amount_units, tx_hash from settlements where id = $1',
      [again],
    );
    expect(second).toEqual({ state: 'failed', amount_units: null, tx_hash: null });
    const [attempts] = await h.db.query<{ n: number }>(
      `select count(*)::int as n from settlements where payment_id = $1 and purpose = 'recovery'`,
      [id],
    );
    expect(attempts!.n).toBe(1);
    expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(12_340_000n);
    expect(await h.status(id)).toBe('SETTLED');
  });

  it('a sweep orphaned by a reorg is checked again, rebroadcast, and still settles exactly once', async () => {
    const { id, depositAddress } = await h.createIntent({ amount: '3' });
    await h.pay(depositAddress, '3');
    await h.mine(1);
    await h.sync();
    const [s] = await h.db.query<{ id: string }>(
      `select id from settlements where payment_id = $1 and purpose = 'payment'`,
      [id],
    );
    const vaultBefore = await h.balance('USDC', h.vault);
    await sweepUntilDone(s!.id); // mined in the latest block
    await h.sync();
    expect(await h.status(id)).toBe('SETTLEMENT_PENDING');
    await reorg(h.payer, 1); // the block with the sweep is orphaned, its transaction gone
    await h.sync();
    expect(await h.balance('USDC', h.vault)).toBe(vaultBefore);
    const [reopened] = await h.db.query<{ state: string }>('select state from settlements where id = $1', [s!.id]);
    expect(reopened!.state).toBe('submitted');
    const [job] = await h.db.query<{ state: string }>(`select state from jobs where idempotency_key like $1`, [
      `sweep-recheck:${s!.id}:%`,
    ]);
    expect(job?.state).toBe('queued');
    expect(await h.status(id)).toBe('SETTLEMENT_PENDING');
    await sweepUntilDone(s!.id); // no receipt, nonce unused: the same signed transaction goes out again
    await h.mine(1);
    await h.sync();
    expect(await h.status(id)).toBe('SETTLED');
    expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(3_000_000n);
    const types = (await listEvents(h.db, h.tenant, { paymentId: id })).map((e) => e.type);
    expect(types.filter((t) => t === 'settlement.completed')).toHaveLength(1);
  });

  it('ledger views show the movements: transactions, settlements, overview, and the vault read live from the chain', async () => {
    const tx = await listTransactions(h.ctx, h.tenant, 100);
    const types = new Set(tx.data.map((t) => t.type));
    expect(types).toEqual(new Set(['payment', 'settlement']));
    // Every amount has its decimal twin: a foreign token's decimals are read from the chain when its first transfer
    // is recorded; EURC sent to a USDC intent is foreign yet known.
    const plain = tx.data.find((t) => t.token_address === h.devnet.manifest.tokens.plainERC20.toLowerCase());
    expect(plain).toMatchObject({ official: false, amount: '5', token_symbol: null, amount_units: '5000000' });
    const eurc = tx.data.find((t) => t.token_symbol === 'EURC');
    expect(eurc).toMatchObject({ official: false, amount: '5' });
    const removed = tx.data.find((t) => t.removed);
    expect(removed).toMatchObject({ confirmations: 0, final: false });

    const st = await listSettlements(h.ctx, h.tenant, 100);
    const succeeded = st.data.filter((x) => x.state === 'succeeded' && x.token_symbol === 'USDC');
    expect(succeeded.length).toBeGreaterThan(0);

    const ov = await overview(h.ctx, h.tenant, 1, 'USDC');
    const [sums] = await h.db.query<{ received: string; settled: string }>(
      `select coalesce(sum(amount_units) filter (where kind = 'incoming'), 0)::text as received,
              coalesce(sum(amount_units) filter (where kind = 'settlement'), 0)::text as settled
       from chain_transfers where official and final and not removed`,
    );
    expect(ov.received.amount_units).toBe(sums!.received);
    expect(ov.settled.amount_units).toBe(sums!.settled);
    expect(BigInt(ov.settled.amount_units)).toBeGreaterThan(0n);

    const policy = await settlementPolicy(h.ctx, h.tenant);
    const devnet = policy.networks.find((n) => n.network === 'devnet')!;
    expect(devnet.confirmations).toBe(2);
    const onChain = devnet.vault!.on_chain as { balances: { symbol: string; amount_units: string }[]; kind: string };
    expect(onChain.kind).toBe('externally_owned_account');
    const usdc = onChain.balances.find((b) => b.symbol === 'USDC')!;
    expect(BigInt(usdc.amount_units)).toBe(await h.balance('USDC', h.vault));
  });

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
});
