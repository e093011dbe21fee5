import type { GatewayContext } from '../context.ts';
import { sweepHandler, sweepRetryBackoff, type SweepOptions } from '../settlement/sweeper.ts';
import { expiryHandler } from './expiry.ts';
import type { QueueDefinition } from '@tender/platform';
import { EXPIRY_QUEUE, SWEEP_QUEUE } from './queues.ts';

/** The payment domain's job queues (merged into gatewayJobQueues in ../jobs.ts). */
export function paymentJobQueues(ctx: GatewayContext, sweep: SweepOptions = {}): Record<string, QueueDefinition> {
  return {
    [EXPIRY_QUEUE]: { handler: expiryHandler(ctx) },
    // A sweep step that throws (an RPC outage) retries with backoff; "not mined yet" re-runs via RetryLaterError.
    [SWEEP_QUEUE]: { handler: sweepHandler(ctx, sweep), backoff: sweepRetryBackoff },
  };
}
