import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { eventually, jobRow, openJobsTestDatabase } from './_test/openJobsTestDatabase.ts';
import { completeJob } from './completeJobs.ts';
import { enqueue } from './enqueue.ts';
import { enqueueMany } from './enqueueMany.ts';
import { extendLeases } from './extendLeases.ts';
import { failJob } from './failJobs.ts';
import { LeaseLostError } from './jobErrors.ts';
import { withJobLease } from './withJobLease.ts';

const workerScript = fileURLToPath(new URL('./_test/jobWorker.ts', import.meta.url));

/**
 * Several worker PROCESSES against one PostgreSQL schema. PGlite is one in-process database, so these run only
 * when DATABASE_URL is set.
 */
describe.skipIf(!process.env.DATABASE_URL)('jobs across worker processes (PostgreSQL only)', () => {
  let db: Database & { schema?: string };
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    db = await openJobsTestDatabase();
    await db.exec(`
      create table effects (job_id bigint primary key, worker text not null);
      create table runs (job_id bigint not null, worker text not null, attempt int not null, lease_token uuid not null,
                         at timestamptz not null default clock_timestamp());
      create table gates (job_id bigint primary key);
    `);
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await Promise.all([...children].map((c) => exited(c)));
    await db.close();
  });

  /** Spawns a worker and resolves once it is listening. */
  const spawnWorker = async (name: string, queues: string[], extra: Record<string, string> = {}) => {
    const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
      env: {
        ...process.env,
        JOBS_SCHEMA: db.schema,
        WORKER_NAME: name,
        WORKER_QUEUES: queues.join(','),
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.add(child);
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('ready\n')) resolve();
      });
      child.once('exit', (code, signal) => reject(new Error(`worker ${name} exited early: ${code ?? signal}`)));
    });
    return child;
  };

  it('two processes run 1,000 jobs; each effect happens exactly once', async () => {
    const q = 'bulk-effect';
    const [a, b] = await Promise.all([spawnWorker('a', [q]), spawnWorker('b', [q])]);
    const ids = await enqueueMany(
      db,
      Array.from({ length: 1_000 }, (_, i) => ({ queue: q, payload: { i }, idempotencyKey: `bulk-${i}` })),
    );
    await eventually(
      async () => {
        const [r] = await db.query<{ n: string }>(
          `select count(*) as n from jobs where queue = $1 and state = 'done'`,
          [q],
        );
        return r?.n === '1000' ? true : undefined;
      },
      60_000,
      '1,000 jobs done',
    );

    const effects = await db.query<{ job_id: string; worker: string }>('select job_id, worker from effects');
    expect(effects).toHaveLength(1_000);
    expect(new Set(effects.map((e) => String(e.job_id)))).toEqual(new Set(ids));
    const byWorker = new Map<string, number>();
    for (const e of effects) byWorker.set(e.worker, (byWorker.get(e.worker) ?? 0) + 1);
    expect(byWorker.get('a')).toBeGreaterThan(0); // both processes took part
    expect(byWorker.get('b')).toBeGreaterThan(0);
    // No job was claimed twice or failed along the way: one run per job, one attempt, no error.
    const [runs] = await db.query<{ n: string; jobs: string }>(
      'select count(*) as n, count(distinct job_id) as jobs from runs',
    );
    expect(runs).toEqual({ n: '1000', jobs: '1000' });
    const [bad] = await db.query<{ n: string }>(
      `select count(*) as n from jobs where queue = $1 and (attempts <> 1 or last_error is not null)`,
      [q],
    );
    expect(bad?.n).toBe('0');

    // Graceful stop from a SIGTERM handler: both exit 0.
    a.kill('SIGTERM');
    b.kill('SIGTERM');
    expect(await exited(a)).toBe(0);
    expect(await exited(b)).toBe(0);
  });

  it('a worker SIGKILLed mid-job: the other runs the job after the lease expires; the dead lease is fenced out', async () => {
    const q = 'kill-block';
    const leaseMs = 1_500;
    const env = { LEASE_MS: String(leaseMs), POLL_MS: '100' };
    const victim = await spawnWorker('victim', [q], env);
    const id = await enqueue(db, { queue: q, payload: {}, idempotencyKey: 'kill-1' });
    type RunRow = { worker: string; attempt: number; lease_token: string };
    const first = await eventually(async () => {
      const [r] = await db.query<RunRow>('select worker, attempt, lease_token from runs where job_id = $1', [id]);
      return r;
    });
    expect(first).toMatchObject({ worker: 'victim', attempt: 1 });
    const survivor = await spawnWorker('survivor', [q], env);

    // The victim is mid-job (blocked in its handler, heartbeating its lease). Kill it without warning.
    await new Promise((r) => setTimeout(r, 2 * leaseMs)); // its heartbeats keep the job: nobody else took it
    expect(await db.query('select 1 from runs where job_id = $1 and worker = $2', [id, 'survivor'])).toEqual([]);
    const killedAt = Date.now();
    victim.kill('SIGKILL');
    expect(await exited(victim)).toBe('SIGKILL');

    const second = await eventually(
      async () => {
        const [r] = await db.query<RunRow>(
          'select worker, attempt, lease_token from runs where job_id = $1 and attempt = 2',
          [id],
        );
        return r;
      },
      15_000,
      're-run by the survivor',
    );
    const rerunAfter = Date.now() - killedAt;
    expect(second.worker).toBe('survivor');
    expect(rerunAfter).toBeLessThan(leaseMs + 3_000);

    // The survivor holds the job now (waiting at its gate). The victim's late completion, in every form, is refused.
    const stale = { id, leaseToken: first.lease_token };
    const held = await jobRow(db, id);
    expect(held).toMatchObject({ state: 'running', lease_token: second.lease_token, attempts: 2 });
    expect(await completeJob(db, stale)).toBe(false);
    expect(await failJob(db, { ...stale, error: 'late', retryInMs: null })).toBe(false);
    expect((await extendLeases(db, [stale], 60_000)).size).toBe(0);
    await expect(
      withJobLease(db, stale, (tx) => tx.query('insert into effects (job_id, worker) values ($1, $2)', [id, 'victim'])),
    ).rejects.toThrow(LeaseLostError);
    const after = await jobRow(db, id);
    expect({ ...after, lease_expires_at: null, updated_at: null }).toEqual({
      ...held,
      lease_expires_at: null, // the survivor's heartbeat may have moved these meanwhile
      updated_at: null,
    });
    expect(await db.query('select * from effects where job_id = $1', [id])).toEqual([]);

    // Let the survivor finish: its effect lands once, and the victim's token stays refused.
    await db.query('insert into gates values ($1)', [id]);
    await eventually(async () => ((await jobRow(db, id)).state === 'done' ? true : undefined), 10_000, 'done');
    expect(await db.query('select worker from effects where job_id = $1', [id])).toEqual([{ worker: 'survivor' }]);
    expect(await completeJob(db, stale)).toBe(false);
    await expect(withJobLease(db, stale, async () => {})).rejects.toThrow(LeaseLostError);
    expect((await jobRow(db, id)).attempts).toBe(2);

    survivor.kill('SIGTERM');
    expect(await exited(survivor)).toBe(0);
  });
});

/** Exit code, or the signal name when killed. */
function exited(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  if (child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
}
