import type { Sql } from '../db/database.ts';
import { JOBS_CHANNEL_SQL } from './jobsChannel.ts';

export interface EnqueueJob {
  queue: string;
  /** Any JSON value. */
  payload: unknown;
  /** Unique across all queues for the life of the job row: a second enqueue with the same key does nothing. */
  idempotencyKey: string;
  /** Not before this time. Default: now (database clock). */
  runAt?: Date | undefined;
  /** Runs before the job goes dead. Default 10. */
  maxAttempts?: number | undefined;
}

export const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * Inserts a job and returns its id; with a known idempotency key, inserts nothing and returns the existing job's id.
 *
 * Pass the caller's transaction handle to make the job part of a domain change (transactional outbox): the job
 * exists if and only if the change commits. The wake-up NOTIFY is sent by the same statement, and PostgreSQL
 * delivers a NOTIFY only at commit, so no runner is woken for a job it cannot see yet. No NOTIFY is sent for a job
 * that is not due yet (runners find it by polling).
 */
export async function enqueue(sql: Sql, job: EnqueueJob): Promise<string> {
  validate(job);
  const params = [
    job.queue,
    // JSON text in a text parameter, cast by the server: the drivers disagree on serialising a JS string for a
    // jsonb parameter (postgres.js encodes it as a JSON string, PGlite passes it as JSON text).
    JSON.stringify(job.payload ?? null),
    job.idempotencyKey,
    job.runAt ?? null,
    job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  ];
  // A row deleted by pruneJobs between the insert and the select would leave nothing to return: try again.
  for (let i = 0; i < 3; i++) {
    const [inserted] = await sql.query<{ id: string }>(
      `insert into jobs (queue, payload, idempotency_key, run_at, max_attempts)
       values ($1, $2::text::jsonb, $3, coalesce($4::timestamptz, now()), $5::int)
       on conflict (idempotency_key) do nothing
       returning id, (case when run_at <= now() then pg_notify(${JOBS_CHANNEL_SQL}, queue) end)::text as notified`,
      params,
    );
    if (inserted) return String(inserted.id);
    // Conflict: the key exists (committed, or earlier in this same transaction). READ COMMITTED gives this
    // statement a fresh snapshot, so a concurrent enqueue that won the race is visible once it committed.
    const [existing] = await sql.query<{ id: string }>('select id from jobs where idempotency_key = $1', [
      job.idempotencyKey,
    ]);
    if (existing) return String(existing.id);
  }
  throw new Error(`enqueue: idempotency key ${job.idempotencyKey} conflicts but no job holds it`);
}

export function validate(job: EnqueueJob): void {
  if (!job.queue) throw new TypeError('enqueue: queue is required');
  if (!job.idempotencyKey) throw new TypeError('enqueue: idempotencyKey is required');
  if (job.maxAttempts !== undefined && !(Number.isInteger(job.maxAttempts) && job.maxAttempts >= 1)) {
    throw new RangeError(`enqueue: maxAttempts must be an integer >= 1, got ${job.maxAttempts}`);
  }
  if (job.runAt !== undefined && Number.isNaN(job.runAt.getTime())) throw new RangeError('enqueue: invalid runAt');
}
