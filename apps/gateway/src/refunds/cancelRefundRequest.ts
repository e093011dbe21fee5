// Cancels a pending refund request: its amount is refundable again. A request whose transfer is already seen
// (confirming) or final (completed) cannot be cancelled: the money has moved.
import { audit } from '../audit/audit.ts';
import type { Actor } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { recomputePayment } from '../payments/recompute.ts';
import { getRefundRow } from './refundQueries.ts';
import { REFUND_SELECT, refundView, type RefundRequestView, type RefundRow } from './refundRequest.ts';
import type { Tenant } from '../tenant.ts';

export async function cancelRefundRequest(
  ctx: GatewayContext,
  t: Tenant,
  actor: Actor,
  id: string,
): Promise<RefundRequestView> {
  const refund = await getRefundRow(ctx.db, t, id);
  return ctx.db.tx(async (tx) => {
    await tx.query('select id from payment_intents where id = $1 for update', [refund.payment_id]);
    const [locked] = await tx.query<{ status: string }>('select status from refund_requests where id = $1 for update', [
      id,
    ]);
    if (locked?.status === 'cancelled')
      return refundView((await tx.query<RefundRow>(`${REFUND_SELECT} where r.id = $1`, [id]))[0]!);
    if (locked?.status !== 'pending') {
      throw new GatewayError(
        'REFUND_NOT_PENDING',
        `Refund request ${id} is ${locked?.status}; only a pending one can be cancelled`,
      );
    }
    const now = ctx.now();
    await tx.query('update refund_requests set cancelled_at = $2, updated_at = $2 where id = $1', [id, now]);
    await audit(tx, {
      merchantId: t.merchantId,
      environment: t.environment,
      action: 'refund_request.cancelled',
      actor,
      target: { type: 'refund_request', id },
      data: { payment_intent_id: refund.payment_id },
      at: now,
    });
    // The status writer derives `cancelled` from the new fact (and the payment leaves REFUND_REQUESTED if it was
    // the only open request).
    await recomputePayment(ctx, tx, refund.payment_id, { reason: 'refund_cancelled', data: { refund_request_id: id } });
    const [row] = await tx.query<RefundRow>(`${REFUND_SELECT} where r.id = $1`, [id]);
    return refundView(row!);
  });
}
