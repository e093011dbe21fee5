import type { Sql } from '../db/database.ts';
import { JOB_COLUMNS, type Job, type JobRow, rowToJob } from './job.ts';

export interface ClaimOptions {
  /** Queues to claim from. Earlier queues are served first when there are more due jobs than `limit`. */
  queues: readonly string[];
  limit: number;
  leaseMs: number;
}

/**
 * Claims up to `limit` due jobs in one statement: each gets a fresh lease token, a lease of `leaseMs` (database
 * clock) and attempts + 1. Rows being claimed or written by another session are skipped (SKIP LOCKED), so any number
 * of runners in any number of processes can claim concurrently without waiting on each other or claiming twice.
 *
 * Per queue, due jobs come in (run_at, id) order from the `jobs_due` index; the lateral join visits queues in the
 * order given and stops as soon as `limit` rows are locked, so no row is locked that is not claimed.
 */
export async function claimJobs(sql: Sql, opts: ClaimOptions): Promise<Job[]> {
  if (opts.limit <= 0 || opts.queues.length === 0) return [];
  const rows = await sql.query<JobRow>(
    `with picked as (
       select c.id
       from unnest($1::text[]) with ordinality as q(name, ord)
       cross join lateral (
         select d.id from jobs d
         where d.state = 'queued' and d.queue = q.name and d.run_at <= now()
         order by d.run_at, d.id
         limit $2
         for update skip locked
       ) c
       limit $2
     )
     update jobs j
     set state = 'running',
         attempts = j.attempts + 1,
         lease_token = gen_random_uuid(),
         lease_expires_at = now() + $3::int * interval '1 millisecond',
         updated_at = now()
     from picked
     where j.id = picked.id
     returning ${JOB_COLUMNS}`,
    [opts.queues, opts.limit, Math.ceil(opts.leaseMs)],
  );
  return rows.map(rowToJob);
}
