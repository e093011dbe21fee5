// The one writer of refund request statuses. Runs inside payments/recompute.ts (under the payment's row lock, in
// the transaction that recorded the new fact): re-derives each request of the payment from its transfer facts,
// writes the changed statuses, emits refund.completed and refund.cancelled through the outbox (once per request) and
// audits the completion, and returns the refund facts that the payment's own status reducer lays over its closed
// funded states.
import type { Sql } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { unitsFromDb } from '../money/amount.ts';
import { emitEvent } from '../outbox/events.ts';
import type { RefundFact } from '../payments/status.ts';
import { REFUND_SELECT, refundView, type RefundKind, type RefundRow } from './refundRequest.ts';
import { deriveRefundStatus, refundTransitionEvents, type RefundEventType, type RefundStatus } from './refundStatus.ts';

export async function recomputeRefunds(ctx: GatewayContext, tx: Sql, paymentId: string): Promise<RefundFact[]> {
  const refunds = await tx.query<{
    id: string;
    status: RefundStatus;
    amount_units: string;
    cancelled: boolean;
    kind: RefundKind;
  }>(
    `select id, status, amount_units, cancelled_at is not null as cancelled, kind from refund_requests
     where payment_id = $1 order by created_at, id`,
    [paymentId],
  );
  if (refunds.length === 0) return [];
  const transfers = await tx.query<{ refund_id: string; final: boolean; removed: boolean }>(
    `select refund_id, final, removed from chain_transfers where payment_id = $1 and kind = 'refund'`,
    [paymentId],
  );
  const now = ctx.now();
  const facts: RefundFact[] = [];
  for (const r of refunds) {
    const to = deriveRefundStatus({
      cancelled: r.cancelled,
      transfers: transfers.filter((t) => t.refund_id === r.id),
    });
    if (to !== r.status) {
      await tx.query(
        `update refund_requests set status = $2::text, updated_at = $3::timestamptz,
           completed_at = case when $2::text = 'completed' then $3::timestamptz else null end
         where id = $1`,
        [r.id, to, now],
      );
      // Each refund event goes out once per request, decided from the outbox: completing again after a devnet
      // rollback took the transfer back announces nothing new.
      const events: RefundEventType[] = [];
      for (const type of refundTransitionEvents(r.status, to)) {
        const [sent] = await tx.query(
          `select 1 from gateway_events where payment_id = $1 and type = $2 and data->'object'->>'id' = $3 limit 1`,
          [paymentId, type, r.id],
        );
        if (!sent) events.push(type);
      }
      if (events.length > 0) {
        const [row] = await tx.query<RefundRow>(`${REFUND_SELECT} where r.id = $1`, [r.id]);
        for (const type of events) {
          await emitEvent(ctx, tx, {
            merchantId: row!.merchant_id,
            environment: row!.environment,
            type,
            paymentId,
            object: refundView(row!),
            createdAt: now,
          });
        }
        // The cancellation is audited by the operation that made it, with its actor (cancelRefundRequest.ts).
        if (to === 'completed') {
          await audit(tx, {
            merchantId: row!.merchant_id,
            environment: row!.environment,
            action: 'refund_request.completed',
            actor: SYSTEM_ACTOR,
            target: { type: 'refund_request', id: r.id },
            data: { payment_intent_id: paymentId, tx_hash: row!.t_tx_hash, network: row!.t_network },
            at: now,
          });
        }
      }
    }
    // A foreign token returned is no fact of the payment's status (other money); an excess refund lays no refund
    // state over it (payments/status.ts).
    if (to === 'cancelled' || r.kind === 'foreign_asset') continue;
    facts.push({
      amountUnits: unitsFromDb(r.amount_units),
      state: to === 'completed' ? 'completed' : 'open',
      ...(r.kind === 'excess' ? { excess: true } : {}),
    });
  }
  return facts;
}
