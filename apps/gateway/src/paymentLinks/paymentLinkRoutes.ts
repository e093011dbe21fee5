// /v1/payment-links (merchant, API key or session) and /public/payment-links (the link page: no credentials,
// rate limited per client address, nothing of the merchant but its business name).
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses, ListQuery, listOf } from '../http/schemas.ts';
import { withIdempotency } from '../payments/idempotency.ts';
import { PaymentIntentSchema } from '../payments/intentSchema.ts';
import { IdempotencyHeaders } from '../payments/paymentRoutes.ts';
import { createPaymentLink } from './createPaymentLink.ts';
import {
  CreatePaymentLinkBody,
  paymentLinkView,
  PaymentLinkSchema,
  PublicPaymentLinkSchema,
  UpdatePaymentLinkBody,
} from './paymentLink.ts';
import {
  getPaymentLink,
  getPublicPaymentLink,
  listPaymentLinkIntents,
  listPaymentLinks,
} from './paymentLinkQueries.ts';
import { setPaymentLinkActive } from './setPaymentLinkActive.ts';
import { startLinkPayment } from './startLinkPayment.ts';
import { tenantOf } from '../tenant.ts';

const tags = ['Payment links'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

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
        schema: {
          tags,
          summary: 'Create a payment link',
          description:
            'A reusable link (`url`) where customers start paying the link’s terms. Each customer who goes on to pay ' +
            'gets a payment intent of their own (own deposit addresses), listed under the link. The networks are ' +
            'checked now like an intent’s (400 NETWORK_NOT_SUPPORTED, NETWORK_UNAVAILABLE, CURRENCY_NOT_SUPPORTED, ' +
            'VAULT_NOT_CONFIGURED). With Idempotency-Key the first response is replayed; the same key with another ' +
            'body answers 409 IDEMPOTENCY_KEY_REUSED.',
          headers: IdempotencyHeaders,
          body: CreatePaymentLinkBody,
          response: { 201: PaymentLinkSchema, ...errorResponses(400, 401, 403, 409, 429) },
        },
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
        schema: {
          tags,
          summary: 'List payment links',
          description: 'Newest first. `active` filters on the flag.',
          querystring: Type.Object(
            { ...ListQuery, active: Type.Optional(Type.Boolean()) },
            { additionalProperties: false },
          ),
          response: {
            200: listOf(PaymentLinkSchema, 'A page of payment links'),
            ...errorResponses(400, 401, 403, 429),
          },
        },
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
        schema: {
          tags,
          summary: 'Retrieve a payment link',
          description: 'Another merchant’s id, or an id of the other environment, answers 404 like an unknown id.',
          params: IdParams,
          response: { 200: PaymentLinkSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (req) => view(await getPaymentLink(ctx, tenantOf(principalOf(req)), req.params.id)),
    );

    app.patch(
      '/v1/payment-links/:id',
      {
        config: { auth: { accepts, permission: 'write' } },
        schema: {
          tags,
          summary: 'Activate or deactivate a payment link',
          description:
            '`active: false` makes the link refuse new payments (its page says so; POST /public/payment-links/{id}/' +
            'intents answers 409 PAYMENT_LINK_INACTIVE); payments already started from it go on. Setting the current ' +
            'value changes nothing.',
          params: IdParams,
          body: UpdatePaymentLinkBody,
          response: { 200: PaymentLinkSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (req) =>
        view(await setPaymentLinkActive(ctx, principalOf(req), { id: req.params.id, active: req.body.active })),
    );

    app.get(
      '/v1/payment-links/:id/payment-intents',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'List the payment intents started from a payment link',
          description: 'One intent per customer who started paying, newest first (CREATED until opened at checkout).',
          params: IdParams,
          querystring: Type.Object(ListQuery, { additionalProperties: false }),
          response: {
            200: listOf(PaymentIntentSchema, 'A page of payment intents'),
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
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
        schema: {
          tags: ['Public pages'],
          summary: 'A payment link, as its public page shows it',
          description:
            'No credentials. The link’s terms, the networks a payment started now would offer, and the merchant’s ' +
            'business name; an inactive link answers with `active: false` (the page says it no longer takes payments).',
          security: [],
          params: IdParams,
          response: { 200: PublicPaymentLinkSchema, ...errorResponses(400, 403, 404, 429) },
        },
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
        schema: {
          tags: ['Public pages'],
          summary: 'Start a payment from a payment link',
          description:
            'No credentials. Creates a NEW payment intent from the link’s terms, in status CREATED (not yet open for ' +
            'payment: it opens, and its expiry clock starts, when the customer picks a network at checkout: POST ' +
            '/public/payment-intents/{id}/open). Every call is a new intent with its own deposit addresses. An ' +
            'inactive link answers 409 PAYMENT_LINK_INACTIVE; a merchant the operator suspended 403 MERCHANT_SUSPENDED.',
          security: [],
          params: IdParams,
          body: Type.Optional(Type.Object({}, { additionalProperties: false })),
          response: {
            201: Type.Object({
              payment_intent_id: Type.String({ description: 'pi_…' }),
              checkout_url: Type.String({ description: '{public URL}/checkout/{payment_intent_id}' }),
            }),
            ...errorResponses(400, 403, 404, 409, 429),
          },
        },
      },
      async (req, reply) => reply.code(201).send(await startLinkPayment(ctx, req.params.id)),
    );
  };
}
