import type { GatewayContext } from '../context.ts';
import type { QueueDefinition } from '@tender/platform';
import { createDeliveryWorker } from './deliveryWorker.ts';
import { WEBHOOK_DELIVERY_QUEUE } from './queues.ts';

/** The webhook domain's job queues (merged into gatewayJobQueues in ../jobs.ts). */
export function webhookJobQueues(ctx: GatewayContext): Record<string, QueueDefinition> {
  return createDeliveryWorker(ctx).queues;
}

/**
 * Queues that wait on merchants' servers (up to the 10 s timeout per attempt): startGatewayWorkers runs them on a
 * runner of their own, so that slow receivers never hold the slots of sweeps and expiry.
 */
export const WEBHOOK_QUEUES: readonly string[] = [WEBHOOK_DELIVERY_QUEUE];
