import type { Sql } from '@tender/platform';
import { type EventPolicy, clock } from './eventRecord.ts';

/** Extends the live leases of these tokens; returns the events still held (by token). */
export async function renewLeases(
  sql: Sql,
  policy: EventPolicy,
  tokens: readonly string[],
  at?: Date,
): Promise<{ eventId: string; leaseToken: string }[]> {
  if (tokens.length === 0) return [];
  const now = clock(2);
  const rows = await sql.query<{ event_id: string; lease_token: string }>(
    `with locked as (
       select e.event_id from agent_events e
        where e.lease_token = any($1::uuid[]) and e.status = 'delivered' and e.lease_expires_at > ${now}
        order by e.event_id
        for update
     )
     update agent_events e
        set lease_expires_at = ${now} + ($3::double precision * interval '1 millisecond')
       from locked
      where e.event_id = locked.event_id and e.lease_token = any($1::uuid[]) and e.status = 'delivered'
        and e.lease_expires_at > ${now}
      returning e.event_id, e.lease_token`,
    [tokens, at ?? null, policy.leaseMs],
  );
  return rows.map((r) => ({ eventId: r.event_id, leaseToken: r.lease_token }));
}
