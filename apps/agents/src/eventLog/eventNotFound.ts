import type { Sql } from '@tender/platform';
import { AgentError } from '../http/errors.ts';

/**
 * The error for an event id the tenant does not have: RESOURCE_NOT_OWNED when it is another tenant's (as for
 * mailboxes; the id is a random UUID, so saying it exists discloses nothing usable), RESOURCE_NOT_FOUND otherwise.
 */
export async function eventNotFound(sql: Sql, eventId: string): Promise<AgentError> {
  const rows = await sql.query(`select 1 from agent_events where event_id = $1`, [eventId]);
  return rows.length
    ? new AgentError('RESOURCE_NOT_OWNED', `Event ${eventId} belongs to another tenant; use one of yours`)
    : new AgentError('RESOURCE_NOT_FOUND', `No event ${eventId}; list events to refresh`);
}
