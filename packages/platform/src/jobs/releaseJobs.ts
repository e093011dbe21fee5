import type { Sql } from '../db/database.ts';
import type { JobLease } from './job.ts';
import { JOBS_CHANNEL_SQL } from './jobsChannel.ts';
import { liveLease, leaseArrays } from './leaseFence.ts';

/**
 * Gives leased jobs back without counting the run as an attempt (a stopping runner, or jobs claimed just as it
 * stopped): they become due at once and other runners are notified. Fenced like completion. Returns the ids released.
 */
export async function releaseJobs(sql: Sql, leases: readonly JobLease[]): Promise<Set<string>> {
  if (leases.length === 0) return new Set();
  const rows = await sql.query<{ id: string | null }>(
    `with rel as (
       update jobs j
       set state = 'queued', attempts = greatest(j.attempts - 1, 0), run_at = now(), lease_expires_at = null,
           updated_at = now()
       where ${liveLease('$1', '$2')}
       returning j.id, j.queue
     )
     select id, null::text as notified from rel
     union all
     select null, pg_notify(${JOBS_CHANNEL_SQL}, d.queue)::text from (select distinct queue from rel) d`,
    leaseArrays(leases),
  );
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [String(r.id)])));
}
