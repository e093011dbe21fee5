import type { Sql } from '../db/database.ts';

export interface PruneOptions {
  /** Also delete dead jobs finished before the cut-off (default: keep them for inspection). */
  includeDead?: boolean;
  /** Rows per DELETE statement; batches keep each statement's locks and WAL small. Default 5,000. */
  batchSize?: number;
  /**
   * Stops between batches once aborted (a process shutting down): a batch is one statement (on the database, one
   * transaction), so what it deleted stays deleted and what is left waits for the next call. A first call over a long
   * backlog runs many batches.
   */
  signal?: AbortSignal | undefined;
}

/**
 * Deletes finished jobs whose finished_at is before `olderThan` and returns how many. Their idempotency keys
 * become free again: only prune past the window in which a producer may still re-enqueue the same key.
 * Queued and running jobs are never touched.
 */
export async function pruneJobs(sql: Sql, olderThan: Date, opts: PruneOptions = {}): Promise<number> {
  const batch = opts.batchSize ?? 5_000;
  const states = opts.includeDead ? ['done', 'dead'] : ['done'];
  let total = 0;
  for (const state of states) {
    for (;;) {
      if (opts.signal?.aborted) return total;
      const rows = await sql.query<{ n: string }>(
        `with gone as (
           delete from jobs where id in (
             select id from jobs where state = $1 and finished_at < $2::timestamptz limit $3 for update skip locked
           ) returning 1
         ) select count(*) as n from gone`,
        [state, olderThan, batch],
      );
      const n = Number(rows[0]?.n ?? 0);
      total += n;
      if (n < batch) break;
    }
  }
  return total;
}
