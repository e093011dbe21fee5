// Accepting an underpayment: the merchant decides that what an UNDERPAID payment received is enough. From then on
// the accepted amount (the payment's final funds at that moment) stands for the amount asked for: the status reducer
// derives PAID, the settlement moves it into the vault and announces payment.confirmed and payment.completed like any
// paid payment (payments/status.ts, paymentFacts.ts), after payment.underpayment_accepted.
//
// Under the payment's row lock, after re-deriving it (an expiry not run yet, late funds recorded meanwhile), so a
// late top-up and the acceptance are ordered: a top-up recorded first makes the payment LATE_PAYMENT (refused: not
// underpaid) or changes its final funds (refused when the caller named the amount it saw); one recorded after is
// funds beyond the accepted amount, an excess the merchant can refund. Accepting again is answered with the payment
// as it stands and writes nothing.
import type { Sql } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import type { Actor } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { formatAmount, parseAmount, unitsFromDb } from '../money/amount.ts';
import { emitEvent } from '../outbox/events.ts';
import type { PaymentIntent } from '../payments/intentSchema.ts';
import { INTENT_COLUMNS, type IntentRow } from '../payments/model.ts';
import { intentViewOf } from '../payments/queries.ts';
import { recomputePayment } from '../payments/recompute.ts';
import type { Tenant } from '../tenant.ts';

export interface AcceptUnderpaymentInput {
  /** The received amount the merchant agreed to; refused when the final funds differ by now. */
  amount?: string;
}

export const UNDERPAYMENT_ACCEPTED = 'payment.underpayment_accepted';

export async function acceptUnderpayment(
  ctx: GatewayContext,
  tx: Sql,
  t: Tenant,
  actor: Actor,
  paymentId: string,
  input: AcceptUnderpaymentInput,
): Promise<PaymentIntent> {
  const [found] = await tx.query<{ id: string }>(
    'select id from payment_intents where id = $1 and merchant_id = $2 and environment = $3 for update',
    [paymentId, t.merchantId, t.environment],
  );
  if (!found) {
    throw new GatewayError('RESOURCE_NOT_FOUND', `No payment intent ${paymentId}`, {
      details: [{ path: 'id', message: 'not found' }],
    });
  }
  // The facts and the clock decide, not a cached status: re-derive first (writes only if something changed).
  await recomputePayment(ctx, tx, paymentId, { reason: 'underpayment_review' });
  let intent = await readIntent(tx, paymentId);
  const d = intent.decimals;
  const final = unitsFromDb(intent.final_units);
  let asked: bigint | undefined;
  if (input.amount !== undefined) {
    try {
      asked = parseAmount(input.amount, d);
    } catch {
      throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
        details: [{ path: 'amount', message: `at most ${d} decimals` }],
      });
    }
  }
  const money = (u: bigint) => `${formatAmount(u, d)} ${intent.currency}`;
  if (intent.accepted_units !== null) {
    const accepted = unitsFromDb(intent.accepted_units);
    if (asked !== undefined && asked !== accepted) {
      throw new GatewayError(
        'UNDERPAYMENT_AMOUNT_CHANGED',
        `The underpayment of ${paymentId} was already accepted for ${money(accepted)}, not ${money(asked)}`,
        { details: [{ path: 'amount', message: `accepted for ${formatAmount(accepted, d)}` }] },
      );
    }
    return intentViewOf(ctx, tx, intent); // the same decision again: nothing new
  }
  if (intent.status !== 'UNDERPAID') throw notUnderpaid(intent);
  if (asked !== undefined && asked !== final) {
    throw new GatewayError(
      'UNDERPAYMENT_AMOUNT_CHANGED',
      `Payment ${paymentId} has received ${money(final)} final by now, not ${money(asked)}; review the payment and ` +
        'accept the amount it holds',
      { details: [{ path: 'amount', message: `the final funds are ${formatAmount(final, d)}` }] },
    );
  }
  const now = ctx.now();
  await tx.query('update payment_intents set accepted_units = $2, updated_at = $3 where id = $1', [
    paymentId,
    final.toString(),
    now,
  ]);
  intent = await readIntent(tx, paymentId);
  await emitEvent(ctx, tx, {
    merchantId: intent.merchant_id,
    environment: intent.environment,
    type: UNDERPAYMENT_ACCEPTED,
    paymentId,
    object: await intentViewOf(ctx, tx, intent),
    extra: {
      accepted_amount: formatAmount(final, d),
      accepted_amount_units: final.toString(),
      shortfall_amount: formatAmount(unitsFromDb(intent.amount_units) - final, d),
      shortfall_amount_units: (unitsFromDb(intent.amount_units) - final).toString(),
    },
    createdAt: now,
  });
  await audit(tx, {
    merchantId: intent.merchant_id,
    environment: intent.environment,
    action: 'payment_intent.underpayment_accepted',
    actor,
    target: { type: 'payment_intent', id: paymentId },
    data: { amount_units: intent.amount_units, accepted_units: final.toString() },
    at: now,
  });
  await recomputePayment(ctx, tx, paymentId, {
    reason: 'underpayment_accepted',
    data: { accepted_units: final.toString() },
  });
  return intentViewOf(ctx, tx, await readIntent(tx, paymentId));
}

function notUnderpaid(intent: IntentRow): GatewayError {
  const why: Partial<Record<IntentRow['status'], string>> = {
    LATE_PAYMENT: 'funds arrived after it expired; refund them or wait for the customer',
    REFUND_REQUESTED: 'a refund of it is open; cancel the refund request first',
    PARTIALLY_REFUNDED: 'part of it was refunded',
    REFUNDED: 'it was refunded',
    EXPIRED: 'it expired with nothing received',
  };
  const reason = why[intent.status] ?? (intent.confirmed ? 'it was paid in full' : 'its payment window is still open');
  return new GatewayError(
    'PAYMENT_NOT_UNDERPAID',
    `Payment ${intent.id} is ${intent.status}: ${reason}. Only an UNDERPAID payment (expired with part of the amount ` +
      'final) can be accepted',
  );
}

async function readIntent(tx: Sql, id: string): Promise<IntentRow> {
  const [row] = await tx.query<IntentRow>(`select ${INTENT_COLUMNS} from payment_intents i where i.id = $1`, [id]);
  return row!;
}
