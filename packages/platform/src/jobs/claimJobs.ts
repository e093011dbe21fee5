import type { Sql } from '../db/database.ts';
import { JOB_COLUMNS, type Job, type JobRow, rowToJob } from './job.ts';

export interface ClaimOptions {
  /** Queues to claim from. Earlier queues are served first when there are more due jobs than `limit`. */
  queues: readonly string[];
  limit: number;
  leaseMs: number;
}

/**
 * The claim as two CTEs, `picked` and `claimed` (RETURNING the job columns), over parameters $q (text[] of queues),
 * $limit and $lease (ms). Shared by claimJobs and completeAndClaimJobs.
 *
 * Due jobs of each queue come in (run_at, id) order from the `jobs_due` index. The lateral join visits queues in the
 * order given and stops pulling as soon as `limit` rows are locked, so no row is locked that is not claimed. Rows
 * locked by another session (another runner's claim, a completion in flight) are skipped, never waited for. The
 * update finds the picked rows through `= any(array)`, an index scan of the primary key: joined to `picked` instead,
 * the planner hashes the whole table when it thinks the batch is large next to it (a seq scan per claim).
 */
export function claimCtes(q: string, limit: string, lease: string): string {
  return `picked as (
       select c.id
       from unnest(${q}::text[]) with ordinality as q(name, ord)
       cross join lateral (
         select d.id from jobs d
         where d.state = 'queued' and d.queue = q.name and d.run_at <= now()
         order by d.run_at, d.id
         limit ${limit}
         for update skip locked
       ) c
       limit ${limit}
     ), claimed as (
       update jobs j
       set state = 'running',
           attempts = j.attempts + 1,
           lease_token = gen_random_uuid(),
           lease_expires_at = now() + ${lease}::int * interval '1 millisecond',
           updated_at = now()
       where j.id = any(array(select id from picked))
       returning ${JOB_COLUMNS}
     )`;
}

/**
 * ORDER BY for rows of `claimed` (over the same $q): queue by queue in the order given, each in (run_at, id) order,
 * as they were picked. The update itself returns them in index order.
 */
export function claimedOrder(q: string): string {
  return `array_position(${q}::text[], queue), run_at, id`;
}

/**
 * Claims up to `limit` due jobs in one statement: each gets a fresh lease token, a lease of `leaseMs` (database
 * clock) and attempts + 1. Any number of runners in any number of processes can claim concurrently without waiting
 * on each other or claiming a job twice (FOR UPDATE SKIP LOCKED).
 */
export async function claimJobs(sql: Sql, opts: ClaimOptions): Promise<Job[]> {
  if (opts.limit <= 0 || opts.queues.length === 0) return [];
  const rows = await sql.query<JobRow>(
    `with ${claimCtes('$1', '$2', '$3')} select * from claimed order by ${claimedOrder('$1')}`,
    [opts.queues, opts.limit, Math.ceil(opts.leaseMs)],
  );
  return rows.map(rowToJob);
}
