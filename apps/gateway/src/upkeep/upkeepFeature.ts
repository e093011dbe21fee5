import { periodicWorker, type Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { DEFAULT_JOBS_RETENTION_DAYS, runUpkeep } from './runUpkeep.ts';

/**
 * Between passes. A pass then deletes about a minute's worth of jobs (those that finished a retention ago), and one
 * with nothing due costs an index probe and a read of each churned table's statistics.
 */
const UPKEEP_EVERY_MS = 60_000;

export interface UpkeepFeatureOptions {
  /** JOBS_RETENTION_DAYS in milliseconds. Default DEFAULT_JOBS_RETENTION_DAYS. */
  jobsRetentionMs?: number | undefined;
  /** Between passes. Default UPKEEP_EVERY_MS (tests shorten it). */
  everyMs?: number | undefined;
}

/**
 * Table upkeep in the `workers` role: every minute, one pass of runUpkeep (the job table's retention, the vacuum of the
 * tables the gateway churns when due). It reads and writes only the database, so any process may run it, several at
 * once (their deletes skip the rows another holds, their vacuums a table another is vacuuming). Passes never overlap;
 * stop ends the pass in flight after its current statement.
 */
export function upkeepFeature(ctx: GatewayContext, opts: UpkeepFeatureOptions = {}): Feature {
  const jobsRetentionMs = opts.jobsRetentionMs ?? DEFAULT_JOBS_RETENTION_DAYS * 86_400_000;
  return {
    name: 'upkeep',
    workers: [
      periodicWorker({
        name: 'upkeep',
        everyMs: opts.everyMs ?? UPKEEP_EVERY_MS,
        pass: (signal) => runUpkeep(ctx, { jobsRetentionMs, signal }),
        onError: (err) => ctx.logger.warn({ err }, 'upkeep failed; the next pass tries again'),
      }),
    ],
  };
}
