import type { QueueDefinition } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { expiryHandler } from './expiry.ts';
import { EXPIRY_QUEUE } from './queues.ts';

/** The payment domain's job queues (the payments feature's queues, merged into the one job runner by ../workers.ts). */
export function paymentJobQueues(ctx: GatewayContext): Record<string, QueueDefinition> {
  return { [EXPIRY_QUEUE]: { handler: expiryHandler(ctx) } };
}
