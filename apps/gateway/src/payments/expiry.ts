// Expiry is a fact of time, not of the chain: a job scheduled at expires_at (key payment-expiry:<id>, enqueued in
// the statement that creates the intent) re-derives the status, which then reads EXPIRED, UNDERPAID or stays
// CONFIRMING while on-time funds wait for finality.
import type { GatewayContext } from '../context.ts';
import type { Job, JobContext } from '@tender/platform';
import { PermanentJobError } from '@tender/platform';
import { recomputePayment, type RecomputeResult } from './recompute.ts';

export async function expirePayment(ctx: GatewayContext, paymentId: string): Promise<RecomputeResult | undefined> {
  return ctx.db.tx((tx) => recomputePayment(ctx, tx, paymentId, { reason: 'expiry' }));
}

export function expiryHandler(ctx: GatewayContext) {
  return async (job: Job<{ paymentId?: unknown }>, jc: JobContext): Promise<void> => {
    const id = job.payload?.paymentId;
    if (typeof id !== 'string') throw new PermanentJobError('expiry job without a paymentId');
    // Fenced by the job's lease and committed with its completion: the transition happens exactly once.
    await jc.withLease((tx) => recomputePayment(ctx, tx, id, { reason: 'expiry' }));
  };
}
