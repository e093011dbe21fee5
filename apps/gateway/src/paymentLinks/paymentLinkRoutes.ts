// /v1/payment-links (merchant, API key or session) and /public/payment-links (the link page: no credentials,
// rate limited per client address, nothing of the merchant but its business name).
import type { App } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { withIdempotency } from '../payments/idempotency.ts';
import { createPaymentLink } from './createPaymentLink.ts';
import { paymentLinkView } from './paymentLink.ts';
import {
  getPaymentLink,
  getPublicPaymentLink,
  listPaymentLinkIntents,
  listPaymentLinks,
} from './paymentLinkQueries.ts';
import {
  createLinkSchema,
  getLinkSchema,
  listLinkIntentsSchema,
  listLinksSchema,
  publicLinkSchema,
  startLinkPaymentSchema,
  updateLinkSchema,
} from './paymentLinkSchemas.ts';
import { startLinkPayment } from './startLinkPayment.ts';
import { updatePaymentLink } from './updatePaymentLink.ts';
import { tenantOf } from '../tenant.ts';

/** Public endpoints a customer's browser calls: per client address, tighter than the server-wide default. */
export const PUBLIC_READ_LIMIT = { max: 300, timeWindow: 60_000 };
export const PUBLIC_WRITE_LIMIT = { max: 60, timeWindow: 60_000 };

export function paymentLinkRoutes(ctx: GatewayContext) {
  return async function paymentLinkPlugin(app: App): Promise<void> {
    const accepts = ['key', 'session'] as const;
    const view = (row: Parameters<typeof paymentLinkView>[0]) => paymentLinkView(row, ctx.config.publicUrl);

    app.post(
      '/v1/payment-links',
      {
        config: { auth: { accepts, permission: 'write' } },
        schema: createLinkSchema,
      },
      async (req, reply) => {
        const p = principalOf(req);
        const res = await withIdempotency(
          ctx,
          tenantOf(p),
          'POST /v1/payment-links',
          req.headers['idempotency-key'],
          req.body,
          async (sql) => ({ status: 201, body: view(await createPaymentLink(ctx, p, req.body, sql)) }),
        );
        if (res.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(201).send(res.body);
      },
    );

    app.get(
      '/v1/payment-links',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: listLinksSchema,
      },
      async (req) => {
        const r = await listPaymentLinks(ctx, tenantOf(principalOf(req)), {
          limit: req.query.limit ?? 20,
          cursor: req.query.cursor,
          active: req.query.active,
        });
        return {
          object: 'list' as const,
          data: r.links.map(view),
          has_more: r.nextCursor !== null,
          next_cursor: r.nextCursor,
        };
      },
    );

    app.get(
      '/v1/payment-links/:id',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: getLinkSchema,
      },
      async (req) => view(await getPaymentLink(ctx, tenantOf(principalOf(req)), req.params.id)),
    );

    app.patch(
      '/v1/payment-links/:id',
      {
        config: { auth: { accepts, permission: 'write' } },
        schema: updateLinkSchema,
      },
      async (req) => view(await updatePaymentLink(ctx, principalOf(req), req.params.id, req.body)),
    );

    app.get(
      '/v1/payment-links/:id/payment-intents',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: listLinkIntentsSchema,
      },
      async (req) => {
        const r = await listPaymentLinkIntents(ctx, tenantOf(principalOf(req)), {
          id: req.params.id,
          limit: req.query.limit ?? 20,
          cursor: req.query.cursor,
        });
        return { object: 'list' as const, data: r.data, has_more: r.nextCursor !== null, next_cursor: r.nextCursor };
      },
    );

    app.get(
      '/public/payment-links/:id',
      {
        config: { rateLimit: PUBLIC_READ_LIMIT },
        schema: publicLinkSchema,
      },
      async (req) => getPublicPaymentLink(ctx, req.params.id),
    );

    app.post(
      '/public/payment-links/:id/intents',
      {
        config: { rateLimit: PUBLIC_WRITE_LIMIT },
        // The body is optional: a POST without one is treated as `{}`.
        preValidation: async (req) => {
          req.body ??= {};
        },
        schema: startLinkPaymentSchema,
      },
      async (req, reply) => reply.code(201).send(await startLinkPayment(ctx, req.params.id)),
    );
  };
}
