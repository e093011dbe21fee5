import type { Sql } from '../db/database.ts';
import type { JobLease } from './job.ts';
import { JOBS_CHANNEL_SQL } from './jobsChannel.ts';
import { liveLease, leaseArrays } from './leaseFence.ts';

/** A lease to give back, due again after `delayMs` (default at once). */
export interface JobRelease extends JobLease {
  delayMs?: number;
}

/**
 * Gives leased jobs back without counting the run as an attempt (a stopping runner, jobs claimed just as it stopped,
 * a handler that deferred its job): each becomes due after its delay, and runners of queues with a job due at once
 * are notified. Fenced like completion. Returns the ids released.
 */
export async function releaseJobs(sql: Sql, releases: readonly JobRelease[]): Promise<Set<string>> {
  if (releases.length === 0) return new Set();
  const rows = await sql.query<{ id: string | null }>(
    `with rel as (
       update jobs j
       set state = 'queued', attempts = greatest(j.attempts - 1, 0), lease_expires_at = null, updated_at = now(),
           run_at = now() + ($3::float8[])[array_position($1::bigint[], j.id)] * interval '1 millisecond'
       where ${liveLease('$1', '$2')}
       returning j.id, j.queue, j.run_at <= now() as due
     )
     select id, null::text as notified from rel
     union all
     select null, pg_notify(${JOBS_CHANNEL_SQL}, d.queue)::text from (select distinct queue from rel where due) d`,
    [...leaseArrays(releases), releases.map((r) => Math.max(0, Math.round(r.delayMs ?? 0)))],
  );
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [String(r.id)])));
}
