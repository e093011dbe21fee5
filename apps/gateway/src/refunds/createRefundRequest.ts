// Creates a refund request for a payment that received final funds.
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
import { formatAmount, parseAmount, unitsFromDb } from '../money/amount.ts';
import { emitEvent } from '../outbox/events.ts';
import { recomputePayment } from '../payments/recompute.ts';
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
  const [intent] = await tx.query<{ id: string; final_units: string; currency: 'USDC' | 'EURC'; decimals: number }>(
    `select id, final_units, currency, decimals from payment_intents
     where id = $1 and merchant_id = $2 and environment = $3 for update`,
    [input.payment_intent_id, t.merchantId, t.environment],
  );
  if (!intent) {
    throw new GatewayError('RESOURCE_NOT_FOUND', `No payment intent ${input.payment_intent_id}`, {
      details: [{ path: 'payment_intent_id', message: 'not found' }],
    });
  }
  let amount: bigint;
  try {
    amount = parseAmount(input.amount, intent.decimals);
  } catch {
    amount = 0n; // more decimals than the token has
  }
  if (amount <= 0n) {
    throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
      details: [{ path: 'amount', message: `must be greater than 0, with at most ${intent.decimals} decimals` }],
    });
  }
  const received = unitsFromDb(intent.final_units);
  if (received === 0n) {
    throw new GatewayError(
      'PAYMENT_NOT_PAID',
      `Payment ${intent.id} has received no final funds; there is nothing to refund`,
    );
  }
  const [reserved] = await tx.query<{ units: string }>(
    `select coalesce(sum(amount_units), 0)::text as units from refund_requests
     where payment_id = $1 and status <> 'cancelled'`,
    [intent.id],
  );
  const remainder = received - unitsFromDb(reserved!.units);
  if (amount > remainder) {
    throw new GatewayError(
      'REFUND_EXCEEDS_REFUNDABLE',
      `The refundable remainder of ${intent.id} is ${formatAmount(remainder > 0n ? remainder : 0n, intent.decimals)} ` +
        `${intent.currency} (final funds received minus refunds requested or completed)`,
      { details: [{ path: 'amount', message: 'exceeds the refundable remainder' }] },
    );
  }
  const id = newId('re');
  const now = ctx.now();
  await tx.query(
    `insert into refund_requests (id, merchant_id, environment, payment_id, amount_units, currency, decimals,
       recipient, reason, status, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $10)`,
    [
      id,
      t.merchantId,
      t.environment,
      intent.id,
      amount.toString(),
      intent.currency,
      intent.decimals,
      input.recipient.toLowerCase(),
      input.reason ?? null,
      now,
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
    data: { payment_intent_id: intent.id, amount_units: amount.toString(), recipient: view.recipient },
    at: now,
  });
  await recomputePayment(ctx, tx, intent.id, { reason: 'refund_requested', data: { refund_request_id: id } });
  return view;
}
