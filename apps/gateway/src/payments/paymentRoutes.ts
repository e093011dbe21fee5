// POST /v1/payment-intents, GET /v1/payment-intents/{id}, GET /v1/payments, GET /v1/payments/{id}.
// Thin: validate (schemas are the spec's field tables), call the operation, shape the response.
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses, IsoUtc, RedirectUrl, StringEnum } from '../http/schemas.ts';
import { AMOUNT_PATTERN } from '../money/amount.ts';
import { createPaymentIntent, type CreateIntentInput } from './createPaymentIntent.ts';
import { withIdempotency } from './idempotency.ts';
import { PaymentIntentSchema } from './intentSchema.ts';
import { intentView } from './model.ts';
import { getPaymentDetail, getPaymentIntent, listPayments, viewOptions } from './queries.ts';
import { PAYMENT_STATUSES } from './status.ts';
import { tenantOf } from '../tenant.ts';

const tags = ['Payments'];
export const NETWORK_ID_PATTERN = '^[a-z0-9-]{2,40}$';
const NETWORK_ID = NETWORK_ID_PATTERN;

export const CreateIntentBody = Type.Object(
  {
    amount: Type.String({
      pattern: AMOUNT_PATTERN,
      description: '1 to 12 integer digits, optionally a dot and 1 to 6 decimals; greater than 0',
    }),
    currency: Type.Optional(StringEnum(['USDC', 'EURC'] as const, { description: 'Default USDC' })),
    order_reference: Type.Optional(Type.String({ maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    networks: Type.Optional(
      Type.Array(Type.String({ minLength: 2, maxLength: 40, pattern: NETWORK_ID }), {
        minItems: 1,
        maxItems: 8,
        description:
          'Network ids (GET /v1/networks); default: the merchant default networks, else every available network ' +
          'of the key’s environment that has a vault',
      }),
    ),
    checkout_methods: Type.Optional(
      Type.Array(StringEnum(['WALLET', 'ADDRESS'] as const), { minItems: 1, description: 'Default [WALLET, ADDRESS]' }),
    ),
    expires_in_seconds: Type.Optional(
      Type.Integer({
        minimum: 300,
        maximum: 2_592_000,
        description: 'Default: the merchant default (1200 unless changed in settlement settings)',
      }),
    ),
    customer_email: Type.Optional(Type.String({ format: 'email', maxLength: 320 })),
    success_url: Type.Optional(RedirectUrl('Where the checkout page sends the customer after payment')),
    cancel_url: Type.Optional(RedirectUrl('Where the checkout page sends the customer who cancels')),
    metadata: Type.Optional(
      Type.Unsafe<Record<string, string>>({
        type: 'object',
        propertyNames: { maxLength: 40 },
        additionalProperties: { type: 'string', maxLength: 500 },
        maxProperties: 50,
        description: 'Keys max 40 chars; values strings max 500 chars; at most 50 keys',
      }),
    ),
  },
  { additionalProperties: false },
);

export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Max 200 chars. The first response is stored and replayed for a retry with the same key',
    }),
  ),
});

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export function paymentRoutes(ctx: GatewayContext) {
  return async function paymentPlugin(app: App): Promise<void> {
    const accepts = ['key', 'session'] as const;
    app.post(
      '/v1/payment-intents',
      {
        config: { auth: { accepts, permission: 'write' } },
        schema: {
          tags,
          summary: 'Create a payment intent',
          description:
            'Creates an intent in AWAITING_PAYMENT with one counterfactual deposit address per network, computed ' +
            'without any chain call. Test keys use test networks (testnets, devnet), live keys mainnets. A network ' +
            'without a vault answers 400 VAULT_NOT_CONFIGURED; an unknown network 400 NETWORK_NOT_SUPPORTED; a ' +
            'network this deployment does not serve (no RPC) 400 NETWORK_UNAVAILABLE, naming every such network ' +
            'in the message and one detail each; EURC where the issuer has none 400 ' +
            'CURRENCY_NOT_SUPPORTED. With Idempotency-Key the first response is replayed (Idempotent-Replayed: true); ' +
            'the same key with another body answers 409 IDEMPOTENCY_KEY_REUSED.',
          headers: IdempotencyHeaders,
          body: CreateIntentBody,
          response: { 201: PaymentIntentSchema, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (req, reply) => {
        const t = tenantOf(principalOf(req));
        const body: CreateIntentInput = req.body;
        const res = await withIdempotency(
          ctx,
          t,
          'POST /v1/payment-intents',
          req.headers['idempotency-key'],
          body,
          async (sql) => {
            const created = await createPaymentIntent(ctx, t, body, sql);
            return { status: 201, body: intentView(created.row, created.deposits, viewOptions(ctx)) };
          },
        );
        if (res.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(201).send(res.body);
      },
    );

    app.get(
      '/v1/payment-intents/:id',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'Retrieve a payment intent',
          description: 'Another merchant’s id, or an id of the other environment, answers 404 like an unknown id.',
          params: IdParams,
          response: { 200: PaymentIntentSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (req) => getPaymentIntent(ctx, tenantOf(principalOf(req)), req.params.id),
    );

    app.get(
      '/v1/payments',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'List and search payments',
          description:
            'Newest first. `q` matches the payment id, order reference or description (substring, case-insensitive), ' +
            'or, when it is an address or a transaction hash (0x + 40 or 64 hex), that deposit address or transaction ' +
            '(exact). `from` (inclusive) and `to` (exclusive) bound created_at. ' +
            '`cursor` is the next_cursor of the previous page (the created_at of its last item); the next page holds ' +
            'strictly older payments.',
          querystring: Type.Object(
            {
              status: Type.Optional(StringEnum(PAYMENT_STATUSES)),
              q: Type.Optional(Type.String({ maxLength: 100 })),
              network: Type.Optional(Type.String({ minLength: 2, maxLength: 40, pattern: NETWORK_ID })),
              from: Type.Optional(IsoUtc('Created at or after')),
              to: Type.Optional(IsoUtc('Created before')),
              limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
              cursor: Type.Optional(IsoUtc('next_cursor of the previous page')),
              needs_attention: Type.Optional(
                Type.Boolean({
                  description:
                    'true: only payments that need a decision (underpaid, late, settlement failed, an excess or a ' +
                    'foreign token not returned yet); a payment leaves once the decision is made or verified',
                }),
              ),
            },
            { additionalProperties: false },
          ),
          response: {
            200: Type.Object({
              object: Type.Literal('list'),
              data: Type.Array(PaymentIntentSchema),
              has_more: Type.Boolean(),
              next_cursor: Type.Union([Type.String(), Type.Null()]),
            }),
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async (req) => listPayments(ctx, tenantOf(principalOf(req)), req.query),
    );

    app.get(
      '/v1/payments/:id',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'Payment detail: timeline, transfers, settlements and sweep attempts',
          description:
            '`timeline`: every status change with its reason (transfer_detected, transfer_final, reorg, expiry, ' +
            'sweep_submitted, sweep_mined, sweep_failed). `transfers`: on-chain Transfer logs to the deposit addresses ' +
            '(type payment) and from them into the vault (type settlement), with confirmations, final and removed ' +
            '(orphaned by a reorg), and from the vault to refund recipients (type refund). `settlements`: sweeps into ' +
            'the vault. `attempts`: every signed sweep transaction, fee-bumped replacements included. `refunds`: the ' +
            'refund requests of the payment; `amount_refunded`: what completed ones returned; `overpaid_amount`: ' +
            'final funds beyond the amount, including funds that arrived after settlement.',
          params: IdParams,
          response: {
            200: Type.Object({}, { additionalProperties: true }),
            ...errorResponses(400, 401, 403, 404, 429),
          },
        },
      },
      async (req) => getPaymentDetail(ctx, tenantOf(principalOf(req)), req.params.id),
    );
  };
}
