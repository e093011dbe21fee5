// A process without a network (DEVNET=false, or a production replica missing RPC_URL_<NET>) must not claim that
// network's sweeps, and waiting never uses up an attempt. On PostgreSQL the two "processes" are two connections
// with their own job runners, as two processes would be; on PGlite they share the one database.
import { openDatabase, type Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import type { GatewayContext } from '../context.ts';
import { createNetworkRegistry } from '../networks/registry.ts';
import { settlementJobQueues } from './settlementJobQueues.ts';
import { sweepQueue } from './sweepQueue.ts';
import { gatewayFeatures } from '../runtime.ts';
import { startGatewayWorkers, type GatewayWorkers } from '../workers.ts';

let h: ChainHarness;
let otherDb: Database | undefined;
const workers: GatewayWorkers[] = [];
beforeAll(async () => {
  h = await startChainHarness({ confirmations: 1 });
  await h.watcher.stop();
  if (process.env.DATABASE_URL) otherDb = await openDatabase({ url: process.env.DATABASE_URL, schema: h.db.schema });
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await otherDb?.close();
  await h?.close();
});

async function eventually<T>(fn: () => Promise<T | undefined>, ms: number): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe(`sweeps and the processes that can send them (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a process without the network claims none of its sweeps; a capable one settles them all, each in one attempt', async () => {
    // The capability-less process: same database, no devnet in its registry (as with DEVNET=false).
    const blind: GatewayContext = {
      ...h.ctx,
      db: otherDb ?? h.db,
      networkRegistry: createNetworkRegistry({ profile: 'dev' }),
    };
    expect(Object.keys(settlementJobQueues(blind)).filter((q) => q.startsWith('gateway.sweep'))).toEqual([]);
    expect(Object.keys(settlementJobQueues(h.ctx))).toContain(sweepQueue('devnet'));

    // It starts first, polls eagerly and has slots to spare: before the fix it claimed every sweep and burnt an
    // attempt a minute on each.
    workers.push(
      await startGatewayWorkers(
        blind,
        gatewayFeatures(blind, { watcher: { watch: false }, webhooks: { pollMs: 50 } }),
        {
          jobConcurrency: 16,
          jobPollMs: 50,
        },
      ),
    );
    const paid: Awaited<ReturnType<ChainHarness['createIntent']>>[] = [];
    for (let i = 0; i < 6; i++) paid.push(await h.createIntent({ amount: String(i + 1) }));
    for (const [i, p] of paid.entries()) await h.pay(p.depositAddress, String(i + 1));
    await h.mine(2);
    // Let the blind process poll for a while with sweeps due.
    workers.push(
      await startGatewayWorkers(h.ctx, gatewayFeatures(h.ctx, { webhooks: { deliver: false } }), { jobs: false }),
    );
    await eventually(async () => {
      const [r] = await h.db.query<{ n: number }>(
        `select count(*)::int as n from jobs where queue = $1 and state = 'queued'`,
        [sweepQueue('devnet')],
      );
      return r!.n >= paid.length ? true : undefined;
    }, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    const [untouched] = await h.db.query<{ claimed: number }>(
      `select count(*)::int as claimed from jobs where queue = $1 and (attempts > 0 or state <> 'queued')`,
      [sweepQueue('devnet')],
    );
    expect(untouched!.claimed).toBe(0);

    // The capable process joins: every sweep completes promptly.
    const t0 = Date.now();
    workers.push(
      await startGatewayWorkers(
        h.ctx,
        gatewayFeatures(h.ctx, {
          watcher: { watch: false },
          webhooks: { pollMs: 50 },
          sweep: { checkEveryMs: 100 },
        }),
        { jobPollMs: 50 },
      ),
    );
    const mining = setInterval(() => void h.mine(1).catch(() => undefined), 300);
    try {
      await eventually(async () => {
        const rows = await h.db.query<{ status: string }>(
          `select status from payment_intents where id = any($1::text[])`,
          [paid.map((p) => p.id)],
        );
        return rows.every((r) => r.status === 'SETTLED') ? true : undefined;
      }, 60_000);
    } finally {
      clearInterval(mining);
    }
    console.info(`6 sweeps settled ${Date.now() - t0} ms after the capable process joined`);
    // No attempt burnt: each sweep job completed on its first counted attempt (waiting for a receipt defers). A
    // job may still be due for its last receipt check when the watcher has already seen the vault transfer.
    const jobs = await eventually(async () => {
      const rows = await h.db.query<{ state: string; attempts: number; last_error: string | null }>(
        `select state, attempts, last_error from jobs where queue = $1`,
        [sweepQueue('devnet')],
      );
      return rows.every((j) => j.state === 'done') ? rows : undefined;
    }, 30_000);
    expect(jobs).toHaveLength(paid.length);
    for (const j of jobs) expect(j).toMatchObject({ state: 'done', attempts: 1 });
  }, 120_000);
});
