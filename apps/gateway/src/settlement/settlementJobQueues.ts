import type { QueueDefinition } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { sweepHandler, sweepRetryBackoff, type SweepOptions } from './sweeper.ts';
import { sweepQueue } from './sweepQueue.ts';

/**
 * Settlement's job queues (the settlement feature's queues, merged into the one job runner by ../workers.ts): only the sweep queues of the networks
 * this process can send sweeps on (available, with a relayer); the others it never claims.
 */
export function settlementJobQueues(ctx: GatewayContext, sweep: SweepOptions = {}): Record<string, QueueDefinition> {
  const queues: Record<string, QueueDefinition> = {};
  for (const n of ctx.networkRegistry.all) {
    if (!n.available || !n.rpcUrl || !n.factory || !n.relayer) continue;
    // A sweep step that throws (an RPC outage) retries with backoff; "not mined yet" re-runs via DeferJobError.
    queues[sweepQueue(n.id)] = { handler: sweepHandler(ctx, sweep), backoff: sweepRetryBackoff };
  }
  return queues;
}
