import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { createDeliveryRunner, type DeliveryRunner } from './createDeliveryRunner.ts';
import { webhookRoutes } from './webhookRoutes.ts';

export interface WebhooksFeatureOptions {
  /** Deliveries at once (they wait on merchants' servers). Default DEFAULT_WEBHOOK_CONCURRENCY. */
  concurrency?: number | undefined;
  /** The delivery runner's fallback polling period. Default 1 s. */
  pollMs?: number | undefined;
  /** Run the delivery runner in the `workers` role (default true). */
  deliver?: boolean | undefined;
}

/**
 * Webhooks: endpoint and delivery routes, and the delivery runner (deliveries are their own jobs, with slots of their
 * own, so slow receivers never hold those of sweeps and expiry). Fan-out plugs into the outbox.
 */
export function webhooksFeature(ctx: GatewayContext, opts: WebhooksFeatureOptions = {}): Feature {
  let runner: DeliveryRunner | undefined;
  return {
    name: 'webhooks',
    routes: webhookRoutes(ctx),
    workers:
      opts.deliver === false
        ? []
        : [
            {
              name: 'webhooks.deliveries',
              async start() {
                runner = createDeliveryRunner(ctx, {
                  ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
                  pollMs: opts.pollMs ?? 1000,
                  logger: ctx.logger.child({ svc: 'gateway-webhooks' }),
                });
                await runner.start();
              },
              async stop() {
                await runner?.stop({ timeoutMs: 10_000 });
                runner?.close(); // the sender's pooled connections
              },
            },
          ],
  };
}
