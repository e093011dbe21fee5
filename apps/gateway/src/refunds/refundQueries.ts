// Reads of refund requests, always scoped by the caller's merchant and environment (from the credentials): another
// tenant's id answers like an unknown id.
import type { Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { decodeInstantCursor, encodeCursor } from '../http/cursor.ts';
import { GatewayError } from '../http/errors.ts';
import { REFUND_SELECT, refundView, type RefundRequestView, type RefundRow } from './refundRequest.ts';
import type { Tenant } from '../tenant.ts';

export async function getRefundRow(sql: Sql, t: Tenant, id: string): Promise<RefundRow> {
  const [row] = await sql.query<RefundRow>(
    `${REFUND_SELECT} where r.id = $1 and r.merchant_id = $2 and r.environment = $3`,
    [id, t.merchantId, t.environment],
  );
  if (!row) {
    throw new GatewayError('RESOURCE_NOT_FOUND', `No refund request ${id}`, {
      details: [{ path: 'id', message: 'not found' }],
    });
  }
  return row;
}

export async function getRefundRequest(ctx: GatewayContext, t: Tenant, id: string): Promise<RefundRequestView> {
  return refundView(await getRefundRow(ctx.db, t, id));
}

export interface ListRefundsQuery {
  limit?: number;
  cursor?: string;
  payment_intent_id?: string;
}

/** Newest first; the cursor is (created_at, id) of the last item, so equal timestamps never split or repeat. */
export async function listRefundRequests(ctx: GatewayContext, t: Tenant, q: ListRefundsQuery) {
  const limit = q.limit ?? 20;
  const after = q.cursor === undefined ? undefined : decodeInstantCursor(q.cursor, 're');
  const rows = await ctx.db.query<RefundRow>(
    `${REFUND_SELECT}
     where r.merchant_id = $1 and r.environment = $2 and ($3::text is null or r.payment_id = $3)
       and ($4::timestamptz is null or (r.created_at, r.id) < ($4::timestamptz, $5::text))
     order by r.created_at desc, r.id desc limit $6`,
    [t.merchantId, t.environment, q.payment_intent_id ?? null, after?.at ?? null, after?.id ?? null, limit + 1],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit;
  return {
    object: 'list' as const,
    data: page.map(refundView),
    has_more: hasMore,
    next_cursor: hasMore && last ? encodeCursor(['re', last.created_at.toISOString(), last.id]) : null,
  };
}
