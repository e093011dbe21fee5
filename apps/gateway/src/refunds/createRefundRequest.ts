// Creates a refund request for a payment that received final funds: of the payment, of its excess only, or of a
// foreign token it received (refundTerms.ts says what each kind may return).
//
// The refundable remainder is the payment's final official funds (all networks, late funds and excess included:
// everything the customer sent and the merchant may return) minus every request that is not cancelled. Open
// requests (pending, confirming) reserve their amount, so two requests can never together promise more than was
// received. The payment's row lock serialises concurrent requests for one payment, so the check and the insert
// cannot interleave.
import { newId, type Sql } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import type { Actor } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { emitEvent } from '../outbox/events.ts';
import { recomputePayment } from '../payments/recompute.ts';
import { refundTerms, type RefundIntent } from './refundTerms.ts';
import {
  REFUND_SELECT,
  refundView,
  type CreateRefundInput,
  type RefundRequestView,
  type RefundRow,
} from './refundRequest.ts';
import type { Tenant } from '../tenant.ts';

export async function createRefundRequest(
  ctx: GatewayContext,
  tx: Sql,
  t: Tenant,
  actor: Actor,
  input: CreateRefundInput,
): Promise<RefundRequestView> {
  const [intent] = await tx.query<RefundIntent>(
    `select id, final_units, excess_units, confirmed, currency, decimals from payment_intents
     where id = $1 and merchant_id = $2 and environment = $3 for update`,
    [input.payment_intent_id, t.merchantId, t.environment],
  );
  if (!intent) {
    throw new GatewayError('RESOURCE_NOT_FOUND', `No payment intent ${input.payment_intent_id}`, {
      details: [{ path: 'payment_intent_id', message: 'not found' }],
    });
  }
  const terms = await refundTerms(tx, intent, input);
  const amount = terms.amount;
  const id = newId('re');
  const now = ctx.now();
  await tx.query(
    `insert into refund_requests (id, merchant_id, environment, payment_id, amount_units, currency, decimals,
       recipient, reason, status, created_at, updated_at, kind, token, network)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $10, $11, $12, $13)`,
    [
      id,
      t.merchantId,
      t.environment,
      intent.id,
      amount.toString(),
      intent.currency,
      terms.decimals,
      input.recipient.toLowerCase(),
      input.reason ?? null,
      now,
      terms.kind,
      terms.token,
      terms.network,
    ],
  );
  const [row] = await tx.query<RefundRow>(`${REFUND_SELECT} where r.id = $1`, [id]);
  const view = refundView(row!);
  await emitEvent(ctx, tx, {
    merchantId: t.merchantId,
    environment: t.environment,
    type: 'refund.requested',
    paymentId: intent.id,
    object: view,
    createdAt: now,
  });
  await audit(tx, {
    merchantId: t.merchantId,
    environment: t.environment,
    action: 'refund_request.created',
    actor,
    target: { type: 'refund_request', id },
    data: {
      payment_intent_id: intent.id,
      amount_units: amount.toString(),
      recipient: view.recipient,
      kind: terms.kind,
      ...(terms.token ? { token: terms.token, network: terms.network } : {}),
    },
    at: now,
  });
  await recomputePayment(ctx, tx, intent.id, { reason: 'refund_requested', data: { refund_request_id: id } });
  return view;
}
