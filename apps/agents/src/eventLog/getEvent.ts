import type { Sql } from '@tender/platform';
import { type EventPolicy, type EventRecord, type EventRow, clock, columns, toRecord } from './eventRecord.ts';

/** One event of the tenant, or null (unknown, or another tenant's: eventNotFound tells them apart). */
export async function getEvent(
  sql: Sql,
  policy: EventPolicy,
  tenantId: string,
  eventId: string,
  at?: Date,
): Promise<EventRecord | null> {
  const rows = await sql.query<EventRow>(
    `select ${columns(4, clock(3))} from agent_events e where e.tenant_id = $1 and e.event_id = $2`,
    [tenantId, eventId, at ?? null, policy.retentionSeconds],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}
