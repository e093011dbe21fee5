import type { Sql } from '../db/database.ts';
import { JOBS_CHANNEL_SQL } from './jobsChannel.ts';

export interface RequeuedJob {
  id: string;
  queue: string;
  /** `queued` to run again, `dead` when the expired run was its last attempt. */
  state: 'queued' | 'dead';
}

/**
 * Takes back jobs whose lease expired (the worker crashed, stalled, or lost its connection): they become due at once,
 * or dead when that run was their last attempt (a job that keeps killing its worker must not loop forever).
 * The old token stays on the row but no longer passes the fence (state is no longer `running`), so the late worker's
 * completion is refused. Any runner may call this; SKIP LOCKED keeps concurrent callers from blocking one another
 * and skips a row whose lease holder is committing a `withLease` transaction right now (it still holds the row lock,
 * and its commit is the legitimate end of that run). Runners of these queues are notified.
 */
export async function requeueExpiredJobs(sql: Sql, limit = 1_000): Promise<RequeuedJob[]> {
  const rows = await sql.query<{ id: string | null; queue: string; state: 'queued' | 'dead' | null }>(
    `with expired as (
       select id from jobs
       where state = 'running' and lease_expires_at <= now()
       order by lease_expires_at
       limit $1
       for update skip locked
     ), requeued as (
       update jobs j
       set state = case when j.attempts >= j.max_attempts then 'dead' else 'queued' end,
           run_at = now(),
           finished_at = case when j.attempts >= j.max_attempts then now() end,
           last_error = 'lease expired during attempt ' || j.attempts,
           lease_expires_at = null,
           updated_at = now()
       from expired
       where j.id = expired.id
       returning j.id, j.queue, j.state
     )
     select id, queue, state, null::text as notified from requeued
     union all
     select null, d.queue, null, pg_notify(${JOBS_CHANNEL_SQL}, d.queue)::text
     from (select distinct queue from requeued where state = 'queued') d`,
    [limit],
  );
  return rows.flatMap((r) =>
    r.id === null || r.state === null ? [] : [{ id: String(r.id), queue: r.queue, state: r.state }],
  );
}
