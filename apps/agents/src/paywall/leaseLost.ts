import type { AgentsContext } from '../context.ts';
import type { PaidOutcome } from './paidCall.ts';
import { pending, readPaidRequest } from './paidRequests.ts';
import { replayResponse } from './paymentHeaders.ts';

/** Thrown inside a completing transaction whose lease was taken over: the transaction rolls back. */
export class LeaseLost extends Error {}

/** After a lost lease: the other holder's stored answer when it completed, else 409 PAYMENT_PENDING. */
export async function answerOfHolder(ctx: AgentsContext, rowId: string, requestId: string): Promise<PaidOutcome> {
  const now = await readPaidRequest(ctx.db, rowId);
  if (now?.state === 'completed') return { kind: 'replay', response: replayResponse(now, requestId) };
  throw pending();
}
