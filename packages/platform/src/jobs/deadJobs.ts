import type { Sql } from '../db/database.ts';
import { JOBS_CHANNEL_SQL } from './jobsChannel.ts';

export interface DeadJob {
  id: string;
  queue: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: string;
  /** When it went dead. */
  finishedAt: string;
}

/** Dead jobs, the most recently dead first; `queue` narrows to one queue. */
export async function listDeadJobs(sql: Sql, p: { queue?: string | undefined; limit: number }): Promise<DeadJob[]> {
  const rows = await sql.query<{
    id: string;
    queue: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
    last_error: string | null;
    created_at: Date;
    finished_at: Date;
  }>(
    `select id::text, queue, payload, attempts, max_attempts, last_error, created_at, finished_at
       from jobs where state = 'dead' and ($1::text is null or queue = $1)
      order by finished_at desc, id desc limit $2`,
    [p.queue ?? null, p.limit],
  );
  return rows.map((r) => ({
    id: r.id,
    queue: r.queue,
    payload: r.payload,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    lastError: r.last_error,
    createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at.toISOString(),
  }));
}

/**
 * Gives a dead job another round: queued and due now, with its attempts counted from zero again (a full retry
 * budget: the cause was presumably fixed) and its last error kept until the next run writes its own. Runners are
 * woken at commit. Returns 'retried', or what the job is when it is not dead ('missing' when there is no such job):
 * a job that is queued, running or done is left alone, so two operators pressing retry start one run.
 */
export async function retryDeadJob(
  sql: Sql,
  id: string,
): Promise<'retried' | 'missing' | 'queued' | 'running' | 'done'> {
  if (!/^\d{1,19}$/.test(id)) return 'missing';
  const [updated] = await sql.query<{ id: string }>(
    `with r as (
       update jobs set state = 'queued', run_at = now(), attempts = 0, finished_at = null, lease_token = null,
                       lease_expires_at = null, updated_at = now()
        where id = $1::bigint and state = 'dead'
        returning id, queue
     )
     select id::text, pg_notify(${JOBS_CHANNEL_SQL}, queue) from r`,
    [id],
  );
  if (updated) return 'retried';
  const [row] = await sql.query<{ state: 'queued' | 'running' | 'done' }>(
    'select state from jobs where id = $1::bigint',
    [id],
  );
  return row?.state ?? 'missing';
}
