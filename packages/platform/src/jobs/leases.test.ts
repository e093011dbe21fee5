import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { jobRow, openJobsTestDatabase } from './_test/openJobsTestDatabase.ts';
import { claimJobs } from './claimJobs.ts';
import { completeAndClaimJobs } from './completeAndClaimJobs.ts';
import { completeJob, completeJobs } from './completeJobs.ts';
import { enqueue } from './enqueue.ts';
import { extendLeases } from './extendLeases.ts';
import { failJob } from './failJobs.ts';
import type { Job } from './job.ts';
import { LeaseLostError } from './jobErrors.ts';
import { releaseJobs } from './releaseJobs.ts';
import { requeueExpiredJobs } from './requeueExpiredJobs.ts';
import { withJobLease } from './withJobLease.ts';

/** Lease operations one by one: claim, fencing of every write, expiry and requeue, withJobLease. */
describe(`job leases (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: Database;
  let n = 0;
  beforeAll(async () => {
    db = await openJobsTestDatabase();
    await db.exec('create table effects (job_id bigint primary key, note text)');
  });
  afterAll(() => db.close());
  // Every test works on its own queue so that leftovers of one cannot be claimed by another.
  let queue = '';
  beforeEach(() => {
    queue = `q${++n}`;
  });

  const add = (over: { runAt?: Date; maxAttempts?: number } = {}) =>
    enqueue(db, { queue, payload: { n: ++n }, idempotencyKey: `k${n}`, ...over });
  const claimOne = async (leaseMs = 30_000): Promise<Job> => {
    const [job] = await claimJobs(db, { queues: [queue], limit: 1, leaseMs });
    if (!job) throw new Error('nothing claimed');
    return job;
  };
  /** requeueExpiredJobs is global: keep what concerns this test's queue. */
  const requeueOwn = async () => (await requeueExpiredJobs(db)).filter((r) => r.queue === queue);
  /** Makes a lease expired without waiting (same effect as the clock passing lease_expires_at). */
  const expire = (id: string) =>
    db.query(`update jobs set lease_expires_at = now() - interval '1 second' where id = $1`, [id]);

  it('claims due jobs in run_at order, each once, with a fresh token, lease and attempt', async () => {
    const late = await add({ runAt: new Date(Date.now() - 1_000) });
    const early = await add({ runAt: new Date(Date.now() - 5_000) });
    const future = await add({ runAt: new Date(Date.now() + 60_000) });
    const jobs = await claimJobs(db, { queues: [queue], limit: 10, leaseMs: 5_000 });
    expect(jobs.map((j) => j.id)).toEqual([early, late]);
    expect(new Set(jobs.map((j) => j.leaseToken)).size).toBe(2);
    for (const j of jobs) {
      expect(j.attempts).toBe(1);
      expect(j.queue).toBe(queue);
      const row = await jobRow(db, j.id);
      expect(row.state).toBe('running');
      expect(row.lease_token).toBe(j.leaseToken);
      const leaseLeft = row.lease_expires_at!.getTime() - Date.now();
      expect(leaseLeft).toBeGreaterThan(3_000);
      expect(leaseLeft).toBeLessThanOrEqual(6_000);
    }
    expect(await claimJobs(db, { queues: [queue], limit: 10, leaseMs: 5_000 })).toEqual([]);
    expect((await jobRow(db, future)).state).toBe('queued');
  });

  it('claims from several queues, never more than the limit', async () => {
    const other = `${queue}-b`;
    for (let i = 0; i < 3; i++) {
      await add();
      await enqueue(db, { queue: other, payload: {}, idempotencyKey: `${other}-${i}` });
    }
    const first = await claimJobs(db, { queues: [queue, other], limit: 4, leaseMs: 5_000 });
    expect(first).toHaveLength(4);
    const rest = await claimJobs(db, { queues: [other, queue], limit: 10, leaseMs: 5_000 });
    expect(rest).toHaveLength(2);
    expect(new Set([...first, ...rest].map((j) => j.id)).size).toBe(6);
  });

  it('completes with the current token, refuses a wrong token or an expired lease, changing nothing', async () => {
    await add();
    const job = await claimOne();
    const stale = { id: job.id, leaseToken: '00000000-0000-4000-8000-000000000000' };
    const before = await jobRow(db, job.id);
    expect(await completeJob(db, stale)).toBe(false);
    expect(await failJob(db, { ...stale, error: 'x', retryInMs: 0 })).toBe(false);
    expect((await extendLeases(db, [stale], 60_000)).size).toBe(0);
    expect((await releaseJobs(db, [stale])).size).toBe(0);
    expect(await jobRow(db, job.id)).toEqual(before);

    await expire(job.id);
    const expired = await jobRow(db, job.id);
    expect(await completeJob(db, job)).toBe(false);
    expect((await extendLeases(db, [job], 60_000)).size).toBe(0);
    expect(await jobRow(db, job.id)).toEqual(expired);
  });

  it('a late worker is fenced out after its expired lease was requeued and re-claimed', async () => {
    const id = await add();
    const first = await claimOne(); // worker A
    expect(first.id).toBe(id);
    await expire(id); // A stalls past its lease
    expect(await requeueOwn()).toEqual([{ id, queue, state: 'queued' }]);
    const second = await claimOne(); // worker B
    expect(second.id).toBe(id);
    expect(second.attempts).toBe(2);
    expect(second.leaseToken).not.toBe(first.leaseToken);

    const held = await jobRow(db, id);
    expect(await completeJob(db, first)).toBe(false);
    expect(await failJob(db, { ...first, error: 'late', retryInMs: null })).toBe(false);
    await expect(
      withJobLease(db, first, (tx) => tx.query('insert into effects values ($1, $2)', [id, 'A'])),
    ).rejects.toThrow(LeaseLostError);
    expect(await jobRow(db, id)).toEqual(held);
    expect(await db.query('select * from effects where job_id = $1', [id])).toEqual([]);

    expect(await completeJob(db, second)).toBe(true);
    expect((await jobRow(db, id)).state).toBe('done');
    expect(await completeJob(db, second)).toBe(false); // done is final
  });

  it('withJobLease commits the effect and completion together, exactly once', async () => {
    const id = await add();
    const job = await claimOne();
    await withJobLease(db, job, (tx) => tx.query('insert into effects values ($1, $2)', [id, 'once']));
    const row = await jobRow(db, id);
    expect(row.state).toBe('done');
    expect(row.finished_at).toBeInstanceOf(Date);
    // The same lease again (a retry of the handler, a duplicate delivery): refused before fn runs.
    let ran = false;
    await expect(
      withJobLease(db, job, async () => {
        ran = true;
      }),
    ).rejects.toThrow(LeaseLostError);
    expect(ran).toBe(false);
    expect(await db.query('select note from effects where job_id = $1', [id])).toEqual([{ note: 'once' }]);
  });

  it('withJobLease rolls back effect and completion together when fn throws', async () => {
    const id = await add();
    const job = await claimOne();
    await expect(
      withJobLease(db, job, async (tx) => {
        await tx.query('insert into effects values ($1, $2)', [id, 'rolled back']);
        throw new Error('provider said no');
      }),
    ).rejects.toThrow('provider said no');
    expect(await db.query('select * from effects where job_id = $1', [id])).toEqual([]);
    const row = await jobRow(db, id);
    expect(row.state).toBe('running');
    expect(row.lease_token).toBe(job.leaseToken);
    // The lease is still live: a retry inside the same run can still succeed.
    await withJobLease(db, job, (tx) => tx.query('insert into effects values ($1, $2)', [id, 'second try']));
    expect(await db.query('select note from effects where job_id = $1', [id])).toEqual([{ note: 'second try' }]);
  });

  it('fails to a retry at now + delay, or to dead; release gives the attempt back', async () => {
    const id = await add({ maxAttempts: 2 });
    const a1 = await claimOne();
    expect(await failJob(db, { ...a1, error: 'Error: boom', retryInMs: 60_000 })).toBe(true);
    let row = await jobRow(db, id);
    expect(row.state).toBe('queued');
    expect(row.last_error).toBe('Error: boom');
    expect(row.run_at.getTime() - Date.now()).toBeGreaterThan(55_000);
    expect(await claimJobs(db, { queues: [queue], limit: 1, leaseMs: 1_000 })).toEqual([]); // not due

    await db.query('update jobs set run_at = now() where id = $1', [id]);
    const a2 = await claimOne();
    expect(a2.attempts).toBe(2);
    expect(await releaseJobs(db, [a2])).toEqual(new Set([id]));
    row = await jobRow(db, id);
    expect(row.state).toBe('queued');
    expect(row.attempts).toBe(1);

    const a3 = await claimOne();
    expect(a3.attempts).toBe(2);
    expect(await failJob(db, { ...a3, error: 'gave up', retryInMs: null })).toBe(true);
    row = await jobRow(db, id);
    expect(row.state).toBe('dead');
    expect(row.finished_at).toBeInstanceOf(Date);
  });

  it('an expired lease on the last attempt goes dead instead of looping', async () => {
    const id = await add({ maxAttempts: 1 });
    const job = await claimOne();
    await expire(id);
    expect(await requeueOwn()).toEqual([{ id, queue, state: 'dead' }]);
    const row = await jobRow(db, id);
    expect(row.state).toBe('dead');
    expect(row.last_error).toMatch(/lease expired/);
    expect(await completeJob(db, job)).toBe(false);
  });

  it('extends a live lease and completes many leases in one statement, fenced per row', async () => {
    await add();
    await add();
    const jobs = await claimJobs(db, { queues: [queue], limit: 2, leaseMs: 1_000 });
    const [a, b] = jobs as [Job, Job];
    expect(await extendLeases(db, jobs, 60_000)).toEqual(new Set([a.id, b.id]));
    expect((await jobRow(db, a.id)).lease_expires_at!.getTime() - Date.now()).toBeGreaterThan(50_000);
    const done = await completeJobs(db, [a, { id: b.id, leaseToken: a.leaseToken }]);
    expect(done).toEqual(new Set([a.id]));
    expect((await jobRow(db, b.id)).state).toBe('running');
  });

  it('pairs each id with its own token in a batch: two live leases swapped complete, extend or release nothing', async () => {
    await add();
    await add();
    const [a, b] = (await claimJobs(db, { queues: [queue], limit: 2, leaseMs: 30_000 })) as [Job, Job];
    const swapped = [
      { id: a.id, leaseToken: b.leaseToken },
      { id: b.id, leaseToken: a.leaseToken },
    ];
    expect(await completeJobs(db, swapped, swapped)).toEqual(new Set());
    expect(await extendLeases(db, swapped, 60_000)).toEqual(new Set());
    expect(await releaseJobs(db, swapped)).toEqual(new Set());
    expect((await jobRow(db, a.id)).state).toBe('running');
    expect(await completeJobs(db, [b, a])).toEqual(new Set([a.id, b.id]));
  });

  it('a job has a lease expiry only while running (the fence leaves the state out on that ground)', async () => {
    const id = await add();
    await expect(
      db.query(`update jobs set lease_expires_at = now() + interval '1 minute' where id = $1`, [id]),
    ).rejects.toThrow(/jobs_lease_only_while_running/);
    expect((await jobRow(db, id)).lease_expires_at).toBeNull();
  });

  it('completeAndClaimJobs completes live leases, refuses stale ones, and claims, in one statement', async () => {
    await add();
    await add();
    const [a, b] = (await claimJobs(db, { queues: [queue], limit: 2, leaseMs: 30_000 })) as [Job, Job];
    const c = await add();
    const res = await completeAndClaimJobs(db, {
      complete: [a, { id: b.id, leaseToken: a.leaseToken }],
      queues: [queue],
      limit: 5,
      leaseMs: 30_000,
    });
    expect(res.completed).toEqual(new Set([a.id]));
    expect(res.jobs.map((j) => j.id)).toEqual([c]);
    expect(res.jobs[0]?.attempts).toBe(1);
    expect((await jobRow(db, a.id)).state).toBe('done');
    expect((await jobRow(db, b.id)).state).toBe('running');
    expect((await jobRow(db, c)).lease_token).toBe(res.jobs[0]?.leaseToken);
    // Completions only (nothing to claim, or limit 0) and claims only take the same path.
    const only = await completeAndClaimJobs(db, { complete: [b], queues: [queue], limit: 0, leaseMs: 30_000 });
    expect(only).toEqual({ completed: new Set([b.id]), jobs: [] });
    const none = await completeAndClaimJobs(db, { complete: [b], queues: [queue], limit: 5, leaseMs: 30_000 });
    expect(none).toEqual({ completed: new Set(), jobs: [] });
  });

  it('discarded completions delete the row (the key is free again), with the same fencing, beside kept ones', async () => {
    await add();
    await add();
    await add();
    const [a, b, c] = (await claimJobs(db, { queues: [queue], limit: 3, leaseMs: 30_000 })) as [Job, Job, Job];
    const d = await add();
    const res = await completeAndClaimJobs(db, {
      complete: [a],
      discard: [b, { id: c.id, leaseToken: a.leaseToken }],
      queues: [queue],
      limit: 5,
      leaseMs: 30_000,
    });
    expect(res.completed).toEqual(new Set([a.id, b.id]));
    expect(res.jobs.map((j) => j.id)).toEqual([d]);
    expect((await jobRow(db, a.id)).state).toBe('done');
    expect(await db.query('select 1 from jobs where id = $1', [b.id])).toEqual([]);
    expect((await jobRow(db, c.id)).state).toBe('running'); // stale token: refused, left as it was
    // Without claims, the same.
    expect(await completeJobs(db, [], [c])).toEqual(new Set([c.id]));
    expect(await db.query('select 1 from jobs where id = $1', [c.id])).toEqual([]);
    // The deleted job's idempotency key can be enqueued again: a new job.
    const again = await enqueue(db, { queue, payload: {}, idempotencyKey: b.idempotencyKey });
    expect(again).not.toBe(b.id);
  });
});
