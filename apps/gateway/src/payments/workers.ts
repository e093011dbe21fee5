// Everything of the payment gateway that runs in the background: one chain watcher per available network (only one
// of them active per network across processes, by lease), and the job queues for expiry and sweeps.
import type { GatewayContext } from '../context.ts';
import { networkRegistryOf } from '../networks/registry.ts';
import { gatewayJobQueues } from '../jobs.ts';
import type { SweepOptions } from '../settlement/sweeper.ts';
import { createRpcChainReader } from '../watcher/chainReader.ts';
import { createChainWatcher, type ChainWatcher, type PollResult } from '../watcher/chainWatcher.ts';
import { paymentJobQueues } from './jobQueues.ts';
import { createJobRunner, type JobRunner, type QueueDefinition } from '@tender/platform';
import { WEBHOOK_QUEUES } from '../webhooks/jobQueues.ts';
import { DEFAULT_WEBHOOK_CONCURRENCY } from '../webhooks/settings.ts';

export interface GatewayWorkersOptions {
  /** Run the chain watchers (default true). */
  watchers?: boolean;
  /** Run the expiry and sweep queues (default true). */
  jobs?: boolean;
  /** Restrict watchers to these network ids (default: every available network). */
  networks?: readonly string[];
  jobConcurrency?: number;
  /** Webhook deliveries at once, on a runner of their own (they wait on merchants' servers). Default 32. */
  webhookConcurrency?: number;
  jobPollMs?: number;
  sweep?: SweepOptions;
  onWatcherCommit?: (network: string, r: PollResult) => void;
  /**
   * Persists a network's chain before its watcher commits facts (the devnet: its state file), so that a crash
   * cannot leave the database ahead of the chain.
   */
  persistChain?: Readonly<Record<string, () => Promise<void>>>;
}

export interface GatewayWorkers {
  watchers: readonly ChainWatcher[];
  runner: JobRunner | undefined;
  webhookRunner: JobRunner | undefined;
  stop(): Promise<void>;
}

export async function startGatewayWorkers(
  ctx: GatewayContext,
  opts: GatewayWorkersOptions = {},
): Promise<GatewayWorkers> {
  const registry = networkRegistryOf(ctx);
  const watchers: ChainWatcher[] = [];
  if (opts.watchers !== false) {
    for (const n of registry.all) {
      if (!n.available || !n.rpcUrl) continue;
      if (opts.networks && !opts.networks.includes(n.id)) continue;
      const w = createChainWatcher(ctx, {
        network: n,
        reader: createRpcChainReader(n.rpcUrl),
        // At most half a block time between polls (fast chains), never below 100 ms, never above the configured pace.
        pollMs: Math.min(registry.watcherPollMs, Math.max(100, Math.round(n.blockTimeSeconds * 500))),
        maxRange: registry.watcherMaxRange,
        ...(opts.onWatcherCommit ? { onCommit: (r: PollResult) => opts.onWatcherCommit!(n.id, r) } : {}),
        ...(opts.persistChain?.[n.id] ? { beforeCommit: opts.persistChain[n.id] } : {}),
      });
      // The first poll checks that the chain still holds what the database recorded (and reconciles a devnet that
      // lost blocks) before any sweep job runs on those facts. A node that cannot be reached is the loop's business.
      await w.pollOnce().catch((err: unknown) => ctx.logger.warn({ err, network: n.id }, 'watcher: first poll failed'));
      w.start();
      watchers.push(w);
    }
  }
  let runner: JobRunner | undefined;
  let webhookRunner: JobRunner | undefined;
  if (opts.jobs !== false) {
    // Every gateway queue (email links, expiry, sweeps …): one runner per process claims them all, except webhook
    // deliveries, which get their own so that slow receivers never hold the slots of sweeps and expiry.
    const all: Record<string, QueueDefinition> = {
      ...gatewayJobQueues(ctx),
      ...paymentJobQueues(ctx, opts.sweep ?? {}),
    };
    const pick = (webhooks: boolean) =>
      Object.fromEntries(Object.entries(all).filter(([q]) => WEBHOOK_QUEUES.includes(q) === webhooks));
    runner = createJobRunner({
      db: ctx.db,
      queues: pick(false),
      concurrency: opts.jobConcurrency ?? 4,
      pollMs: opts.jobPollMs ?? 1000,
      logger: ctx.logger.child({ svc: 'gateway-jobs' }),
    });
    webhookRunner = createJobRunner({
      db: ctx.db,
      queues: pick(true),
      concurrency: opts.webhookConcurrency ?? DEFAULT_WEBHOOK_CONCURRENCY,
      pollMs: opts.jobPollMs ?? 1000,
      logger: ctx.logger.child({ svc: 'gateway-webhooks' }),
    });
    await runner.start();
    await webhookRunner.start();
  }
  ctx.logger.info({ watchers: watchers.map((w) => w.network), jobs: !!runner }, 'gateway workers started');
  return {
    watchers,
    runner,
    webhookRunner,
    async stop() {
      await Promise.all([
        ...watchers.map((w) => w.stop()),
        runner?.stop({ timeoutMs: 10_000 }),
        webhookRunner?.stop({ timeoutMs: 10_000 }),
      ]);
    },
  };
}
