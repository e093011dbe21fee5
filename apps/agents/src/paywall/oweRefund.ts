import type { AgentsContext } from '../context.ts';
import { AgentError } from '../http/errors.ts';
import { answerOfHolder, LeaseLost } from './leaseLost.ts';
import type { PaidOutcome, SettledHold } from './paidCall.ts';
import { markCompleted } from './paidRequests.ts';
import { renderError } from './paymentHeaders.ts';
import { ProviderRefusal } from './providerFailure.ts';
import { recordRefundOwed, type RefundOwed } from './refundsOwed.ts';

/**
 * The operation failed after settlement and can never succeed (storage refuses the values, or the provider refused
 * it for good: a retry would fail the same way forever). The payer is made good by a refund owed, recorded with the
 * paid request's completion in one transaction; the stored answer (422 REFUND_OWED, with PAYMENT-RESPONSE) names
 * the refund and is what every replay of the same key and proof gets. The operator finds the refund in
 * agent_refunds_owed (listRefundsOwed) and through this error-level log line.
 */
export async function oweRefund(ctx: AgentsContext, hold: SettledHold, err: unknown): Promise<PaidOutcome> {
  const { row, lease, unrecorded, requestId } = hold;
  const settlement = unrecorded ?? row.settlement;
  const settlementTx =
    typeof settlement?.transaction === 'string' && settlement.transaction ? settlement.transaction : null;
  const reason = `${row.service_id} failed after settlement and cannot succeed: ${errorSummary(err)}`;
  const result = await ctx.db
    .tx(async (tx) => {
      const refund = await recordRefundOwed(tx, { paidRequestId: row.id, settlementTx, requestId, reason });
      const error = refundOwedError(row.service_id, refund, err);
      const { rendered, stored } = renderError(error, requestId);
      const completion = { id: row.id, lease, status: error.status, body: { error: stored }, settlement: unrecorded };
      if (!(await markCompleted(tx, completion))) throw new LeaseLost();
      return { refund, error, rendered };
    })
    .catch(async (e: unknown) => {
      if (!(e instanceof LeaseLost)) throw e;
      return null;
    });
  if (!result) return answerOfHolder(ctx, row.id, requestId);
  ctx.logger.error(
    { err, paidRequest: row.id, refund: result.refund },
    'refund owed: a paid operation failed after settlement and cannot succeed',
  );
  const headers = { 'payment-response': hold.paymentResponse };
  return { kind: 'failed', response: { status: result.error.status, headers, body: result.rendered } };
}

function refundOwedError(serviceId: string, refund: RefundOwed, err: unknown): AgentError {
  const why =
    err instanceof ProviderRefusal
      ? `the ${err.provider.name} provider refused it: HTTP ${err.provider.status}` +
        `${err.provider.code ? `, error ${err.provider.code}` : ''}, ${err.provider.message || 'no message'}`
      : 'the value cannot be stored';
  return new AgentError(
    'REFUND_OWED',
    `Your payment settled, but ${serviceId} cannot be performed with this input (${why}). The payment ` +
      `is recorded as a refund owed to ${refund.walletAddress} (refund ${refund.id}); the operator returns ` +
      'it. Do not retry this request unchanged; send a corrected request with a new Idempotency-Key and a new ' +
      'payment.',
    {
      data: {
        ...(err instanceof ProviderRefusal ? { provider: err.provider } : {}),
        refund: {
          id: refund.id,
          status: 'owed',
          walletAddress: refund.walletAddress,
          amountUnits: refund.amountUnits,
          asset: refund.asset,
          network: refund.network,
          settlementTx: refund.settlementTx,
        },
      },
    },
  );
}

/** The error's code and message, without parameters or stack, for the refund's reason. */
function errorSummary(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown };
  return `${typeof e?.code === 'string' ? `${e.code} ` : ''}${typeof e?.message === 'string' ? e.message : String(err)}`;
}
