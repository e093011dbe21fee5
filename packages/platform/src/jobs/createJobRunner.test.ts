import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { eventually, jobRow, openJobsTestDatabase } from './_test/openJobsTestDatabase.ts';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './createJobRunner.ts';
import { enqueue } from './enqueue.ts';
import { enqueueMany } from './enqueueMany.ts';
import type { Job } from './job.ts';
import { DeferJobError, LeaseLostError, PermanentJobError, RetryLaterError, RunnerStoppingError } from './jobErrors.ts';

const quiet = { warn: () => {}, error: () => {} };

describe(`createJobRunner (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: Database;
  let runners: JobRunner[] = [];
  let n = 0;
  let queue = '';
  beforeAll(async () => {
    db = await openJobsTestDatabase();
    await db.exec('create table effects (job_id bigint primary key, note text)');
  });
  afterAll(() => db.close());
  beforeEach(() => {
    queue = `q${++n}`;
  });
  afterEach(async () => {
    await Promise.all(runners.map((r) => r.stop({ timeoutMs: 5_000 })));
    runners = [];
  });

  const start = async (opts: Partial<JobRunnerOptions> & Pick<JobRunnerOptions, 'queues'>) => {
    const r = createJobRunner({ db, pollMs: 50, logger: quiet, ...opts });
    runners.push(r);
    await r.start();
    return r;
  };
  const add = (payload: unknown = {}, over: { maxAttempts?: number; runAt?: Date } = {}) =>
    enqueue(db, { queue, payload, idempotencyKey: `${queue}-${++n}`, ...over });
  const stateOf = async (id: string) => (await jobRow(db, id)).state;
  const until = (id: string, state: string, ms = 10_000) =>
    eventually(async () => ((await stateOf(id)) === state ? true : undefined), ms, `job ${id} ${state}`);

  it('runs every job once with at most `concurrency` handlers at a time, and completes them', async () => {
    let running = 0;
    let peak = 0;
    const seen: string[] = [];
    const ids = await enqueueMany(
      db,
      Array.from({ length: 60 }, (_, i) => ({ queue, payload: { i }, idempotencyKey: `${queue}-bulk-${i}` })),
    );
    await start({
      concurrency: 7,
      queues: {
        [queue]: async (job, ctx) => {
          expect(ctx.leaseToken).toBe(job.leaseToken);
          running++;
          peak = Math.max(peak, running);
          await new Promise((r) => setTimeout(r, 5));
          seen.push(job.id);
          running--;
        },
      },
    });
    await eventually(async () => {
      const [r] = await db.query<{ n: string }>(`select count(*) as n from jobs where queue = $1 and state = 'done'`, [
        queue,
      ]);
      return r?.n === '60' ? true : undefined;
    });
    expect(seen.sort()).toEqual([...ids].sort());
    expect(peak).toBeLessThanOrEqual(7);
    expect(peak).toBeGreaterThan(1);
  });

  it('deletes the jobs of a queue with retainDone: false when they complete; failures still stay', async () => {
    const ok = await enqueueMany(
      db,
      Array.from({ length: 20 }, (_, i) => ({ queue, payload: { i }, idempotencyKey: `${queue}-gone-${i}` })),
    );
    const bad = await add({ fail: true }, { maxAttempts: 1 });
    const ran: string[] = [];
    await start({
      queues: {
        [queue]: {
          retainDone: false,
          handler: async (job: Job<{ fail?: boolean }>) => {
            if (job.payload.fail) throw new PermanentJobError('no');
            ran.push(job.id);
          },
        },
      },
    });
    await until(bad, 'dead');
    await eventually(async () => {
      const rows = await db.query('select 1 from jobs where id = any($1::bigint[])', [ok]);
      return rows.length === 0 ? true : undefined;
    });
    expect(ran.sort()).toEqual([...ok].sort());
  });

  it('retries a failing job with the queue backoff, then moves it to dead after maxAttempts', async () => {
    const runs: number[] = [];
    const backoffCalls: number[] = [];
    const id = await add({}, { maxAttempts: 3 });
    await start({
      queues: {
        [queue]: {
          handler: async () => {
            runs.push(Date.now());
            throw new Error(`failure ${runs.length}`);
          },
          backoff: (attempts) => {
            backoffCalls.push(attempts);
            return 200;
          },
        },
      },
    });
    await until(id, 'dead');
    const row = await jobRow(db, id);
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBe('Error: failure 3');
    expect(backoffCalls).toEqual([1, 2]); // no backoff asked for the last attempt
    expect(runs).toHaveLength(3);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(190);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(190);
  });

  it('PermanentJobError sends the job to dead at once', async () => {
    const id = await add({}, { maxAttempts: 5 });
    await start({
      queues: {
        [queue]: async () => {
          throw new PermanentJobError('invalid address');
        },
      },
    });
    await until(id, 'dead');
    const row = await jobRow(db, id);
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBe('PermanentJobError: invalid address');
  });

  it('RetryLaterError retries after exactly its delay, bypassing the backoff', async () => {
    const runs: number[] = [];
    const id = await add();
    await start({
      queues: {
        [queue]: {
          handler: async () => {
            runs.push(Date.now());
            if (runs.length === 1) throw new RetryLaterError(400);
          },
          backoff: () => {
            throw new Error('backoff must not be consulted');
          },
        },
      },
    });
    await until(id, 'done');
    expect(runs).toHaveLength(2);
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(390);
    expect(runs[1]! - runs[0]!).toBeLessThan(2_000);
  });

  it('DeferJobError gives the job back for its delay without using an attempt, even on the last one', async () => {
    const runs: { at: number; attempts: number }[] = [];
    const id = await add({}, { maxAttempts: 1 });
    await start({
      queues: {
        [queue]: async (job) => {
          runs.push({ at: Date.now(), attempts: job.attempts });
          if (runs.length < 3) throw new DeferJobError(300, 'host busy');
        },
      },
    });
    await until(id, 'done');
    expect(runs.map((r) => r.attempts)).toEqual([1, 1, 1]);
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(290);
    expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(290);
    expect((await jobRow(db, id)).last_error).toBeNull();
  });

  it('withLease: the effect and completion commit together; a later throw does not re-run the job', async () => {
    let calls = 0;
    const id = await add();
    await start({
      queues: {
        [queue]: async (job, ctx) => {
          calls++;
          await ctx.withLease((tx) => tx.query('insert into effects values ($1, $2)', [job.id, 'sent']));
          await expect(ctx.withLease(async () => 1)).rejects.toThrow(/already done/);
          throw new Error('after the effect');
        },
      },
    });
    await until(id, 'done');
    await new Promise((r) => setTimeout(r, 300)); // several poll periods: no retry happens
    expect(calls).toBe(1);
    expect(await db.query('select note from effects where job_id = $1', [id])).toEqual([{ note: 'sent' }]);
    expect((await jobRow(db, id)).attempts).toBe(1);
  });

  it('extends the lease of a handler running longer than leaseMs, so no other runner takes the job', async () => {
    const runsBy: string[] = [];
    const id = await add();
    const handler = (who: string) => async () => {
      runsBy.push(who);
      await new Promise((r) => setTimeout(r, 1_500));
    };
    await start({ leaseMs: 400, queues: { [queue]: handler('a') } });
    await eventually(async () => (runsBy.length > 0 ? true : undefined));
    await start({ leaseMs: 400, queues: { [queue]: handler('b') } }); // polls and requeues expired leases every 50 ms
    await until(id, 'done');
    expect(runsBy).toEqual(['a']);
    expect((await jobRow(db, id)).attempts).toBe(1);
  });

  it('aborts the signal when the lease is lost, and discards that run’s outcome', async () => {
    const id = await add();
    let reason: unknown;
    let started = false;
    await start({
      leaseMs: 600,
      queues: {
        [queue]: (_job, ctx) =>
          new Promise<void>((resolve) => {
            started = true;
            ctx.signal.addEventListener('abort', () => {
              reason = ctx.signal.reason;
              resolve(); // returns normally: the completion must still not happen
            });
          }),
      },
    });
    await eventually(async () => (started ? true : undefined));
    // Someone else holds the job now (as after an expiry and re-claim elsewhere).
    await db.query(`update jobs set lease_token = gen_random_uuid() where id = $1`, [id]);
    const stolen = await jobRow(db, id);
    await eventually(async () => (reason ? true : undefined), 3_000, 'abort');
    expect(reason).toBeInstanceOf(LeaseLostError);
    await new Promise((r) => setTimeout(r, 200));
    const after = await jobRow(db, id);
    expect(after.state).toBe('running');
    expect(after.lease_token).toBe(stolen.lease_token);
  });

  it('stop() waits for a running handler and writes its outcome', async () => {
    const id = await add();
    let finish!: () => void;
    let started = false;
    const runner = await start({
      queues: {
        [queue]: () =>
          new Promise<void>((resolve) => {
            started = true;
            finish = resolve; // ignores the signal: stop must still wait
          }),
      },
    });
    await eventually(async () => (started ? true : undefined));
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 200));
    expect(stopped).toBe(false);
    expect(runner.inFlight).toBe(1);
    finish();
    await stopping;
    expect(await stateOf(id)).toBe('done');
  });

  it('stop() aborts signals; a handler that gives up is released without using an attempt', async () => {
    const id = await add({}, { maxAttempts: 1 });
    let reason: unknown;
    let started = false;
    const runner = await start({
      queues: {
        [queue]: (_job, ctx) =>
          new Promise<void>((_resolve, reject) => {
            started = true;
            ctx.signal.addEventListener('abort', () => {
              reason = ctx.signal.reason;
              reject(new Error('aborted'));
            });
          }),
      },
    });
    await eventually(async () => (started ? true : undefined));
    await runner.stop();
    expect(reason).toBeInstanceOf(RunnerStoppingError);
    const row = await jobRow(db, id);
    expect(row.state).toBe('queued');
    expect(row.attempts).toBe(0);
  });

  it('does not claim jobs of queues it does not serve', async () => {
    const other = await enqueue(db, { queue: `${queue}-other`, payload: {}, idempotencyKey: `${queue}-other` });
    const mine = await add();
    await start({ queues: { [queue]: async () => {} } });
    await until(mine, 'done');
    await new Promise((r) => setTimeout(r, 150));
    expect(await stateOf(other)).toBe('queued');
  });

  it('wakes on NOTIFY well before the next poll; polling alone waits for its period', async () => {
    const picked = new Map<string, number>();
    const handler = async (job: Job) => {
      picked.set(job.id, Date.now());
    };
    const notifyQueue = `${queue}-notify`;
    const pollQueue = `${queue}-poll`;
    await start({ pollMs: 10_000, queues: { [notifyQueue]: handler } });
    await start({ pollMs: 1_000, listen: false, queues: { [pollQueue]: handler } });
    await new Promise((r) => setTimeout(r, 300)); // both did their start-up claim and are idle

    const latency = async (q: string) => {
      const t0 = Date.now();
      const id = await enqueue(db, { queue: q, payload: {}, idempotencyKey: `${q}-${t0}` });
      const t1 = await eventually(async () => picked.get(id), 5_000, `pick-up on ${q}`);
      return t1 - t0;
    };
    const viaNotify = [await latency(notifyQueue), await latency(notifyQueue), await latency(notifyQueue)];
    const viaPoll = await latency(pollQueue);
    console.log(
      `wake-up latency: NOTIFY ${viaNotify.join(', ')} ms (poll period 10 s); poll only ${viaPoll} ms (period 1 s)`,
    );
    for (const ms of viaNotify) expect(ms).toBeLessThan(500);
    expect(viaPoll).toBeLessThan(2_500);
  });

  it('a stop during start-up undoes the start: nothing is claimed afterwards', async () => {
    let ran = 0;
    const runner = createJobRunner({ db, pollMs: 50, logger: quiet, queues: { [queue]: async () => void ran++ } });
    const starting = runner.start();
    await runner.stop();
    await starting;
    const id = await add();
    await new Promise((r) => setTimeout(r, 300)); // several poll periods and a NOTIFY
    expect(ran).toBe(0);
    expect(await stateOf(id)).toBe('queued');
    await expect(runner.start()).rejects.toThrow(/already started or stopped/);
  });
});
