/**
 * Durable jobs on PostgreSQL and PGlite (same SQL), table `jobs` (migrations/0001_jobs.sql).
 *
 *   // producer, inside the domain change's transaction (outbox): the job exists iff the change commits
 *   await db.tx(async (tx) => {
 *     await tx.query('update payments set ...');
 *     await enqueue(tx, { queue: 'webhooks', payload: { eventId }, idempotencyKey: `webhook:${eventId}` });
 *   });
 *
 *   // worker process
 *   const runner = createJobRunner({ db, concurrency: 20, queues: {
 *     webhooks: { handler: async (job, ctx) => { await post(job.payload, { signal: ctx.signal }); }, backoff },
 *     ledger: async (job, ctx) => ctx.withLease((tx) => tx.query('insert ...')), // exactly once
 *   } });
 *   await runner.start();
 *   process.once('SIGTERM', () => void runner.stop({ timeoutMs: 25_000 }));
 *
 * Guarantees: a job runs until a run succeeds or it goes dead (at least once); a run's database effect written
 * through `ctx.withLease` commits at most once, together with the job's completion (so exactly once); a worker
 * whose lease expired can no longer complete, fail or extend (fencing by lease token). Wake-ups by NOTIFY,
 * polling as the fallback and for delayed jobs.
 */
export type { Job, JobLease, JobState } from './job.ts';
export { enqueue, DEFAULT_MAX_ATTEMPTS, type EnqueueJob } from './enqueue.ts';
export { enqueueMany } from './enqueueMany.ts';
export {
  createJobRunner,
  type JobContext,
  type JobHandler,
  type JobLogger,
  type JobRunner,
  type JobRunnerOptions,
  type QueueDefinition,
  type StopOptions,
} from './createJobRunner.ts';
export {
  consoleJobLogger,
  createLeaseRunner,
  type LeaseLoopSettings,
  type LeaseRunner,
  type LeaseRunnerOptions,
  type WorkRunner,
} from './createLeaseRunner.ts';
export { LeasedRun } from './leasedRun.ts';
export { exponentialBackoff, defaultBackoff, type BackoffFn, type ExponentialBackoffOptions } from './backoff.ts';
export { DeferJobError, LeaseLostError, PermanentJobError, RetryLaterError, RunnerStoppingError } from './jobErrors.ts';
export { withJobLease } from './withJobLease.ts';
export { claimJobs, type ClaimOptions } from './claimJobs.ts';
export { completeJob, completeJobs } from './completeJobs.ts';
export {
  completeAndClaimJobs,
  type CompleteAndClaimOptions,
  type CompleteAndClaimResult,
} from './completeAndClaimJobs.ts';
export { failJob, failJobs, type JobFailure } from './failJobs.ts';
export { releaseJobs, type JobRelease } from './releaseJobs.ts';
export { extendLeases } from './extendLeases.ts';
export { requeueExpiredJobs, type RequeuedJob } from './requeueExpiredJobs.ts';
export { queueStats, type QueueStats } from './queueStats.ts';
export { listDeadJobs, retryDeadJob, type DeadJob } from './deadJobs.ts';
export { pruneJobs, type PruneOptions } from './pruneJobs.ts';
export { jobsChannel, JOBS_CHANNEL_SQL } from './jobsChannel.ts';
export { registerJobMetrics } from './jobMetrics.ts';
