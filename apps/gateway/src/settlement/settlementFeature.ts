import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { settlementJobQueues } from './settlementJobQueues.ts';
import type { SweepOptions } from './sweeper.ts';

/** Settlement: the sweep queues (which sweeps a payment transition calls for plugs into the payment hub). */
export function settlementFeature(ctx: GatewayContext, sweep: SweepOptions = {}): Feature {
  return { name: 'settlement', queues: settlementJobQueues(ctx, sweep) };
}
