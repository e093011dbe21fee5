import type { Sql } from '../db/database.ts';
import type { JobLease } from './job.ts';
import { liveLease } from './leaseFence.ts';

export interface JobFailure extends JobLease {
  /** Stored in last_error (truncated). */
  error: string;
  /** Run again after this many milliseconds; `null` moves the job to `dead`. */
  retryInMs: number | null;
}

/** Longest last_error kept; errors can carry whole response bodies. */
const MAX_ERROR_LENGTH = 4_000;

/**
 * Records failed runs in one statement: each job goes back to `queued` with run_at = now + retryInMs, or to `dead`.
 * Fenced like completion. Returns the ids that were changed, with the state they moved to.
 */
export async function failJobs(sql: Sql, failures: readonly JobFailure[]): Promise<Map<string, 'queued' | 'dead'>> {
  if (failures.length === 0) return new Map();
  const rows = await sql.query<{ id: string; state: 'queued' | 'dead' }>(
    `update jobs j
     set state = case when l.retry_ms is null then 'dead' else 'queued' end,
         run_at = case when l.retry_ms is null then j.run_at else now() + l.retry_ms * interval '1 millisecond' end,
         finished_at = case when l.retry_ms is null then now() end,
         last_error = l.error,
         lease_expires_at = null,
         updated_at = now()
     -- Joined to the unnested failures only for their values; the fence itself pairs by position (liveLease).
     from unnest($1::bigint[], $2::uuid[], $3::text[], $4::float8[]) as l(id, token, error, retry_ms)
     where j.id = l.id and ${liveLease('$1', '$2')}
     returning j.id, j.state`,
    [
      failures.map((f) => f.id),
      failures.map((f) => f.leaseToken),
      failures.map((f) => f.error.slice(0, MAX_ERROR_LENGTH)),
      failures.map((f) => (f.retryInMs === null ? null : Math.max(0, Math.round(f.retryInMs)))),
    ],
  );
  return new Map(rows.map((r) => [String(r.id), r.state]));
}

/** Fails one job; false when the lease is no longer held (nothing changed). */
export async function failJob(sql: Sql, failure: JobFailure): Promise<boolean> {
  return (await failJobs(sql, [failure])).has(failure.id);
}
