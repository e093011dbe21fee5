// One pass of the gateway's table upkeep (upkeepFeature.ts runs it every minute in the `workers` role): the retention
// of the job table, which nothing else deletes from, and the vacuum of the tables the gateway churns.
import { pruneJobs, vacuumWhenDue, type VacuumBound } from '@tender/platform';
import type { GatewayContext } from '../context.ts';

/**
 * JOBS_RETENTION_DAYS: how long a done job's row, and with it its idempotency key, is kept after the job finished.
 *
 * While the row exists, enqueueing its key again does nothing; once it is pruned, the same enqueue runs the work
 * again. Every key the gateway enqueues names the change that calls for the job (`payment-expiry:<payment>`,
 * `email_link:<link>`, `sweep:…:<attempt>`: a new id, or a row that records what was done), so a key comes again only
 * when that change is made again: a retried transaction, a reorg that confirms a payment a second time, within
 * seconds or hours of the job. A client's retry never enqueues again: an `Idempotency-Key` replays the stored response
 * (idempotency_keys, not pruned). A week is a wide margin over those, and keeps a week of finished jobs to look at.
 */
export const DEFAULT_JOBS_RETENTION_DAYS = 7;

/**
 * The tables whose rows the gateway updates as a matter of course, each update leaving a dead row version (and dead
 * index entries) behind: `jobs` (each job enqueued, claimed, then completed; and what the pruning deletes) and
 * `webhook_deliveries` (each delivery claimed, then its attempt written; its lease extended on a slow send). Where no
 * autovacuum runs (PGlite never does; a PostgreSQL may have it off) nothing else removes them: see vacuumWhenDue.
 */
const CHURNED_TABLES = ['jobs', 'webhook_deliveries'] as const;

export interface UpkeepOptions {
  /** Done jobs that finished longer ago than this are deleted. */
  jobsRetentionMs: number;
  /** When a churned table is vacuumed. Default vacuumWhenDue's. */
  vacuumBound?: VacuumBound | undefined;
  /** The process is stopping: the pass ends after the statement in flight. */
  signal?: AbortSignal | undefined;
}

export interface UpkeepResult {
  prunedJobs: number;
  /** The tables vacuumed (and analyzed) by this pass. */
  vacuumed: string[];
}

/**
 * Deletes the done jobs that finished before `now - jobsRetentionMs`, in pruneJobs' batches: each is a statement of
 * its own that locks only the rows it deletes, skipping any another process holds, so the job runners never wait on
 * it. Queued and running jobs are never touched. Then vacuums each churned table whose dead row versions are due
 * (after the pruning, so that one vacuum also takes what it deleted). A step that fails is logged and the next runs:
 * the next pass tries it again.
 *
 * Dead jobs are kept, whatever their age: each is work that never happened (a sweep that moved no funds, a receipt
 * never mailed), the operator console lists them (`GET /admin/api/queues`) and can run one again, and only a person
 * may decide to forget one. They are few: one per job that used up its attempts.
 */
export async function runUpkeep(ctx: GatewayContext, opts: UpkeepOptions): Promise<UpkeepResult> {
  const result: UpkeepResult = { prunedJobs: 0, vacuumed: [] };
  const cutoff = new Date(ctx.now().getTime() - opts.jobsRetentionMs);
  try {
    result.prunedJobs = await pruneJobs(ctx.db, cutoff, { signal: opts.signal });
    if (result.prunedJobs > 0)
      ctx.logger.info({ prunedJobs: result.prunedJobs, finishedBefore: cutoff }, 'done jobs past retention pruned');
  } catch (err) {
    ctx.logger.warn({ err }, 'pruning done jobs failed');
  }
  for (const table of CHURNED_TABLES) {
    if (opts.signal?.aborted) break;
    try {
      if (await vacuumWhenDue(ctx.db, table, opts.vacuumBound)) result.vacuumed.push(table);
    } catch (err) {
      ctx.logger.warn({ err, table }, 'vacuum failed');
    }
  }
  return result;
}
