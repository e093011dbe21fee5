import { HttpError, isPermanentDbError } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { AgentError } from '../http/errors.ts';
import type { PaidOutcome, SettledHold } from './paidCall.ts';
import { markSettled, pending, releaseLease } from './paidRequests.ts';
import { completeWithPaymentEvent } from './paymentEvents.ts';
import { renderError } from './paymentHeaders.ts';
import { ProviderRefusal, ProviderTemporaryFailure } from './providerFailure.ts';
import { oweRefund } from './oweRefund.ts';

/** A settled paid request whose lease this request holds. */
/**
 * The operation failed after the payment settled. A client error of the operation (a name taken meanwhile, …) is
 * final: it is stored and replayed like a success, with PAYMENT-RESPONSE. Anything else leaves the row settled and
 * releases the lease: the same key and proof perform the operation later, without a second settlement.
 */
export async function failAfterSettlement(ctx: AgentsContext, hold: SettledHold, err: unknown): Promise<PaidOutcome> {
  const { row, lease, paymentResponse, unrecorded } = hold;
  if (err instanceof HttpError && err.status < 500) {
    const { rendered, stored: error } = renderError(err, hold.requestId);
    const completion = { id: row.id, lease, status: err.status, body: { error }, settlement: unrecorded };
    const stored = await completeWithPaymentEvent(ctx.db, completion);
    if (!stored) throw pending();
    const headers = { ...(err.extra.headers ?? {}), 'payment-response': paymentResponse };
    return { kind: 'failed', response: { status: err.status, headers, body: rendered } };
  }
  if (isPermanentDbError(err) || err instanceof ProviderRefusal) return oweRefund(ctx, hold, err);
  // The settlement is known now (its transaction hash included): recorded before the lease is given up, so the
  // retry that completes the request carries it instead of reconciling an empty one from the chain.
  if (unrecorded) await markSettled(ctx.db, row.id, unrecorded);
  await releaseLease(ctx.db, row.id, lease, String(err));
  if (
    err instanceof ProviderTemporaryFailure ||
    (err instanceof HttpError && err.code === 'PROVIDER_TEMPORARY_FAILURE')
  ) {
    ctx.logger.warn({ err, paidRequest: row.id }, 'provider failure after settlement; retry performs it');
    throw new AgentError(
      'PROVIDER_TEMPORARY_FAILURE',
      'The provider failed after your payment settled. Retry the same request with the same Idempotency-Key and ' +
        'PAYMENT-SIGNATURE after backoff; you will not be charged again.',
      { headers: { 'retry-after': '5', 'payment-response': paymentResponse } },
    );
  }
  ctx.logger.error({ err, paidRequest: row.id }, 'operation failed after settlement');
  throw new AgentError(
    'INTERNAL_ERROR',
    'The operation failed after your payment settled; retry with the same Idempotency-Key and PAYMENT-SIGNATURE (no second charge)',
    { headers: { 'retry-after': '5', 'payment-response': paymentResponse } },
  );
}
