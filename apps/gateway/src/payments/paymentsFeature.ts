import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { paymentJobQueues } from './jobQueues.ts';
import { paymentRoutes } from './paymentRoutes.ts';

/** Payment intents: the routes, and the payment domain's job queues (expiry, recompute). */
export function paymentsFeature(ctx: GatewayContext): Feature {
  return { name: 'payments', routes: paymentRoutes(ctx), queues: paymentJobQueues(ctx) };
}
