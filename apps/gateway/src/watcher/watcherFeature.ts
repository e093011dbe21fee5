import type { Feature, FeatureWorker } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { createRpcChainReader } from './chainReader.ts';
import { createChainWatcher, type ChainWatcher, type PollResult } from './chainWatcher.ts';

export interface WatcherFeatureOptions {
  /** Run the chain watchers in the `workers` role (default true). */
  watch?: boolean | undefined;
  /** Restrict watchers to these network ids (default: every available network). */
  networks?: readonly string[] | undefined;
  onCommit?: ((network: string, r: PollResult) => void) | undefined;
}

/**
 * The chain watchers: one worker per available network (only one of them active per network across processes, by
 * lease). Each start awaits the first poll, which checks that the chain still holds what the database recorded (and
 * reconciles a devnet that lost blocks); workers.ts starts the job runner after every feature worker, so no sweep
 * job runs on facts before that check. A node that cannot be reached is the loop's business.
 */
export function watcherFeature(ctx: GatewayContext, opts: WatcherFeatureOptions = {}): Feature {
  const registry = ctx.networkRegistry;
  const workers: FeatureWorker[] = [];
  if (opts.watch !== false)
    for (const n of registry.all) {
      const rpcUrl = n.rpcUrl;
      if (!n.available || !rpcUrl) continue;
      if (opts.networks && !opts.networks.includes(n.id)) continue;
      let w: ChainWatcher | undefined;
      workers.push({
        name: `watcher.${n.id}`,
        async start() {
          w = createChainWatcher(ctx, {
            network: n,
            reader: createRpcChainReader(rpcUrl),
            // At most half a block time between polls (fast chains), never below 100 ms, never above the configured
            // pace.
            pollMs: Math.min(registry.watcherPollMs, Math.max(100, Math.round(n.blockTimeSeconds * 500))),
            maxRange: registry.watcherMaxRange,
            ...(opts.onCommit ? { onCommit: (r: PollResult) => opts.onCommit?.(n.id, r) } : {}),
            // The chain is on disk before a poll commits what it read (ctx.persistChain: the devnet's state file).
            beforeCommit: () => ctx.persistChain(n.id),
          });
          await w
            .pollOnce()
            .catch((err: unknown) => ctx.logger.warn({ err, network: n.id }, 'watcher: first poll failed'));
          w.start();
        },
        async stop() {
          await w?.stop();
        },
      });
    }
  return { name: 'watcher', workers };
}
