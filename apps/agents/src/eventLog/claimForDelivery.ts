import type { Sql } from '@tender/platform';
import { type ClaimRequest, claimBatch } from './claimBatch.ts';
import type { ClaimedEvent, EventPolicy } from './eventRecord.ts';

/** Claims up to `limit` deliverable events of the tenant for the socket holding `leaseToken` (see the protocol). */
export async function claimForDelivery(
  sql: Sql,
  policy: EventPolicy,
  p: ClaimRequest,
  at?: Date,
): Promise<ClaimedEvent[]> {
  return (await claimBatch(sql, policy, [p], at))[0] ?? [];
}
