// Gas watch on the devnet: a relayer drained below the threshold (anvil_setBalance) degrades its network on
// /public/status (no address or amount shown) and holds its sweeps back without using an attempt; funded again, the
// sweep goes out by itself and the payment settles.
import { anvilRequest, createDevnetClient } from '@tender/evm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toHex } from 'viem';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import { gatewayFeatures } from '../runtime.ts';
import { publicStatus } from '../system/publicStatus.ts';
import { startGatewayWorkers, type GatewayWorkers } from '../workers.ts';
import { readRelayerGas, RELAYER_GAS_MAX_AGE_MS, SWEEP_GAS } from './relayerGas.ts';
import { sweepQueue } from './sweepQueue.ts';

let h: ChainHarness;
let workers: GatewayWorkers | undefined;
beforeAll(async () => {
  h = await startChainHarness({ confirmations: 1 });
  await h.watcher.stop();
});
afterAll(async () => {
  await workers?.stop();
  await h?.close();
});

async function eventually<T>(fn: () => Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`gas watch (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a drained relayer degrades the network and defers sweeps without an attempt; funded, they resume', async () => {
    const relayer = h.network.relayer!.address;
    const chain = createDevnetClient(h.devnet.rpcUrl);
    const funded = await chain.getBalance({ address: relayer });
    const min = h.registry.relayerMinSweeps;
    const before = await readRelayerGas(h.network, min);
    expect(before).toMatchObject({ network: 'devnet', address: relayer, balanceWei: funded, low: false });

    // Enough for a few sweeps, not for RELAYER_MIN_SWEEPS of them.
    const price = await chain.getGasPrice();
    await anvilRequest(chain, 'anvil_setBalance', [relayer, toHex(SWEEP_GAS * price * 3n)]);
    const drained = await readRelayerGas(h.network, min);
    expect(drained).toMatchObject({ low: true });
    expect(drained!.sweepsAffordable).toBeLessThan(min);
    await new Promise((r) => setTimeout(r, RELAYER_GAS_MAX_AGE_MS + 100)); // let the cached reading expire

    const status = await publicStatus(h.ctx);
    const devnet = (status.networks as Record<string, unknown>[]).find((n) => n.network === 'devnet')!;
    expect(status.status).toBe('degraded');
    expect(devnet).toMatchObject({
      state: 'degraded',
      reason: 'the relayer is low on gas: settlements wait until it is funded',
    });
    expect(JSON.stringify(status).toLowerCase()).not.toContain(relayer.slice(2).toLowerCase());

    const intent = await h.createIntent({ amount: '2' });
    await h.pay(intent.depositAddress, '2');
    await h.mine(2);
    workers = await startGatewayWorkers(
      h.ctx,
      gatewayFeatures(h.ctx, { webhooks: { pollMs: 50 }, sweep: { checkEveryMs: 100, lowGasRetryMs: 200 } }),
      { jobPollMs: 50 },
    );
    // The sweep is scheduled and runs, but waits: no transaction, the settlement stays pending.
    await eventually(
      async () => {
        const [j] = await h.db.query<{ n: number }>(
          `select count(*)::int as n from jobs where queue = $1 and updated_at > created_at`,
          [sweepQueue('devnet')],
        );
        return j!.n > 0 ? true : undefined;
      },
      30_000,
      'the sweep job to run',
    );
    await new Promise((r) => setTimeout(r, 1500)); // several deferrals (every 200 ms)
    const held = await h.db.query<{ state: string; tx_hash: string | null }>(
      'select state, tx_hash from settlements where payment_id = $1',
      [intent.id],
    );
    expect(held).toEqual([{ state: 'pending', tx_hash: null }]);
    // Read between two runs: while a run is in flight its claim counts an attempt, which its deferral gives back.
    const job = await eventually(
      async () => {
        const [j] = await h.db.query<{ state: string; attempts: number }>(
          'select state, attempts from jobs where queue = $1',
          [sweepQueue('devnet')],
        );
        return j?.state === 'running' ? undefined : j;
      },
      10_000,
      'the sweep job between two runs',
    );
    expect(job).toMatchObject({ state: 'queued', attempts: 0 });
    expect(await h.status(intent.id)).not.toBe('SETTLED');

    // Funded again: the sweep goes out by itself on its next look, in its first attempt.
    await anvilRequest(chain, 'anvil_setBalance', [relayer, toHex(funded)]);
    const t0 = Date.now();
    const mining = setInterval(() => void h.mine(1).catch(() => undefined), 300);
    try {
      await eventually(async () => ((await h.status(intent.id)) === 'SETTLED' ? true : undefined), 60_000, 'SETTLED');
    } finally {
      clearInterval(mining);
    }
    console.info(`settled ${Date.now() - t0} ms after the relayer was funded`);
    // The watcher may see the vault's transfer before the sweep job's next receipt check records it.
    const sweep = await eventually(
      async () => {
        const [s] = await h.db.query<{ state: string; tx_hash: string }>(
          `select state, tx_hash from settlements where payment_id = $1`,
          [intent.id],
        );
        return s?.state === 'succeeded' ? s : undefined;
      },
      30_000,
      'the sweep to be recorded',
    );
    const receipt = await chain.getTransactionReceipt({ hash: sweep.tx_hash as `0x${string}` });
    console.info(`first sweep of a deposit address used ${receipt.gasUsed} gas (SWEEP_GAS ${SWEEP_GAS})`);
    expect(receipt.gasUsed).toBeLessThan(SWEEP_GAS);
    const jobs = await h.db.query<{ attempts: number }>('select attempts from jobs where queue = $1', [
      sweepQueue('devnet'),
    ]);
    for (const j of jobs) expect(j.attempts).toBeLessThanOrEqual(1);
    const after = await publicStatus(h.ctx);
    expect((after.networks as Record<string, unknown>[]).find((n) => n.network === 'devnet')).toMatchObject({
      state: 'operational',
    });
  }, 120_000);
});
