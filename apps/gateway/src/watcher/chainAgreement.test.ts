// The database must never stay ahead of the chain. On the devnet (a crash restored anvil's state from a file older
// than the database) the lost facts are rolled back and announced; on a real network, final facts that the chain no
// longer holds are an incident: degraded, loud, and no status moves.
import { anvilRequest, type DevnetClient } from '@tender/evm';
import { DeferJobError, Metrics } from '@tender/platform';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import { createNetworkRegistry } from '../networks/registry.ts';
import { listEvents } from '../outbox/events.ts';
import { runSweep } from '../settlement/sweeper.ts';
import { registerGatewayMetrics } from '../system/gatewayMetrics.ts';
import { publicStatus } from '../system/publicStatus.ts';
import type { GatewayContext } from '../context.ts';
import { createChainWatcher } from './chainWatcher.ts';
import { openIncidents } from './chainIncidents.ts';

let h: ChainHarness;
beforeAll(async () => {
  h = await startChainHarness({ confirmations: 2 });
});
afterAll(() => h?.close());

/** What a crash inside anvil's dump window does: the chain goes back to an older state. */
const snapshot = (c: DevnetClient) => anvilRequest<string>(c, 'evm_snapshot', []);
const revertTo = (c: DevnetClient, id: string) => anvilRequest<boolean>(c, 'evm_revert', [id]);

async function sweepUntilDone(settlementId: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    try {
      await runSweep(h.ctx, settlementId, { checkEveryMs: 10, retryDelayMs: () => 0 });
      return;
    } catch (err) {
      if (!(err instanceof DeferJobError)) throw err;
      await h.mine(1);
    }
  }
  throw new Error('sweep did not finish');
}

async function paymentSweeps(id: string) {
  return h.db.query<{ id: string; state: string; amount_units: string | null; error: string | null }>(
    `select id, state, amount_units, error from settlements where payment_id = $1 and purpose = 'payment'
     order by attempt`,
    [id],
  );
}

async function settle(id: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    const pending = (await paymentSweeps(id)).filter((s) => s.state === 'pending' || s.state === 'submitted');
    for (const s of pending) await sweepUntilDone(s.id);
    await h.mine(2);
    await h.sync();
    if ((await h.status(id)) === 'SETTLED') return;
  }
  throw new Error(`payment ${id} did not settle: ${await h.status(id)}`);
}

const types = async (id: string) =>
  (await listEvents(h.db, h.tenant, { paymentId: id, limit: 100 })).map((e) => e.type).reverse();

describe(`the database and the chain agree (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a devnet that lost settled payments rolls them back, announces it, and never sweeps 0 units', async () => {
    const snap = await snapshot(h.payer);
    const vaultBefore = await h.balance('USDC', h.vault);
    const lost = [await h.createIntent({ amount: '2' }), await h.createIntent({ amount: '3' })];
    for (const p of lost) await h.pay(p.depositAddress, p.id === lost[0]!.id ? '2' : '3');
    await h.mine(3);
    await h.sync();
    for (const p of lost) await settle(p.id);
    expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(5_000_000n);

    // The crash: anvil comes back with the older state; the database keeps what it recorded.
    expect(await revertTo(h.payer, snap)).toBe(true);
    expect(await h.balance('USDC', h.vault)).toBe(vaultBefore);
    // A fresh watcher, as after a restart: its first poll checks the recorded blocks against the chain.
    const w = createChainWatcher(h.ctx, { network: h.network, reader: h.reader, pollMs: 20, maxRange: 500 });
    await h.watcher.stop();
    try {
      const r = await w.pollOnce();
      expect(r.rollback).toMatchObject({ transfers: 4, finalTransfers: 4, settlements: 2, payments: 2, resweeps: 0 });
      expect(r.rollback!.changed.sort()).toEqual(lost.map((p) => p.id).sort());
      for (const p of lost) {
        expect(await h.status(p.id)).toBe('AWAITING_PAYMENT');
        expect((await types(p.id)).slice(-1)).toEqual(['payment.reversed']);
        const [sweep] = await paymentSweeps(p.id);
        expect(sweep).toMatchObject({ state: 'voided' });
        expect(sweep!.error).toMatch(/devnet lost/);
        const [intent] = await h.db.query<{ received_units: string; settled_units: string }>(
          'select received_units, settled_units from payment_intents where id = $1',
          [p.id],
        );
        expect(intent).toEqual({ received_units: '0', settled_units: '0' });
      }
      const [incident] = await h.db.query<{ kind: string; transfers: number; resolved: boolean }>(
        `select kind, transfers, resolved_at is not null as resolved from chain_incidents order by id desc limit 1`,
      );
      expect(incident).toEqual({ kind: 'devnet_rollback', transfers: 4, resolved: true });
      expect(await openIncidents(h.db)).toEqual([]);
      // The next polls agree with the chain and record nothing that is not there.
      for (let i = 0; i < 20 && (await w.pollOnce()).behind; i++);
      expect((await w.pollOnce()).rollback).toBeUndefined();
      for (const p of lost) expect(await h.status(p.id)).toBe('AWAITING_PAYMENT');

      // The customer pays again on the surviving chain: it settles exactly once.
      await h.pay(lost[0]!.depositAddress, '2');
      await h.mine(3);
      for (let i = 0; i < 20 && (await w.pollOnce()).behind; i++);
      expect(await h.status(lost[0]!.id)).toBe('PAID');
      const again = (await paymentSweeps(lost[0]!.id)).filter((s) => s.state === 'pending');
      expect(again).toHaveLength(1);
      await sweepUntilDone(again[0]!.id);
      await h.mine(3);
      for (let i = 0; i < 20 && (await w.pollOnce()).behind; i++);
      expect(await h.status(lost[0]!.id)).toBe('SETTLED');
      expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(2_000_000n);
    } finally {
      await w.stop();
    }
  });

  it('a devnet that lost only the sweep settles the payment again, into the vault exactly once', async () => {
    const { id, depositAddress } = await h.createIntent({ amount: '4' });
    await h.pay(depositAddress, '4');
    await h.mine(3);
    await h.sync();
    expect(await h.status(id)).toBe('PAID');
    const snap = await snapshot(h.payer);
    const vaultBefore = await h.balance('USDC', h.vault);
    await settle(id);
    expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(4_000_000n);

    expect(await revertTo(h.payer, snap)).toBe(true);
    await h.mine(12); // the restored chain has moved on past the recorded blocks, on another fork
    await h.watcher.stop();
    const w = createChainWatcher(h.ctx, { network: h.network, reader: h.reader, pollMs: 20, maxRange: 500 });
    try {
      const r = await w.pollOnce();
      expect(r.rollback).toMatchObject({ finalTransfers: 1, settlements: 1, payments: 1, resweeps: 1 });
      expect(await h.status(id)).toBe('PAID');
      expect((await types(id)).slice(-1)).toEqual(['settlement.reversed']);
      const sweeps = await paymentSweeps(id);
      expect(sweeps.map((s) => s.state)).toEqual(['voided', 'pending']);
      await sweepUntilDone(sweeps[1]!.id);
      await h.mine(3);
      for (let i = 0; i < 20 && (await w.pollOnce()).behind; i++);
      expect(await h.status(id)).toBe('SETTLED');
      expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(4_000_000n);
      expect(await h.balance('USDC', depositAddress as Address)).toBe(0n);
    } finally {
      await w.stop();
    }
  });

  it('a sweep recorded as mined after the cursor, then lost with its block, is voided and settles again', async () => {
    const { id, depositAddress } = await h.createIntent({ amount: '2' });
    await h.pay(depositAddress, '2');
    await h.mine(3);
    await h.sync();
    expect(await h.status(id)).toBe('PAID');
    const snap = await snapshot(h.payer);
    const vaultBefore = await h.balance('USDC', h.vault);
    const [first] = await paymentSweeps(id);
    await sweepUntilDone(first!.id); // mined and recorded; the watcher has not seen its block
    expect((await paymentSweeps(id))[0]).toMatchObject({ state: 'succeeded' });
    expect(await revertTo(h.payer, snap)).toBe(true);
    await h.watcher.stop();
    const w = createChainWatcher(h.ctx, { network: h.network, reader: h.reader, pollMs: 20, maxRange: 500 });
    try {
      await w.pollOnce();
      const sweeps = await paymentSweeps(id);
      expect(sweeps.map((s) => s.state)).toEqual(['voided', 'pending']);
      expect(await h.status(id)).toBe('PAID');
      await sweepUntilDone(sweeps[1]!.id);
      await h.mine(3);
      for (let i = 0; i < 20 && (await w.pollOnce()).behind; i++);
      expect(await h.status(id)).toBe('SETTLED');
      expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(2_000_000n);
    } finally {
      await w.stop();
    }
  });

  it('a sweep of a payment whose funds are not on the chain waits instead of succeeding with 0 units', async () => {
    const snap = await snapshot(h.payer);
    const { id, depositAddress } = await h.createIntent({ amount: '1' });
    await h.pay(depositAddress, '1');
    await h.mine(3);
    await h.sync();
    expect(await h.status(id)).toBe('PAID');
    const [sweep] = await paymentSweeps(id);
    // The chain loses the payment, and the sweep job runs before the watcher has noticed.
    expect(await revertTo(h.payer, snap)).toBe(true);
    await expect(runSweep(h.ctx, sweep!.id, { checkEveryMs: 10 })).rejects.toBeInstanceOf(DeferJobError);
    expect((await paymentSweeps(id))[0]).toMatchObject({ state: 'pending', amount_units: null });
    // The watcher reconciles: the payment is no longer paid and its unsent sweep is voided, not failed.
    await h.watcher.stop();
    const w = createChainWatcher(h.ctx, { network: h.network, reader: h.reader, pollMs: 20, maxRange: 500 });
    try {
      expect((await w.pollOnce()).rollback).toMatchObject({ finalTransfers: 1, payments: 1 });
      expect(await h.status(id)).toBe('AWAITING_PAYMENT');
      expect((await paymentSweeps(id))[0]).toMatchObject({ state: 'voided' });
      await runSweep(h.ctx, sweep!.id); // a voided sweep is done: the job ends without signing
      expect((await paymentSweeps(id))[0]).toMatchObject({ state: 'voided', amount_units: null });
    } finally {
      await w.stop();
    }
  });

  it('on a real network, final facts no longer on the chain are an incident: degraded, and no status moves', async () => {
    const registry = createNetworkRegistry(
      {
        profile: 'dev',
        rpcUrlSepolia: h.devnet.rpcUrl,
        depositFactoryAddress: h.devnet.manifest.contracts.depositFactory,
      },
      { devnet: h.devnet.manifest, devnetOverrides: { confirmations: 2 } },
    );
    const ctx: GatewayContext = { ...h.ctx, networkRegistry: registry };
    const sepolia = registry.get('sepolia')!;
    expect(sepolia.available).toBe(true);
    const { id } = await h.createIntent({ amount: '1' });
    const head = (await h.reader.getBlock('latest'))!;
    const fake = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
    // A final transfer recorded at the head's height, in a block the node does not have (another fork).
    await h.db.query(
      `insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
         official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
         final)
       values ('sepolia', $1, $2, 'test', 'incoming', $3, $3, true, $3, $3, 1000000, $4, $5, now(), $5, 0, true)`,
      [id, h.tenant.merchantId, `0x${'11'.repeat(20)}`, head.number.toString(), fake(1)],
    );
    await h.db.query(
      `insert into watcher_cursors (network, chain_id, block_number, block_hash) values ('sepolia', $1, $2, $3)`,
      [sepolia.chainId, head.number.toString(), fake(1)],
    );
    const before = await h.status(id);
    const w = createChainWatcher(ctx, { network: sepolia, reader: h.reader, pollMs: 20, maxRange: 500 });
    try {
      const r = await w.pollOnce();
      expect(r).toMatchObject({ incident: true, changedPayments: [] });
      expect(await h.status(id)).toBe(before);
      const [t] = await h.db.query<{ removed: boolean; final: boolean }>(
        `select removed, final from chain_transfers where network = 'sepolia'`,
      );
      expect(t).toEqual({ removed: false, final: true });
      const status = (await publicStatus(ctx)) as {
        status: string;
        networks: { network: string; state: string; incident?: { final_transfers: number } }[];
      };
      expect(status.status).toBe('degraded');
      const metrics = new Metrics();
      registerGatewayMetrics(metrics, ctx);
      const text = await metrics.registry.metrics();
      expect(text).toContain('tender_chain_incident{network="sepolia"} 1');
      expect(text).toContain('tender_chain_incident{network="devnet"} 0');
      expect(status.networks.find((n) => n.network === 'sepolia')).toMatchObject({
        state: 'degraded',
        incident: { final_transfers: 1 },
      });
      // While the incident is open, the watcher records nothing and the cursor stays.
      await h.mine(2);
      expect(await w.pollOnce()).toMatchObject({ incident: true, blocks: 0 });
      // The node returns to the fork the facts were recorded on: the incident resolves itself.
      await h.db.query(`update chain_transfers set block_hash = $1 where network = 'sepolia'`, [head.hash]);
      await h.db.query(`update watcher_cursors set block_hash = $1 where network = 'sepolia'`, [head.hash]);
      expect((await w.pollOnce()).incident).toBeUndefined();
      expect(await openIncidents(h.db)).toEqual([]);
      expect(((await publicStatus(ctx)) as { status: string }).status).toBe('operational');
    } finally {
      await w.stop();
      await h.db.query(`delete from chain_transfers where network = 'sepolia'`);
    }
  });
});
