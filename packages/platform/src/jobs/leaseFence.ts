import type { JobLease } from './job.ts';

/**
 * The fencing condition every write on a running job carries: `j` is the jobs row; `ids` and `tokens` are the
 * parameters (bigint[] and uuid[], pairwise) of the leases the statement acts for. The job must be one of them, the
 * lease the current one, and unexpired by the database clock. Only one lease can satisfy it at a time: a claim sets
 * a fresh token, and a job leaves `running` only through a statement that itself passed this fence or found the
 * lease expired (requeueExpiredJobs).
 *
 * Written so that every plan looks the jobs up by id, whatever the statistics say about running jobs (they are
 * usually wrong: a queue analysed while idle has none). Measured on bench/webhooks (migrations/0003):
 *  - `j.id = any(ids)` is an index path on the primary key priced by the batch, never a scan of the table;
 *  - the token is paired by position in the arrays, not by joining the unnested leases: with the job estimated at
 *    one row, the planner rescans the unnested batch once per job (a 250-lease batch compared 62,500 pairs);
 *  - there is no `state = 'running'` (a job has a lease expiry only while running: constraint
 *    jobs_lease_only_while_running), because that clause makes the partial index of running jobs usable, and the
 *    planner then scans it once per lease.
 */
export function liveLease(ids: string, tokens: string): string {
  return `j.id = any(${ids}::bigint[]) and j.lease_token = (${tokens}::uuid[])[array_position(${ids}::bigint[], j.id)]
         and j.lease_expires_at > now()`;
}

/** Parameters `ids` and `tokens` of liveLease. */
export function leaseArrays(leases: readonly JobLease[]): [string[], string[]] {
  return [leases.map((l) => l.id), leases.map((l) => l.leaseToken)];
}
