// What refunds plug into the hubs (runtime.ts, registerPlugs): the refund requests of a payment as facts of its
// status (re-derived first, recomputeRefunds.ts), and the chain watcher's refund transfers (watchRefunds.ts).
import type { Database } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import type { PaymentFactSource } from '../payments/paymentPlugs.ts';
import type { ChainLogMatcher } from '../watcher/chainLogMatcher.ts';
import { recomputeRefunds } from './recomputeRefunds.ts';
import { insertRefundTransfers, matchRefundLogs } from './watchRefunds.ts';

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
