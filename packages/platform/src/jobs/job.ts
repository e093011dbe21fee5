/** States of a job row; see migrations/0001_jobs.sql for the life cycle. */
export type JobState = 'queued' | 'running' | 'done' | 'dead';

/**
 * A lease on a running job: the job id plus the fencing token handed out by the claim that started this run.
 * Every write that finishes or extends a run is conditioned on this pair (and on the lease being unexpired).
 */
export interface JobLease {
  id: string;
  leaseToken: string;
}

/** A claimed job, as a handler sees it. `id` is the bigint primary key as a decimal string. */
export interface Job<P = unknown> extends JobLease {
  queue: string;
  payload: P;
  idempotencyKey: string;
  /** Claims so far, this run included (1 on the first run). */
  attempts: number;
  maxAttempts: number;
  /** When this run became due. */
  runAt: Date;
  createdAt: Date;
  /** Lease expiry as set by the claim (the runner extends it while the handler runs). */
  leaseExpiresAt: Date;
}

/** Columns every statement that hands a job to a worker returns, in the shape `rowToJob` expects. */
export const JOB_COLUMNS =
  'j.id, j.queue, j.payload, j.idempotency_key, j.attempts, j.max_attempts, j.run_at, j.created_at, j.lease_token, j.lease_expires_at';

export interface JobRow {
  id: string;
  queue: string;
  payload: unknown;
  idempotency_key: string;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  created_at: Date;
  lease_token: string;
  lease_expires_at: Date;
}

export function rowToJob(r: JobRow): Job {
  return {
    id: String(r.id),
    queue: r.queue,
    payload: r.payload,
    idempotencyKey: r.idempotency_key,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    runAt: r.run_at,
    createdAt: r.created_at,
    leaseToken: r.lease_token,
    leaseExpiresAt: r.lease_expires_at,
  };
}
