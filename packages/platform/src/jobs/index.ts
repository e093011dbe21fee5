// Durable jobs on PostgreSQL / PGlite: enqueue (transactional outbox), leased runs with fencing tokens, runner.
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
export { exponentialBackoff, defaultBackoff, type BackoffFn, type ExponentialBackoffOptions } from './backoff.ts';
export { LeaseLostError, PermanentJobError, RetryLaterError, RunnerStoppingError } from './jobErrors.ts';
export { withJobLease } from './withJobLease.ts';
export { claimJobs, type ClaimOptions } from './claimJobs.ts';
export { completeJob, completeJobs } from './completeJobs.ts';
export {
  completeAndClaimJobs,
  type CompleteAndClaimOptions,
  type CompleteAndClaimResult,
} from './completeAndClaimJobs.ts';
export { failJob, failJobs, type JobFailure } from './failJobs.ts';
export { releaseJobs } from './releaseJobs.ts';
export { extendLeases } from './extendLeases.ts';
export { requeueExpiredJobs, type RequeuedJob } from './requeueExpiredJobs.ts';
export { queueStats, type QueueStats } from './queueStats.ts';
export { pruneJobs, type PruneOptions } from './pruneJobs.ts';
export { jobsChannel } from './jobsChannel.ts';
