// Everything the gateway runs in the background, from the features (runtime.ts's list): their job queues merged into
// the one job runner, and their workers (the chain watchers, the webhook delivery runner, the table upkeep) for the
// `workers` role.
import {
  createJobRunner,
  featureQueues,
  startFeatureWorkers,
  type Feature,
  type JobRunner,
  type RunningWorkers,
} from '@tender/platform';
import type { GatewayContext } from './context.ts';

/** The role whose process runs the gateway's background work. */
const WORKERS_ROLE: ReadonlySet<string> = new Set(['workers']);

export interface GatewayWorkersOptions {
  /** Run the job runner over the features' queues (default true). */
  jobs?: boolean;
  jobConcurrency?: number;
  jobPollMs?: number;
}

export interface GatewayWorkers {
  /** The features' workers running, in start order. */
  readonly names: readonly string[];
  runner: JobRunner | undefined;
  /** Stops the job runner (finishing its jobs), then the features' workers in reverse start order. */
  stop(): Promise<void>;
}

/**
 * Starts the features' workers in list order, then the job runner: each watcher's first poll has checked the chain
 * against the database before any sweep job runs on the facts it holds.
 */
export async function startGatewayWorkers(
  ctx: GatewayContext,
  features: readonly Feature[],
  opts: GatewayWorkersOptions = {},
): Promise<GatewayWorkers> {
  const workers: RunningWorkers = await startFeatureWorkers(features, WORKERS_ROLE);
  let runner: JobRunner | undefined;
  if (opts.jobs !== false) {
    runner = createJobRunner({
      db: ctx.db,
      queues: featureQueues(features),
      concurrency: opts.jobConcurrency ?? 4,
      pollMs: opts.jobPollMs ?? 1000,
      logger: ctx.logger.child({ svc: 'gateway-jobs' }),
    });
    try {
      await runner.start();
    } catch (err) {
      await workers.stop().catch(() => undefined);
      throw err;
    }
  }
  ctx.logger.info({ workers: workers.names, jobs: !!runner }, 'gateway workers started');
  return {
    names: workers.names,
    runner,
    async stop() {
      await runner?.stop({ timeoutMs: 10_000 });
      await workers.stop();
    },
  };
}
