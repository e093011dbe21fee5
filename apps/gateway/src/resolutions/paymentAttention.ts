// Why a payment needs a person, kept in payment_intents.attention by a reaction to every recompute (registered on
// the payment hub's plug point, runtime.ts), in the recompute's transaction, after the refund requests were
// re-derived. The dashboard's "Needs attention" lists the payments where it is set (GET /v1/payments with
// needs_attention=true); a decision that resolves the cause clears it in the transaction that records it:
//   underpaid          UNDERPAID: accept it (acceptUnderpayment.ts) or refund it
//   late_payment       LATE_PAYMENT: refund it
//   settlement_failed  the latest sweep failed (retried by itself; a person should know)
//   overpaid           paid with an excess that completed refunds do not cover yet (a refund of kind excess)
//   invalid_asset      a foreign token arrived and completed foreign_asset refunds of that token do not cover it
// A payment already in a refund state over UNDERPAID or LATE_PAYMENT has a decision (the refund).
import type { Sql } from '@tender/platform';
import { unitsFromDb } from '../money/amount.ts';
import type { PaymentTransition } from '../payments/paymentPlugs.ts';

export type AttentionReason = 'underpaid' | 'late_payment' | 'settlement_failed' | 'overpaid' | 'invalid_asset';

export interface AttentionFacts {
  status: PaymentTransition['to'];
  confirmed: boolean;
  excessUnits: bigint;
  /** Completed refunds of the official token, any kind. */
  refundedUnits: bigint;
  /** Per foreign token: final funds received, and completed foreign_asset refunds of it. */
  foreign: ReadonlyMap<string, { received: bigint; returned: bigint }>;
}

/** Pure: the first cause that still needs a decision, or null. */
export function attentionReason(f: AttentionFacts): AttentionReason | null {
  if (f.status === 'UNDERPAID') return 'underpaid';
  if (f.status === 'LATE_PAYMENT') return 'late_payment';
  if (f.status === 'SETTLEMENT_FAILED') return 'settlement_failed';
  if (f.confirmed && f.excessUnits > f.refundedUnits) return 'overpaid';
  for (const { received, returned } of f.foreign.values()) if (received > returned) return 'invalid_asset';
  return null;
}

export async function keepAttention(tx: Sql, t: PaymentTransition): Promise<readonly string[]> {
  const foreign = new Map<string, { received: bigint; returned: bigint }>();
  for (const tr of t.transfers) {
    if (tr.kind !== 'incoming' || tr.official || !tr.final || tr.removed) continue;
    const f = foreign.get(tr.token) ?? { received: 0n, returned: 0n };
    f.received += unitsFromDb(tr.amount_units);
    foreign.set(tr.token, f);
  }
  if (foreign.size > 0) {
    const returned = await tx.query<{ token: string; units: string }>(
      `select token, sum(amount_units)::text as units from refund_requests
       where payment_id = $1 and kind = 'foreign_asset' and status = 'completed' group by token`,
      [t.intent.id],
    );
    for (const r of returned) {
      const f = foreign.get(r.token);
      if (f) f.returned = unitsFromDb(r.units);
    }
  }
  const reason = attentionReason({
    status: t.to,
    confirmed: t.derived.confirmed,
    excessUnits: t.derived.excessUnits,
    refundedUnits: t.derived.refundedUnits,
    foreign,
  });
  await tx.query('update payment_intents set attention = $2 where id = $1 and attention is distinct from $2', [
    t.intent.id,
    reason,
  ]);
  return [];
}
