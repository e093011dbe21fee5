import { claimJobs, enqueue, type Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../_test/testGateway.ts';
import { runUpkeep } from './runUpkeep.ts';
import { upkeepFeature } from './upkeepFeature.ts';

const DAY_MS = 86_400_000;
const RETENTION_MS = 7 * DAY_MS;

let g: TestGateway;
beforeAll(async () => {
  g = await createTestGateway();
});
afterAll(async () => {
  await g.close();
});

let n = 0;
/** A job of its own queue, finished (done or dead) `daysAgo` days ago. */
async function finishedJob(state: 'done' | 'dead', daysAgo: number): Promise<string> {
  const id = await enqueue(g.db, { queue: 'test.upkeep', payload: {}, idempotencyKey: `upkeep-${++n}` });
  await g.db.query(
    `update jobs set state = $2, attempts = 1, finished_at = now() - make_interval(days => $3) where id = $1`,
    [id, state, daysAgo],
  );
  return id;
}

async function statesOf(ids: readonly string[]): Promise<Record<string, string>> {
  const rows = await g.db.query<{ id: string; state: string }>(
    'select id::text, state from jobs where id = any($1::bigint[])',
    [ids],
  );
  return Object.fromEntries(rows.map((r) => [r.id, r.state]));
}

describe(`table upkeep (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('deletes the done jobs past retention; younger done jobs, dead jobs and live jobs stay', async () => {
    const old = await finishedJob('done', 8);
    const young = await finishedJob('done', 6);
    const dead = await finishedJob('dead', 30);
    const queued = await enqueue(g.db, {
      queue: 'test.upkeep',
      payload: {},
      idempotencyKey: `upkeep-${++n}`,
      runAt: new Date(Date.now() - 30 * DAY_MS),
    });
    await enqueue(g.db, { queue: 'test.upkeep.running', payload: {}, idempotencyKey: `upkeep-${++n}` });
    const [running] = await claimJobs(g.db, { queues: ['test.upkeep.running'], limit: 1, leaseMs: 60_000 });

    expect(await runUpkeep(g.ctx, { jobsRetentionMs: RETENTION_MS })).toMatchObject({ prunedJobs: 1 });
    expect(await statesOf([old, young, dead, queued, running!.id])).toEqual({
      [young]: 'done',
      [dead]: 'dead',
      [queued]: 'queued',
      [running!.id]: 'running',
    });
    // Retention is counted from the clock: two days later the younger one is past it too.
    g.clock.advance((2 * DAY_MS) / 1000);
    expect(await runUpkeep(g.ctx, { jobsRetentionMs: RETENTION_MS })).toMatchObject({ prunedJobs: 1 });
    expect(await statesOf([young, dead])).toEqual({ [dead]: 'dead' });
  });

  it('vacuums and analyzes the job and delivery tables when they are due', async () => {
    // Counts of manual vacuums and analyzes only: an autovacuum (where one runs) moves neither.
    const counts = async (table: string) =>
      (
        await g.db.query<{ vacuums: number; analyzes: number }>(
          `select vacuum_count::int as vacuums, analyze_count::int as analyzes
             from pg_stat_user_tables where relid = $1::regclass`,
          [table],
        )
      )[0]!;
    const before = { jobs: await counts('jobs'), deliveries: await counts('webhook_deliveries') };
    const never = { minDead: Number.MAX_SAFE_INTEGER, share: 1 };
    expect(await runUpkeep(g.ctx, { jobsRetentionMs: RETENTION_MS, vacuumBound: never })).toMatchObject({
      vacuumed: [],
    });
    const always = { minDead: 0, share: 0 };
    expect(await runUpkeep(g.ctx, { jobsRetentionMs: RETENTION_MS, vacuumBound: always })).toMatchObject({
      vacuumed: ['jobs', 'webhook_deliveries'],
    });
    await expect
      .poll(() => counts('jobs'))
      .toEqual({ vacuums: before.jobs.vacuums + 1, analyzes: before.jobs.analyzes + 1 });
    await expect
      .poll(() => counts('webhook_deliveries'))
      .toEqual({ vacuums: before.deliveries.vacuums + 1, analyzes: before.deliveries.analyzes + 1 });
  });

  it('vacuums even when the pruning fails (the next pass prunes again)', async () => {
    const failingPrune: Database = Object.assign(Object.create(g.db) as Database, {
      query: <T>(text: string, params?: readonly unknown[]) =>
        text.includes('delete from jobs') ? Promise.reject(new Error('prune refused')) : g.db.query<T>(text, params),
    });
    const ctx = { ...g.ctx, db: failingPrune };
    const old = await finishedJob('done', 8);
    expect(await runUpkeep(ctx, { jobsRetentionMs: RETENTION_MS, vacuumBound: { minDead: 0, share: 0 } })).toEqual({
      prunedJobs: 0,
      vacuumed: ['jobs', 'webhook_deliveries'],
    });
    expect(await statesOf([old])).toEqual({ [old]: 'done' });
  });

  it('runs in the workers role, pass after pass, until stopped', async () => {
    const [worker] = upkeepFeature(g.ctx, { jobsRetentionMs: RETENTION_MS, everyMs: 20 }).workers!;
    expect(worker!.role ?? 'workers').toBe('workers');
    await worker!.start();
    try {
      const first = await finishedJob('done', 400);
      await expect.poll(() => statesOf([first]), { timeout: 10_000 }).toEqual({});
      const second = await finishedJob('done', 400); // a later pass
      await expect.poll(() => statesOf([second]), { timeout: 10_000 }).toEqual({});
    } finally {
      await worker!.stop();
    }
    const after = await finishedJob('done', 400);
    await new Promise((r) => setTimeout(r, 100));
    expect(await statesOf([after])).toEqual({ [after]: 'done' });
  });
});
