import type { Sql } from '@tender/platform';
import { AgentError } from '../http/errors.ts';
import { eventNotFound } from './eventNotFound.ts';
import { type EventPolicy, type EventRecord, clock, expiry } from './eventRecord.ts';
import { getEvent } from './getEvent.ts';

/**
 * REST acknowledgement: regardless of leases, idempotent. Returns the event afterwards and whether this call
 * acknowledged it. Unknown → RESOURCE_NOT_FOUND; another tenant's → RESOURCE_NOT_OWNED; expired → EVENT_EXPIRED (nothing changes).
 */
export async function ackEvent(
  sql: Sql,
  policy: EventPolicy,
  tenantId: string,
  eventId: string,
  at?: Date,
): Promise<{ event: EventRecord; changed: boolean }> {
  const now = clock(3);
  const changed = await sql.query(
    `update agent_events e
        set status = 'acknowledged', acknowledged_at = ${now}, lease_token = null, lease_expires_at = null
      where e.tenant_id = $1 and e.event_id = $2 and e.status in ('pending', 'delivered', 'failed')
        and ${expiry(4)} > ${now}
      returning e.event_id`,
    [tenantId, eventId, at ?? null, policy.retentionSeconds],
  );
  const event = await getEvent(sql, policy, tenantId, eventId, at);
  if (!event) throw await eventNotFound(sql, eventId);
  if (event.status === 'expired') {
    throw new AgentError('EVENT_EXPIRED', `Event ${eventId} expired unacknowledged at ${event.expiresAt}`);
  }
  return { event, changed: changed.length > 0 };
}
