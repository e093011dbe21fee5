// Webhook endpoints (register, list, get, update, delete, rotate the secret) and the delivery log (list, detail,
// manual retry). Thin: validate, call the operation, shape the response.
import type { App } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { deliveryView, getDelivery, listDeliveries, retryDelivery } from './deliveries.ts';
import {
  createWebhookEndpoint,
  DEFAULT_OVERLAP_SECONDS,
  deleteWebhookEndpoint,
  endpointView,
  getWebhookEndpoint,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from './endpoints.ts';
import { sendTestEvent } from './sendTestEvent.ts';
import {
  createEndpointSchema,
  deleteEndpointSchema,
  getDeliverySchema,
  getEndpointSchema,
  listDeliveriesSchema,
  listEndpointsSchema,
  retryDeliverySchema,
  rotateSecretSchema,
  sendTestEventSchema,
  updateEndpointSchema,
} from './webhookRouteSchemas.ts';

const accepts = ['key', 'session'] as const;

export function webhookRoutes(ctx: GatewayContext) {
  return async function webhookPlugin(app: App): Promise<void> {
    app.post(
      '/v1/webhook-endpoints',
      {
        config: { auth: { accepts, permission: 'webhooks:manage' } },
        schema: createEndpointSchema,
      },
      async (req, reply) => {
        const { endpoint, secret } = await createWebhookEndpoint(ctx, principalOf(req), req.body);
        return reply
          .code(201)
          .header('cache-control', 'no-store')
          .send({ ...endpointView(endpoint, ctx.now()), secret });
      },
    );

    app.get(
      '/v1/webhook-endpoints',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: listEndpointsSchema,
      },
      async (req) => {
        const p = principalOf(req);
        const r = await listWebhookEndpoints(ctx, p, { limit: req.query.limit ?? 20, cursor: req.query.cursor });
        const now = ctx.now();
        return {
          object: 'list' as const,
          data: r.endpoints.map((e) => endpointView(e, now)),
          has_more: r.nextCursor !== null,
          next_cursor: r.nextCursor,
        };
      },
    );

    app.get(
      '/v1/webhook-endpoints/:id',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: getEndpointSchema,
      },
      async (req) => endpointView(await getWebhookEndpoint(ctx, principalOf(req), req.params.id), ctx.now()),
    );

    app.patch(
      '/v1/webhook-endpoints/:id',
      {
        config: { auth: { accepts, permission: 'webhooks:manage' } },
        schema: updateEndpointSchema,
      },
      async (req) =>
        endpointView(await updateWebhookEndpoint(ctx, principalOf(req), req.params.id, req.body), ctx.now()),
    );

    app.delete(
      '/v1/webhook-endpoints/:id',
      {
        config: { auth: { accepts, permission: 'webhooks:manage' } },
        schema: deleteEndpointSchema,
      },
      async (req) => {
        await deleteWebhookEndpoint(ctx, principalOf(req), req.params.id);
        return { id: req.params.id, object: 'webhook_endpoint' as const, deleted: true as const };
      },
    );

    app.post(
      '/v1/webhook-endpoints/:id/rotate-secret',
      {
        config: { auth: { accepts, permission: 'webhooks:manage' } },
        // The body is optional: a POST without one means all defaults.
        preValidation: async (req) => {
          req.body ??= {};
        },
        schema: rotateSecretSchema,
      },
      async (req, reply) => {
        const overlap = req.body?.overlap_seconds ?? DEFAULT_OVERLAP_SECONDS;
        const { endpoint, secret } = await rotateWebhookSecret(ctx, principalOf(req), req.params.id, overlap);
        return reply.header('cache-control', 'no-store').send({ ...endpointView(endpoint, ctx.now()), secret });
      },
    );

    app.get(
      '/v1/webhook-deliveries',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: listDeliveriesSchema,
      },
      async (req) => {
        const q = req.query;
        const r = await listDeliveries(ctx, principalOf(req), { ...q, limit: q.limit ?? 20 });
        return {
          object: 'list' as const,
          data: r.deliveries.map((d) => deliveryView(d)),
          has_more: r.nextCursor !== null,
          next_cursor: r.nextCursor,
        };
      },
    );

    app.get(
      '/v1/webhook-deliveries/:id',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: getDeliverySchema,
      },
      async (req) => {
        const { delivery, attempts } = await getDelivery(ctx, principalOf(req), req.params.id);
        return deliveryView(delivery, attempts);
      },
    );

    app.post(
      '/v1/webhook-deliveries/:id/retry',
      {
        config: { auth: { accepts, permission: 'webhooks:manage' } },
        schema: retryDeliverySchema,
      },
      async (req) => deliveryView(await retryDelivery(ctx, principalOf(req), req.params.id)),
    );

    app.post(
      '/v1/webhook-endpoints/:id/test',
      {
        config: { auth: { accepts, permission: 'webhooks:manage' } },
        schema: sendTestEventSchema,
      },
      async (req, reply) =>
        reply.code(201).send(deliveryView(await sendTestEvent(ctx, principalOf(req), req.params.id))),
    );
  };
}
