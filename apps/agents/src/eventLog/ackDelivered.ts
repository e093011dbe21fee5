import type { Sql } from '@tender/platform';
import { type EventPolicy, type EventStatus, clock, effectiveStatus, expiry } from './eventRecord.ts';

export type SocketAckResult = 'acknowledged' | 'not_found' | 'not_owned' | 'expired' | 'lease_expired';

export interface SocketAck {
  tenantId: string;
  eventId: string;
  leaseToken: string;
}

/**
 * Socket acknowledgements, many in one statement (the gateway batches them per tick). Each is accepted iff its
 * token holds the event's live lease or no lease is recorded; otherwise nothing changes (see the protocol). The
 * result per ack: acknowledged (now or before: idempotent), not_found, not_owned (another tenant's), expired,
 * lease_expired.
 */
export async function ackDelivered(
  sql: Sql,
  policy: EventPolicy,
  acks: readonly SocketAck[],
  at?: Date,
): Promise<SocketAckResult[]> {
  if (acks.length === 0) return [];
  const now = clock(4);
  const rows = await sql.query<{ i: number; status: EventStatus | null; other_tenant: boolean }>(
    `with a as (
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[]) with ordinality as a(tenant_id, event_id, lease_token, i)
     ),
     locked as (
       select e.event_id from agent_events e
        where (e.tenant_id, e.event_id) in (select a.tenant_id, a.event_id from a)
        order by e.event_id
        for update
     ),
     done as (
       update agent_events e
          set status = 'acknowledged', acknowledged_at = ${now}, lease_token = null, lease_expires_at = null
         from a
        where e.event_id = a.event_id and e.tenant_id = a.tenant_id
          and e.event_id in (select event_id from locked)
          and e.status in ('pending', 'delivered', 'failed')
          and ${expiry(5)} > ${now}
          and ((e.lease_token = a.lease_token and e.lease_expires_at > ${now}) or e.lease_token is null)
        returning e.event_id, e.tenant_id
     )
     select a.i::int as i,
            case when d.event_id is not null then 'acknowledged' else ${effectiveStatus(5, now)} end as status,
            e.event_id is null and exists (select 1 from agent_events x where x.event_id = a.event_id) as other_tenant
       from a
       left join done d on d.event_id = a.event_id and d.tenant_id = a.tenant_id
       left join agent_events e on e.event_id = a.event_id and e.tenant_id = a.tenant_id
      order by a.i`,
    [
      acks.map((a) => a.tenantId),
      acks.map((a) => a.eventId),
      acks.map((a) => a.leaseToken),
      at ?? null,
      policy.retentionSeconds,
    ],
  );
  // The outer select reads the snapshot from before the update: a row it changed reads as before, hence `done`.
  return rows.map((r) => {
    // Another tenant's event is named as REST names it (eventNotFound): RESOURCE_NOT_OWNED, not unknown.
    if (r.status === null) return r.other_tenant ? 'not_owned' : 'not_found';
    if (r.status === 'acknowledged') return 'acknowledged';
    if (r.status === 'expired') return 'expired';
    return 'lease_expired';
  });
}
