import type { Sql } from '../db/database.ts';
import { type ClaimOptions, claimCtes, claimedOrder, claimJobs } from './claimJobs.ts';
import { completeJobs, completionCtes, completionParams } from './completeJobs.ts';
import { type Job, type JobLease, type JobRow, rowToJob } from './job.ts';

export interface CompleteAndClaimOptions extends ClaimOptions {
  /** Leases whose jobs succeeded: completed with the same fencing as completeJobs. */
  complete: readonly JobLease[];
  /** Leases whose jobs succeeded and whose rows go (queues with `retainDone: false`); same fencing. */
  discard?: readonly JobLease[];
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
  const discard = opts.discard ?? [];
  if (opts.complete.length === 0 && discard.length === 0) {
    return { completed: new Set(), jobs: await claimJobs(sql, opts) };
  }
  if (opts.limit <= 0 || opts.queues.length === 0) {
    return { completed: await completeJobs(sql, opts.complete, discard), jobs: [] };
  }
  const rows = await sql.query<JobRow & { kind: 'claimed' | 'done' }>(
    `with ${completionCtes(['$4', '$5'], ['$6', '$7'])}, ${claimCtes('$1', '$2', '$3')}
     select * from (
       select 'claimed' as kind, c.* from claimed c
       union all
       select 'done', d.id, null, null, null, null, null, null, null, null, null
         from (select id from done union all select id from gone) d
     ) u
     order by kind, ${claimedOrder('$1')}`,
    [opts.queues, opts.limit, Math.ceil(opts.leaseMs), ...completionParams(opts.complete, discard)],
  );
  const completed = new Set<string>();
  const jobs: Job[] = [];
  for (const r of rows) {
    if (r.kind === 'done') completed.add(String(r.id));
    else jobs.push(rowToJob(r));
  }
  return { completed, jobs };
}
