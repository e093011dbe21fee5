import type { Sql } from '../db/database.ts';
import type { JobLease } from './job.ts';
import { LIVE_LEASE, leaseArrays } from './leaseFence.ts';

/**
 * Marks the jobs of these leases done, in one statement. Fenced: a lease that is not current and unexpired is
 * refused and its job left as it is. Returns the ids that were completed.
 */
export async function completeJobs(sql: Sql, leases: readonly JobLease[]): Promise<Set<string>> {
  if (leases.length === 0) return new Set();
  const rows = await sql.query<{ id: string }>(
    `update jobs j
     set state = 'done', finished_at = now(), updated_at = now(), lease_expires_at = null
     from unnest($1::bigint[], $2::uuid[]) as l(id, token)
     where ${LIVE_LEASE}
     returning j.id`,
    leaseArrays(leases),
  );
  return new Set(rows.map((r) => String(r.id)));
}

/** Completes one job; false when the lease is no longer held (nothing changed). */
export async function completeJob(sql: Sql, lease: JobLease): Promise<boolean> {
  return (await completeJobs(sql, [lease])).has(lease.id);
}
