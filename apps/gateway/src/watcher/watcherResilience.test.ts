// The watcher and the sweeper under the conditions of a real deployment, on an anvil devnet: several processes,
// downtime, nodes that refuse ranges, lag or fail, a relayer that cannot pay gas, a stuck transaction, and the
// workers running on their own.
import { mine } from '@tender/evm';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import { listEvents } from '../outbox/events.ts';
import { createNetworkRegistry } from '../networks/registry.ts';
import { DeferJobError } from '@tender/platform';
import { gatewayFeatures } from '../runtime.ts';
import { startGatewayWorkers } from '../workers.ts';
import { runSweep } from '../settlement/sweeper.ts';
import type { BlockHeader, ChainReader, RawLog } from './chainReader.ts';
import { createChainWatcher, type ChainWatcher } from './chainWatcher.ts';

let h: ChainHarness;
const running: ChainWatcher[] = [];
afterEach(async () => {
  // A failed test must not leave a watcher holding the network's lease for the next one.
  await Promise.all(running.splice(0).map((w) => w.stop()));
});
beforeAll(async () => {
  h = await startChainHarness({ confirmations: 2 });
  // The harness's watcher would hold the lease; these tests bring their own watchers.
  await h.watcher.stop();
});
afterAll(() => h?.close());

/** A reader that delegates to the real node, with faults injected by the test. */
function faultyReader(real: ChainReader) {
  const faults = {
    maxRange: Infinity as number,
    lagBy: 0n,
    failLogs: 0,
  };
  let calls = 0;
  const reader: ChainReader = {
    get calls() {
      return calls;
    },
    async getBlock(n) {
      calls++;
      if (n === 'latest' && faults.lagBy > 0n) {
        const head = (await real.getBlock('latest'))!;
        return real.getBlock(head.number - faults.lagBy);
      }
      return real.getBlock(n);
    },
    async getTransferLogs(from, to): Promise<RawLog[]> {
      calls++;
      if (faults.failLogs > 0) {
        faults.failLogs--;
        throw new Error('upstream connect error or disconnect/reset before headers');
      }
      if (Number(to - from + 1n) > faults.maxRange) {
        throw new Error(`eth_getLogs is limited to a ${faults.maxRange} block range`);
      }
      return real.getTransferLogs(from, to);
    },
  };
  return { reader, faults };
}

const watcherWith = (
  reader: ChainReader,
  o: { maxRange?: number; leaseMs?: number; owner?: string } = {},
): ChainWatcher => {
  const w = createChainWatcher(h.ctx, {
    network: h.network,
    reader,
    pollMs: 20,
    maxRange: o.maxRange ?? 500,
    leaseMs: o.leaseMs ?? 60_000,
    ...(o.owner ? { owner: o.owner } : {}),
  });
  running.push(w);
  return w;
};

async function syncWith(w: ChainWatcher, maxPolls = 200): Promise<number> {
  for (let i = 1; i <= maxPolls; i++) {
    const r = await w.pollOnce();
    if (!r.behind && !r.standby) return i;
  }
  throw new Error('did not catch up');
}

async function cursor(): Promise<bigint> {
  const [c] = await h.db.query<{ block_number: string }>(
    `select block_number from watcher_cursors where network = 'devnet'`,
  );
  return BigInt(c!.block_number);
}

describe(`watcher and sweeper resilience (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('one watcher is active per network; another takes over only when the lease expires, and the old one is fenced out', async () => {
    // a's lease is short so that it can lapse in the test; b's is long so that a slow machine cannot lapse it.
    const a = watcherWith(h.reader, { leaseMs: 2_000, owner: 'a' });
    const b = watcherWith(h.reader, { leaseMs: 60_000, owner: 'b' });
    expect((await a.pollOnce()).standby).toBe(false);
    expect((await b.pollOnce()).standby).toBe(true);
    expect((await a.pollOnce()).standby).toBe(false); // renewing
    await new Promise((r) => setTimeout(r, 2_200)); // a stalls past its lease
    expect((await b.pollOnce()).standby).toBe(false);
    expect((await a.pollOnce()).standby).toBe(true);
    const [row] = await h.db.query<{ lease_owner: string }>(
      `select lease_owner from watcher_cursors where network = 'devnet'`,
    );
    expect(row!.lease_owner).toBe('b');
    await b.stop(); // releases the lease at once
    expect((await a.pollOnce()).standby).toBe(false);
    await a.stop();
  });

  it('backfills after downtime in bounded ranges, halving the range when the node refuses it', async () => {
    const { reader, faults } = faultyReader(h.reader);
    const start = await cursor();
    const paid = [
      await h.createIntent({ amount: '2' }),
      await h.createIntent({ amount: '3' }),
      await h.createIntent({ amount: '4' }),
    ];
    // The watcher is down while payments happen over 40 blocks.
    await h.pay(paid[0]!.depositAddress, '2');
    await h.mine(15);
    await h.pay(paid[1]!.depositAddress, '3');
    await h.mine(15);
    await h.pay(paid[2]!.depositAddress, '1');
    await h.pay(paid[2]!.depositAddress, '3');
    await h.mine(5);
    faults.maxRange = 7; // the node refuses ranges over 7 blocks; the watcher starts with 50
    const w = watcherWith(reader, { maxRange: 50 });
    const polls = await syncWith(w);
    const head = (await h.reader.getBlock('latest'))!.number;
    expect(await cursor()).toBe(head);
    expect(polls).toBeGreaterThanOrEqual(Math.ceil(Number(head - start) / 7));
    for (const p of paid) expect(await h.status(p.id)).toBe('PAID');
    await w.stop();
  });

  it('waits for a lagging node instead of mistaking it for a reorg, and survives RPC errors', async () => {
    const { reader, faults } = faultyReader(h.reader);
    const w = watcherWith(reader);
    await syncWith(w);
    const before = await cursor();
    const p = await h.createIntent({ amount: '1' });
    await h.pay(p.depositAddress, '1');
    await h.mine(2);
    faults.lagBy = 5n; // a node behind the one we read before
    const lagging = await w.pollOnce();
    expect(lagging.reorg).toBeUndefined();
    expect(await cursor()).toBe(before);
    faults.lagBy = 0n;
    faults.failLogs = 2;
    await expect(w.pollOnce()).rejects.toThrow(/upstream/);
    await expect(w.pollOnce()).rejects.toThrow(/upstream/);
    expect(await cursor()).toBe(before); // nothing half-done
    await syncWith(w);
    expect(await h.status(p.id)).toBe('PAID');
    await w.stop();
  });

  it('costs the same RPC calls per block whatever the number of open intents', async () => {
    const w = watcherWith(h.reader);
    await syncWith(w);
    const perBlock = async () => {
      await h.mine(1);
      const r = await w.pollOnce();
      expect(r.blocks).toBe(1);
      return r.rpcCalls;
    };
    const few = await perBlock();
    for (let i = 0; i < 150; i++) await h.createIntent({ amount: '1' });
    const many = await perBlock();
    expect(few).toBe(2); // eth_getBlockByNumber(latest) + eth_getLogs
    expect(many).toBe(few);
    await w.stop();
  });

  // The gas watch defers sweeps while the relayer is low on gas (settlement/gasWatch.test.ts); a send can still fail
  // when the price moves between the reading and the send; here the registry sets the threshold to 0 (no deferral).
  it('a sweep the relayer cannot pay for is SETTLEMENT_FAILED, retried, and then settles', async () => {
    const poor = privateKeyToAccount(generatePrivateKey());
    const registry = createNetworkRegistry(
      { profile: 'dev', relayerMinSweeps: 0 },
      { devnet: h.devnet.manifest, devnetOverrides: { confirmations: 2, relayer: poor } },
    );
    const ctx = { ...h.ctx, networkRegistry: registry };
    const w = createChainWatcher(ctx, {
      network: registry.get('devnet')!,
      reader: h.reader,
      pollMs: 20,
      maxRange: 500,
    });
    running.push(w);
    await syncWith(w);
    const p = await h.createIntent({ amount: '5' });
    await h.pay(p.depositAddress, '5');
    await h.mine(1);
    await syncWith(w);
    expect(await h.status(p.id)).toBe('PAID');
    const first = await settlementOf(p.id, 1);
    await runSweep(ctx, first, { retryDelayMs: () => 0 });
    expect(await h.status(p.id)).toBe('SETTLEMENT_FAILED');
    const [failed] = await h.db.query<{ state: string; error: string }>(
      'select state, error from settlements where id = $1',
      [first],
    );
    expect(failed!.state).toBe('failed');
    expect(failed!.error).toMatch(/could not send the sweep/);
    // The relayer gets gas money; the next attempt (already scheduled) goes through.
    await h.payer.request({
      method: 'anvil_setBalance' as never,
      params: [poor.address, '0xde0b6b3a7640000'] as never,
    });
    const second = await settlementOf(p.id, 2);
    await sweepUntilDone(ctx, second);
    const [s2] = await h.db.query<{ state: string; error: string | null }>(
      'select state, error from settlements where id = $1',
      [second],
    );
    expect(s2).toEqual({ state: 'succeeded', error: null });
    expect(await h.status(p.id)).toBe('SETTLEMENT_PENDING');
    await h.mine(1);
    await syncWith(w);
    expect(await h.status(p.id)).toBe('SETTLED');
    const types = (await listEvents(h.db, h.tenant, { paymentId: p.id })).map((e) => e.type).reverse();
    expect(types).toEqual([
      'payment.confirmed',
      'settlement.failed',
      'settlement.submitted',
      'settlement.completed',
      'payment.completed',
    ]);
    await w.stop();
  });

  it('replaces a stuck sweep with higher fees; the replacement settles', async () => {
    const w = watcherWith(h.reader);
    await syncWith(w);
    const p = await h.createIntent({ amount: '6' });
    await h.pay(p.depositAddress, '6');
    await h.mine(1);
    await syncWith(w);
    const id = await settlementOf(p.id, 1);
    await h.payer.request({ method: 'evm_setAutomine' as never, params: [false] as never });
    try {
      await expect(runSweep(h.ctx, id, { checkEveryMs: 1 })).rejects.toBeInstanceOf(DeferJobError);
      // Blocks whose base fee the first transaction cannot pay: it stays in the pool.
      for (let i = 0; i < h.registry.sweepStuckBlocks; i++) {
        await h.payer.request({
          method: 'anvil_setNextBlockBaseFeePerGas' as never,
          params: ['0x174876e800'] as never,
        });
        await mine(h.payer, 1);
      }
      await expect(runSweep(h.ctx, id, { checkEveryMs: 1 })).rejects.toBeInstanceOf(DeferJobError);
      const txs = await h.db.query<{ tx_hash: string; max_fee_per_gas: string }>(
        'select tx_hash, max_fee_per_gas from settlement_txs where settlement_id = $1 order by created_at',
        [id],
      );
      expect(txs).toHaveLength(2);
      expect(BigInt(txs[1]!.max_fee_per_gas)).toBeGreaterThan(BigInt(txs[0]!.max_fee_per_gas));
      await h.payer.request({ method: 'anvil_setNextBlockBaseFeePerGas' as never, params: ['0x174876e800'] as never });
      await mine(h.payer, 1);
      await sweepUntilDone(h.ctx, id);
      const [s] = await h.db.query<{ state: string; tx_hash: string }>(
        'select state, tx_hash from settlements where id = $1',
        [id],
      );
      expect(s).toEqual({ state: 'succeeded', tx_hash: txs[1]!.tx_hash });
    } finally {
      await h.payer.request({ method: 'evm_setAutomine' as never, params: [true] as never });
    }
    await h.mine(2);
    await syncWith(w);
    expect(await h.status(p.id)).toBe('SETTLED');
    await w.stop();
  });

  it('the workers alone take a payment from transfer to SETTLED (watcher + expiry and sweep queues)', async () => {
    const vaultBefore = await h.balance('USDC', h.vault);
    const [{ now: startedAt }] = (await h.db.query<{ now: Date }>('select now()')) as [{ now: Date }];
    const workers = await startGatewayWorkers(
      h.ctx,
      gatewayFeatures(h.ctx, { webhooks: { pollMs: 50 }, sweep: { checkEveryMs: 100 } }),
      { jobPollMs: 50 },
    );
    try {
      const p = await h.createIntent({ amount: '8.5' });
      await h.pay(p.depositAddress, '8.5');
      // Automine: blocks come only from transactions, so keep the chain moving as a real one would.
      const deadline = Date.now() + 30_000;
      while ((await h.status(p.id)) !== 'SETTLED') {
        if (Date.now() > deadline) throw new Error(`stuck in ${await h.status(p.id)}`);
        await h.mine(1);
        await new Promise((r) => setTimeout(r, 150));
      }
      // The vault grew by exactly what the sweeps of this run moved (earlier tests left recovery sweeps queued).
      const [moved] = await h.db.query<{ units: string }>(
        `select coalesce(sum(amount_units), 0)::text as units from settlements where state = 'succeeded' and finished_at >= $1`,
        [startedAt],
      );
      expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(BigInt(moved!.units));
      const [own] = await h.db.query<{ amount_units: string }>(
        `select amount_units from settlements where payment_id = $1 and purpose = 'payment' and state = 'succeeded'`,
        [p.id],
      );
      expect(own!.amount_units).toBe('8500000');
    } finally {
      await workers.stop();
    }
  });

  async function settlementOf(paymentId: string, attempt: number): Promise<string> {
    const [s] = await h.db.query<{ id: string }>(
      `select id from settlements where payment_id = $1 and purpose = 'payment' and attempt = $2`,
      [paymentId, attempt],
    );
    if (!s) throw new Error(`no settlement attempt ${attempt} for ${paymentId}`);
    return s.id;
  }
});

async function sweepUntilDone(ctx: ChainHarness['ctx'], id: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    try {
      await runSweep(ctx, id, { checkEveryMs: 1 });
      return;
    } catch (err) {
      if (!(err instanceof DeferJobError)) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  throw new Error('sweep did not finish');
}

export type { BlockHeader };
