import type { Sql } from '../db/database.ts';
import { type ClaimOptions, claimCtes, claimJobs } from './claimJobs.ts';
import { completeJobs } from './completeJobs.ts';
import { type Job, type JobLease, type JobRow, rowToJob } from './job.ts';
import { LIVE_LEASE } from './leaseFence.ts';

export interface CompleteAndClaimOptions extends ClaimOptions {
  /** Leases whose jobs succeeded: completed with the same fencing as completeJobs. */
  complete: readonly JobLease[];
}

export interface CompleteAndClaimResult {
  /** Ids of the `complete` leases that were live and are now done; the others were refused and left as they were. */
  completed: Set<string>;
  /** Newly claimed jobs. */
  jobs: Job[];
}

/**
 * completeJobs and claimJobs in ONE statement, hence one commit: the runner's steady-state cycle. A commit waits
 * for its WAL flush, which dominates the cost of a small batch, so folding the two halves the commits per job.
 *
 * Both CTEs run on the same snapshot and touch disjoint rows (completions are `running`, claims `queued`), so they
 * cannot interfere; each keeps its own guarantees (fencing per completed row, SKIP LOCKED for claims).
 */
export async function completeAndClaimJobs(sql: Sql, opts: CompleteAndClaimOptions): Promise<CompleteAndClaimResult> {
  if (opts.complete.length === 0) return { completed: new Set(), jobs: await claimJobs(sql, opts) };
  if (opts.limit <= 0 || opts.queues.length === 0) {
    return { completed: await completeJobs(sql, opts.complete), jobs: [] };
  }
  const rows = await sql.query<JobRow & { kind: 'claimed' | 'done' }>(
    `with done as (
       update jobs j
       set state = 'done', finished_at = now(), updated_at = now(), lease_expires_at = null
       from unnest($4::bigint[], $5::uuid[]) as l(id, token)
       where ${LIVE_LEASE}
       returning j.id
     ), ${claimCtes('$1', '$2', '$3')}
     select 'claimed' as kind, c.* from claimed c
     union all
     select 'done', d.id, null, null, null, null, null, null, null, null, null from done d`,
    [
      opts.queues,
      opts.limit,
      Math.ceil(opts.leaseMs),
      opts.complete.map((l) => l.id),
      opts.complete.map((l) => l.leaseToken),
    ],
  );
  const completed = new Set<string>();
  const jobs: Job[] = [];
  for (const r of rows) {
    if (r.kind === 'done') completed.add(String(r.id));
    else jobs.push(rowToJob(r));
  }
  return { completed, jobs };
}
