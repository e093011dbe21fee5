import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Sql } from '../db/database.ts';
import { openJobsTestDatabase } from './_test/openJobsTestDatabase.ts';
import { claimJobs } from './claimJobs.ts';
import { completeJobs } from './completeJobs.ts';
import { enqueue } from './enqueue.ts';
import { failJob } from './failJobs.ts';
import { pruneJobs } from './pruneJobs.ts';
import { queueStats } from './queueStats.ts';

describe(`queueStats and pruneJobs (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openJobsTestDatabase();
  });
  afterAll(() => db.close());

  it('reports depth, scheduled, running, dead and the age of the oldest due job per queue', async () => {
    const now = Date.now();
    let k = 0;
    const add = (queue: string, runAt: Date) => enqueue(db, { queue, payload: {}, idempotencyKey: `s${++k}`, runAt });
    await add('a', new Date(now - 120_000)); // due for 2 minutes
    await add('a', new Date(now - 5_000));
    await add('a', new Date(now + 600_000)); // scheduled
    await add('b', new Date(now - 1_000));
    await add('b', new Date(now - 1_000));
    await add('b', new Date(now - 1_000));
    const [running, dying] = await claimJobs(db, { queues: ['b'], limit: 2, leaseMs: 60_000 });
    await failJob(db, { ...dying!, error: 'x', retryInMs: null });
    expect(running).toBeDefined();
    await add('c', new Date(now - 1_000));
    await completeJobs(db, await claimJobs(db, { queues: ['c'], limit: 1, leaseMs: 60_000 }));

    const stats = await queueStats(db);
    expect(stats.map((s) => ({ ...s, oldestDueAgeSeconds: Math.round(s.oldestDueAgeSeconds / 10) * 10 }))).toEqual([
      { queue: 'a', depth: 2, scheduled: 1, running: 0, dead: 0, oldestDueAgeSeconds: 120 },
      { queue: 'b', depth: 1, scheduled: 0, running: 1, dead: 1, oldestDueAgeSeconds: 0 },
      // c: only a done job, nothing to report
    ]);
    const a = stats.find((s) => s.queue === 'a')!;
    expect(a.oldestDueAgeSeconds).toBeGreaterThan(115);
    expect(a.oldestDueAgeSeconds).toBeLessThan(150);
  });

  it('prunes done jobs finished before the cut-off (and dead ones on request), never live ones', async () => {
    const count = async (state: string) =>
      Number((await db.query<{ n: string }>('select count(*) as n from jobs where state = $1', [state]))[0]?.n);
    const queued = await count('queued');
    const running = await count('running');
    expect(await count('done')).toBe(1);
    expect(await count('dead')).toBe(1);
    const [done] = await db.query<{ id: string; idempotency_key: string }>(
      `select id, idempotency_key from jobs where state = 'done'`,
    );
    expect(await pruneJobs(db, new Date(Date.now() - 60_000))).toBe(0); // finished just now: too young
    expect(await pruneJobs(db, new Date(Date.now() + 1_000), { batchSize: 1 })).toBe(1);
    expect(await count('done')).toBe(0);
    expect(await count('dead')).toBe(1);
    expect(await pruneJobs(db, new Date(Date.now() + 1_000), { includeDead: true })).toBe(1);
    expect(await count('dead')).toBe(0);
    expect(await count('queued')).toBe(queued);
    expect(await count('running')).toBe(running);
    // The pruned job's key is free again: enqueueing it creates a new job.
    const again = await enqueue(db, { queue: 'c', payload: {}, idempotencyKey: done!.idempotency_key });
    expect(again).not.toBe(done!.id);
    expect(await count('queued')).toBe(queued + 1);
  });

  it('stops pruning between batches once its signal aborts', async () => {
    for (const k of ['p1', 'p2', 'p3']) await enqueue(db, { queue: 'p', payload: {}, idempotencyKey: k });
    await completeJobs(db, await claimJobs(db, { queues: ['p'], limit: 3, leaseMs: 60_000 }));
    const stop = new AbortController();
    // The signal aborts while the first batch runs: that batch stays deleted, no other starts.
    const aborting: Sql = {
      query: <T>(text: string, params?: readonly unknown[]) => db.query<T>(text, params).finally(() => stop.abort()),
      exec: (text) => db.exec(text),
    };
    const cutoff = new Date(Date.now() + 1_000);
    expect(await pruneJobs(aborting, cutoff, { batchSize: 1, signal: stop.signal })).toBe(1);
    expect(await pruneJobs(db, cutoff, { batchSize: 1, signal: stop.signal })).toBe(0);
    expect(await pruneJobs(db, cutoff, { batchSize: 1 })).toBe(2);
  });
});
