// POST/GET /v1/refund-requests, GET /v1/refund-requests/{id}, POST …/{id}/proof and POST …/{id}/cancel, as one
// Fastify plugin. Thin: validate (the schemas are the spec's field table), call the operation, shape the response.
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import { actorOf } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses, ListQuery, listOf } from '../http/schemas.ts';
import { withIdempotency } from '../payments/idempotency.ts';
import { cancelRefundRequest } from './cancelRefundRequest.ts';
import { createRefundRequest } from './createRefundRequest.ts';
import { getRefundRequest, listRefundRequests } from './refundQueries.ts';
import { CreateRefundBody, RefundProofBody, RefundRequestSchema } from './refundRequest.ts';
import { submitRefundProof } from './submitRefundProof.ts';
import { tenantOf } from '../tenant.ts';

const tags = ['Refunds'];
const accepts = ['key', 'session'] as const;
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Max 200 chars. The first response is stored and replayed for a retry with the same key',
    }),
  ),
});

export const REFUNDS_TAG = {
  name: 'Refunds',
  description:
    'A refund is a NEW transfer of the payment’s official token that you send from your vault to the recipient. ' +
    'Request it (refund.requested), send it, and post the transaction as proof, or let the chain watcher find it: ' +
    'it completes (refund.completed) only once the transfer is verified on-chain and final. Request states: ' +
    'pending -> confirming -> completed, or cancelled while pending (refund.cancelled); confirming goes back to ' +
    'pending if a reorg orphans the transfer. The payment moves to REFUND_REQUESTED, PARTIALLY_REFUNDED or REFUNDED ' +
    'once closed with final funds (SETTLED, UNDERPAID or LATE_PAYMENT).',
};

export function refundRoutes(ctx: GatewayContext) {
  return async function refundPlugin(app: App): Promise<void> {
    app.post(
      '/v1/refund-requests',
      {
        config: { auth: { accepts, permission: 'write' } },
        schema: {
          tags,
          summary: 'Request a refund',
          description:
            'For a payment that received final funds: 409 PAYMENT_NOT_PAID otherwise. The amount may not exceed the ' +
            'refundable remainder = final funds received (excess and late funds included) minus every request not ' +
            'cancelled (pending requests reserve their amount): 409 REFUND_EXCEEDS_REFUNDABLE. An unknown or another ' +
            'merchant’s payment_intent_id answers 404 RESOURCE_NOT_FOUND. Emits refund.requested. With ' +
            'Idempotency-Key the first response is replayed (Idempotent-Replayed: true); the same key with another ' +
            'body answers 409 IDEMPOTENCY_KEY_REUSED.',
          headers: IdempotencyHeaders,
          body: CreateRefundBody,
          response: { 201: RefundRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (req, reply) => {
        const p = principalOf(req);
        const t = tenantOf(p);
        const key = req.headers['idempotency-key'];
        const work = async (sql: Parameters<Parameters<typeof withIdempotency>[5]>[0]) => ({
          status: 201,
          body: await createRefundRequest(ctx, sql, t, actorOf(p), req.body),
        });
        const res = await withIdempotency(ctx, t, 'POST /v1/refund-requests', key, req.body, (sql) =>
          key === undefined ? ctx.db.tx(work) : work(sql),
        );
        if (res.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(201).send(res.body);
      },
    );

    app.get(
      '/v1/refund-requests',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'List refund requests',
          description: 'Newest first; optionally of one payment.',
          querystring: Type.Object(
            {
              ...ListQuery,
              payment_intent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            },
            { additionalProperties: false },
          ),
          response: { 200: listOf(RefundRequestSchema, 'Refund requests'), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (req) => listRefundRequests(ctx, tenantOf(principalOf(req)), req.query),
    );

    app.get(
      '/v1/refund-requests/:id',
      {
        config: { auth: { accepts, permission: 'read' } },
        schema: {
          tags,
          summary: 'Retrieve a refund request',
          description: 'Another merchant’s id, or one of the other environment, answers 404 like an unknown id.',
          params: IdParams,
          response: { 200: RefundRequestSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (req) => getRefundRequest(ctx, tenantOf(principalOf(req)), req.params.id),
    );

    app.post(
      '/v1/refund-requests/:id/proof',
      {
        config: { auth: { accepts, permission: 'write' } },
        schema: {
          tags,
          summary: 'Submit the refund transaction',
          description:
            'Names the transaction that sends the refund from your vault. It is verified on-chain: mined and ' +
            'succeeded (400 REFUND_TX_NOT_FOUND, 400 REFUND_TX_FAILED; 409 REFUND_TX_PENDING while it is not mined, ' +
            'or not yet processed by Tender’s watcher: retry in a few seconds), on a network the payment received ' +
            'final funds on (400 REFUND_WRONG_NETWORK; 400 REFUND_NETWORK_REQUIRED when there are several), with a ' +
            'Transfer of the payment’s official token (400 REFUND_WRONG_TOKEN, or REFUND_NO_TRANSFER when it moves ' +
            'no token) from that network’s vault (400 REFUND_WRONG_SENDER) to the recipient (400 ' +
            'REFUND_WRONG_RECIPIENT) of at least the amount (400 REFUND_AMOUNT_TOO_SMALL). One transfer fulfils one ' +
            'refund only (409 REFUND_TX_ALREADY_USED). Only a pending request takes a proof (409 REFUND_NOT_PENDING; ' +
            'the same proof again answers 200 with the request). A transfer not yet final is accepted: the request ' +
            'is confirming and completes when final; one already final completes it now.',
          params: IdParams,
          body: RefundProofBody,
          response: { 200: RefundRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 429, 503) },
        },
      },
      async (req) => {
        const p = principalOf(req);
        return submitRefundProof(ctx, tenantOf(p), actorOf(p), req.params.id, req.body);
      },
    );

    app.post(
      '/v1/refund-requests/:id/cancel',
      {
        config: { auth: { accepts, permission: 'write' } },
        schema: {
          tags,
          summary: 'Cancel a pending refund request',
          description:
            'Its amount becomes refundable again. A request whose transfer is seen (confirming) or final ' +
            '(completed) answers 409 REFUND_NOT_PENDING; cancelling twice answers the cancelled request.',
          params: IdParams,
          response: { 200: RefundRequestSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (req) => {
        const p = principalOf(req);
        return cancelRefundRequest(ctx, tenantOf(p), actorOf(p), req.params.id);
      },
    );
  };
}
