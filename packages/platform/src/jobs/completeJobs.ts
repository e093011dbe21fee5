import type { Sql } from '../db/database.ts';
import type { JobLease } from './job.ts';
import { leaseArrays, liveLease } from './leaseFence.ts';

/**
 * The completion as two CTEs, `done` (marks `keep` leases' jobs done) and `gone` (deletes `discard` leases' jobs),
 * both RETURNING the job id, over parameters $keepIds/$keepTokens and $discardIds/$discardTokens. Every row is
 * fenced (liveLease). Deleting is what a queue with `retainDone: false` gets: no new row version and no index
 * entries, about a third of the database cost of a job (bench/webhooks). Shared with completeAndClaimJobs.
 */
export function completionCtes(keep: [string, string], discard: [string, string]): string {
  return `done as (
       update jobs j
       set state = 'done', finished_at = now(), updated_at = now(), lease_expires_at = null
       where ${liveLease(keep[0], keep[1])}
       returning j.id
     ), gone as (
       delete from jobs j
       where ${liveLease(discard[0], discard[1])}
       returning j.id
     )`;
}

/** The four array parameters of completionCtes. */
export function completionParams(keep: readonly JobLease[], discard: readonly JobLease[]): string[][] {
  return [...leaseArrays(keep), ...leaseArrays(discard)];
}

/**
 * Completes the jobs of these leases in one statement: `leases` are marked done (kept, so their idempotency keys
 * stay known), `discard` are deleted (their keys become free again). Fenced: a lease that is not current and
 * unexpired is refused and its job left as it is. Returns the ids that were completed.
 */
export async function completeJobs(
  sql: Sql,
  leases: readonly JobLease[],
  discard: readonly JobLease[] = [],
): Promise<Set<string>> {
  if (leases.length === 0 && discard.length === 0) return new Set();
  const rows = await sql.query<{ id: string }>(
    `with ${completionCtes(['$1', '$2'], ['$3', '$4'])}
     select id from done union all select id from gone`,
    completionParams(leases, discard),
  );
  return new Set(rows.map((r) => String(r.id)));
}

/** Completes one job; false when the lease is no longer held (nothing changed). */
export async function completeJob(sql: Sql, lease: JobLease): Promise<boolean> {
  return (await completeJobs(sql, [lease])).has(lease.id);
}
