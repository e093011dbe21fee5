import type { Sql } from '@tender/platform';
import {
  type ClaimedEvent,
  type EventPolicy,
  type EventRow,
  byEventOrder,
  clock,
  columns,
  expiry,
  toRecord,
} from './eventRecord.ts';

export interface ClaimRequest {
  tenantId: string;
  leaseToken: string;
  limit: number;
}

/**
 * Several claims in one statement (the gateway batches the tenants woken within one tick): per request, the same
 * claim as above. At most one request per tenant: within one statement a row locked by an earlier request is not
 * "locked by another transaction", so two requests of one tenant could take the same event. Results per request,
 * each in delivery order.
 */
export async function claimBatch(
  sql: Sql,
  policy: EventPolicy,
  requests: readonly ClaimRequest[],
  at?: Date,
): Promise<ClaimedEvent[][]> {
  const live = requests.filter((r) => r.limit > 0);
  if (new Set(live.map((r) => r.tenantId)).size !== live.length) throw new Error('claimBatch: one request per tenant');
  if (live.length === 0) return requests.map(() => []);
  const now = clock(4);
  const rows = await sql.query<EventRow & { lease_token: string }>(
    `with r as (
       select * from unnest($1::uuid[], $2::uuid[], $3::int[]) as r(tenant_id, lease_token, lim)
     ),
     c as (
       select x.event_id, r.lease_token from r
        cross join lateral (
          select e.event_id from agent_events e
           where e.tenant_id = r.tenant_id and e.status in ('pending', 'delivered')
             and (e.lease_expires_at is null or e.lease_expires_at <= ${now})
             and e.attempts < $5
             and ${expiry(6)} > ${now}
           order by e.created_at, e.event_id
           limit r.lim
           for update skip locked
        ) x
     )
     update agent_events e
        set status = 'delivered', delivered_at = coalesce(e.delivered_at, ${now}), lease_token = c.lease_token,
            lease_expires_at = ${now} + ($7::double precision * interval '1 millisecond'), attempts = e.attempts + 1
       from c
      where e.event_id = c.event_id
      returning ${columns(6, now)}, e.lease_token`,
    [
      live.map((r) => r.tenantId),
      live.map((r) => r.leaseToken),
      live.map((r) => r.limit),
      at ?? null,
      policy.maxAttempts,
      policy.retentionSeconds,
      policy.leaseMs,
    ],
  );
  const byToken = new Map<string, ClaimedEvent[]>();
  for (const r of rows) {
    const list = byToken.get(r.lease_token) ?? [];
    list.push({ record: toRecord(r), tenantId: r.tenant_id, createdUs: BigInt(r.created_us) });
    byToken.set(r.lease_token, list);
  }
  return requests.map((req) => (req.limit > 0 ? (byToken.get(req.leaseToken) ?? []).sort(byEventOrder) : []));
}
