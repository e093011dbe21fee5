import type { Sql } from '../db/database.ts';

export interface QueueStats {
  queue: string;
  /** Queued jobs that are due now (the backlog). */
  depth: number;
  /** Queued jobs not due yet (scheduled retries, delayed jobs). */
  scheduled: number;
  running: number;
  dead: number;
  /** Age in seconds of the oldest due queued job (now - run_at); 0 when none is due. */
  oldestDueAgeSeconds: number;
}

/**
 * Per-queue figures for /metrics and status pages. Reads only the partial indexes of live and dead jobs
 * (never the done history), so its cost follows the backlog, not the table. Queues with nothing queued, running
 * or dead do not appear.
 */
export async function queueStats(sql: Sql): Promise<QueueStats[]> {
  const rows = await sql.query<{
    queue: string;
    depth: string;
    scheduled: string;
    running: string;
    dead: string;
    oldest_due_age_seconds: number | string | null;
  }>(
    `with q as (
       select queue,
              count(*) filter (where run_at <= now()) as depth,
              count(*) filter (where run_at > now()) as scheduled,
              0::bigint as running, 0::bigint as dead,
              extract(epoch from now() - min(run_at) filter (where run_at <= now()))::float8 as oldest
       from jobs where state = 'queued' group by queue
       union all
       select queue, 0, 0, count(*), 0, null from jobs where state = 'running' group by queue
       union all
       select queue, 0, 0, 0, count(*), null from jobs where state = 'dead' group by queue
     )
     select queue, sum(depth)::bigint as depth, sum(scheduled)::bigint as scheduled, sum(running)::bigint as running,
            sum(dead)::bigint as dead, max(oldest) as oldest_due_age_seconds
     from q group by queue order by queue`,
  );
  return rows.map((r) => ({
    queue: r.queue,
    depth: Number(r.depth),
    scheduled: Number(r.scheduled),
    running: Number(r.running),
    dead: Number(r.dead),
    oldestDueAgeSeconds: Math.max(0, Number(r.oldest_due_age_seconds ?? 0)),
  }));
}
