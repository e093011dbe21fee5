import type { Sql } from '@tender/platform';
import { type EventPolicy, clock, expiry } from './eventRecord.ts';

/** Acknowledges every open or failed, unexpired event of the tenant created before `before`. Returns the count. */
export async function ackAllEvents(
  sql: Sql,
  policy: EventPolicy,
  tenantId: string,
  f: { before: string; types?: string[] | undefined; service?: string | undefined },
  at?: Date,
): Promise<number> {
  const now = clock(5);
  const rows = await sql.query(
    `with locked as (
       select e.event_id from agent_events e
        where e.tenant_id = $1 and e.status in ('pending', 'delivered', 'failed') and e.created_at < $2
          and ($3::text[] is null or e.type = any($3::text[]))
          and ($4::text is null or e.service = $4)
          and ${expiry(6)} > ${now}
        order by e.event_id
        for update
     )
     update agent_events e
        set status = 'acknowledged', acknowledged_at = ${now}, lease_token = null, lease_expires_at = null
       from locked
      where e.event_id = locked.event_id and e.status in ('pending', 'delivered', 'failed')
      returning e.event_id`,
    [
      tenantId,
      f.before,
      f.types && f.types.length ? f.types : null,
      f.service ?? null,
      at ?? null,
      policy.retentionSeconds,
    ],
  );
  return rows.length;
}
