// Everything the gateway runs in the background, assembled in one place: one chain watcher per available network
// (only one of them active per network across processes, by lease), the features' job queues on the job runner, and
// the webhook delivery runner (webhook deliveries are their own jobs: see webhooks/createDeliveryRunner.ts).
import { createJobRunner, type JobRunner, type QueueDefinition } from '@tender/platform';
import type { GatewayContext } from './context.ts';
import { passwordResetJobQueues } from './auth/passwordReset.ts';
import { emailJobQueues } from './email/emailLinks.ts';
import { invoiceJobQueues } from './invoices/invoiceEmail.ts';
import { paymentJobQueues } from './payments/jobQueues.ts';
import { settlementJobQueues } from './settlement/settlementJobQueues.ts';
import type { SweepOptions } from './settlement/sweeper.ts';
import { createRpcChainReader } from './watcher/chainReader.ts';
import { createChainWatcher, type ChainWatcher, type PollResult } from './watcher/chainWatcher.ts';
import { createDeliveryRunner, type DeliveryRunner } from './webhooks/createDeliveryRunner.ts';

/** Every job queue of the gateway's features, each built once, for a job runner. */
export function gatewayJobQueues(
  ctx: GatewayContext,
  opts: { sweep?: SweepOptions } = {},
): Record<string, QueueDefinition> {
  return {
    ...emailJobQueues(ctx),
    ...paymentJobQueues(ctx),
    ...settlementJobQueues(ctx, opts.sweep),
    ...invoiceJobQueues(ctx),
    ...passwordResetJobQueues(ctx),
  };
}

export interface GatewayWorkersOptions {
  /** Run the chain watchers (default true). */
  watchers?: boolean;
  /** Run the job queues (default true). */
  jobs?: boolean;
  /** Restrict watchers to these network ids (default: every available network). */
  networks?: readonly string[];
  jobConcurrency?: number;
  /** Webhook deliveries at once, on the delivery runner (they wait on merchants' servers). Default 512. */
  webhookConcurrency?: number;
  jobPollMs?: number;
  sweep?: SweepOptions;
  onWatcherCommit?: (network: string, r: PollResult) => void;
}

export interface GatewayWorkers {
  watchers: readonly ChainWatcher[];
  runner: JobRunner | undefined;
  webhookRunner: DeliveryRunner | undefined;
  stop(): Promise<void>;
}

export async function startGatewayWorkers(
  ctx: GatewayContext,
  opts: GatewayWorkersOptions = {},
): Promise<GatewayWorkers> {
  const registry = ctx.networkRegistry;
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
        // The chain is on disk before a poll commits what it read (ctx.persistChain: the devnet's state file).
        beforeCommit: () => ctx.persistChain(n.id),
      });
      // The first poll checks that the chain still holds what the database recorded (and reconciles a devnet that
      // lost blocks) before any sweep job runs on those facts. A node that cannot be reached is the loop's business.
      await w.pollOnce().catch((err: unknown) => ctx.logger.warn({ err, network: n.id }, 'watcher: first poll failed'));
      w.start();
      watchers.push(w);
    }
  }
  let runner: JobRunner | undefined;
  let webhookRunner: DeliveryRunner | undefined;
  if (opts.jobs !== false) {
    // Webhook deliveries wait on merchants' servers (up to the attempt timeout each), so they have a runner of their
    // own and slow receivers never hold the slots of sweeps and expiry.
    runner = createJobRunner({
      db: ctx.db,
      queues: gatewayJobQueues(ctx, { sweep: opts.sweep ?? {} }),
      concurrency: opts.jobConcurrency ?? 4,
      pollMs: opts.jobPollMs ?? 1000,
      logger: ctx.logger.child({ svc: 'gateway-jobs' }),
    });
    webhookRunner = createDeliveryRunner(ctx, {
      ...(opts.webhookConcurrency ? { concurrency: opts.webhookConcurrency } : {}),
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
      webhookRunner?.close(); // the sender's pooled connections
    },
  };
}
