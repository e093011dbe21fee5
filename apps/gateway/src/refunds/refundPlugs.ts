// What refunds plug into the hubs (runtime.ts, registerPlugs): the refund requests of a payment as facts of its
// status (re-derived first, recomputeRefunds.ts), and the chain watcher's refund transfers (watchRefunds.ts).
import type { Database } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { formatAmount, unitsFromDb } from '../money/amount.ts';
import type { PaymentDetailPart, PaymentFactSource } from '../payments/paymentPlugs.ts';
import type { ChainLogMatcher } from '../watcher/chainLogMatcher.ts';
import { recomputeRefunds } from './recomputeRefunds.ts';
import { REFUND_SELECT, refundView, type RefundRow } from './refundRequest.ts';
import { insertRefundTransfers, matchRefundLogs } from './watchRefunds.ts';

/** A payment's refund requests, and what completed ones returned (overpaid_amount: funds beyond the amount,
 * including funds that arrived after settlement). */
export const refundDetail: PaymentDetailPart = async (sql, intent) => {
  const refunds = await sql.query<RefundRow>(`${REFUND_SELECT} where r.payment_id = $1 order by r.created_at, r.id`, [
    intent.id,
  ]);
  const refunded = refunds
    .filter((r) => r.status === 'completed')
    .reduce((a, r) => a + unitsFromDb(r.amount_units), 0n);
  return {
    refunds: refunds.map(refundView),
    amount_refunded: formatAmount(refunded, intent.decimals),
    amount_refunded_units: refunded.toString(),
  };
};

export function refundFacts(ctx: GatewayContext): PaymentFactSource {
  return async (tx, paymentId) => ({ refunds: await recomputeRefunds(ctx, tx, paymentId) });
}

/** Refunds sent from a vault to the recipient of an open refund request, proof or not. */
export function refundLogMatcher(db: Database): ChainLogMatcher {
  return async (network, logs) => {
    const matches = await matchRefundLogs(db, network, logs);
    return {
      logs: matches.map((m) => m.log),
      record: (tx, blockTime) =>
        insertRefundTransfers(
          tx,
          network,
          matches.map((m) => ({ ...m, blockTime: blockTime(m.log) })),
        ),
    };
  };
}
