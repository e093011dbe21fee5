/**
 * A worker process for the multi-process tests (jobsAcrossProcesses.test.ts). Run with `node --import tsx`.
 *
 * Env: DATABASE_URL, JOBS_SCHEMA (the test's schema), WORKER_NAME, WORKER_QUEUES (comma-separated),
 * LEASE_MS, CONCURRENCY, POLL_MS.
 *
 * Queues:
 *  - `*-effect`: records the run, then inserts one row into `effects` inside withLease (exactly once per job).
 *  - `*-block`: records the run; on its first attempt blocks forever (the test SIGKILLs this process mid-job);
 *    on later attempts waits until the test inserts a row in `gates`, then writes its effect inside withLease.
 *
 * Prints `ready` on stdout once the runner is listening. SIGTERM stops the runner gracefully and exits 0.
 */
import { openDatabase } from '../../db/openDatabase.ts';
import type { Sql } from '../../db/database.ts';
import { createJobRunner, type JobHandler } from '../createJobRunner.ts';

const env = (k: string): string => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};
const name = env('WORKER_NAME');
const db = await openDatabase({ url: env('DATABASE_URL'), schema: env('JOBS_SCHEMA'), poolSize: 4 });

const recordRun = (sql: Sql, jobId: string, attempt: number, token: string) =>
  sql.query('insert into runs (job_id, worker, attempt, lease_token) values ($1, $2, $3, $4)', [
    jobId,
    name,
    attempt,
    token,
  ]);

const effect: JobHandler = async (job, ctx) => {
  await recordRun(db, job.id, job.attempts, ctx.leaseToken);
  await ctx.withLease((tx) => tx.query('insert into effects (job_id, worker) values ($1, $2)', [job.id, name]));
};

const block: JobHandler = async (job, ctx) => {
  await recordRun(db, job.id, job.attempts, ctx.leaseToken);
  if (job.attempts === 1) await new Promise<never>(() => {}); // mid-job until killed
  for (;;) {
    const open = await db.query('select 1 from gates where job_id = $1', [job.id]);
    if (open.length > 0) break;
    await new Promise((r) => setTimeout(r, 25));
  }
  await ctx.withLease((tx) => tx.query('insert into effects (job_id, worker) values ($1, $2)', [job.id, name]));
};

const queues: Record<string, JobHandler> = {};
for (const q of env('WORKER_QUEUES').split(',')) queues[q] = q.endsWith('-block') ? block : effect;

const runner = createJobRunner({
  db,
  queues,
  concurrency: Number(process.env.CONCURRENCY ?? 8),
  leaseMs: Number(process.env.LEASE_MS ?? 10_000),
  pollMs: Number(process.env.POLL_MS ?? 100),
});
process.on('SIGTERM', () => {
  void runner
    .stop({ timeoutMs: 10_000 })
    .then(() => db.close())
    .then(() => process.exit(0));
});
await runner.start();
process.stdout.write('ready\n');
