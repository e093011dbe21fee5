import type { JobLease } from './job.ts';

/**
 * The fencing condition every write on a running job carries: `j` is the jobs row, `l` a row of leases unnested
 * from parameters (`l.id`, `l.token`). The lease must be the current one and unexpired by the database clock.
 * Only one lease can satisfy it at a time: a claim sets a fresh token, and a job leaves `running` only through a
 * statement that itself passed this fence or found the lease expired (requeueExpiredJobs).
 */
export const LIVE_LEASE = `j.id = l.id and j.state = 'running' and j.lease_token = l.token and j.lease_expires_at > now()`;

/** Parameters `$1::bigint[]`, `$2::uuid[]` for `unnest($1::bigint[], $2::uuid[]) as l(id, token)`. */
export function leaseArrays(leases: readonly JobLease[]): [string[], string[]] {
  return [leases.map((l) => l.id), leases.map((l) => l.leaseToken)];
}
