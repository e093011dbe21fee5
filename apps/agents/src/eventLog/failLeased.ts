import type { Sql } from '@tender/platform';

/** An event that can never cross the socket (its frame exceeds the limit) becomes failed, if this lease holds it. */
export async function failLeased(sql: Sql, eventId: string, leaseToken: string, reason: string): Promise<boolean> {
  const rows = await sql.query(
    `update agent_events set status = 'failed', lease_token = null, lease_expires_at = null, last_error = $3
      where event_id = $1 and lease_token = $2 and status = 'delivered'
      returning event_id`,
    [eventId, leaseToken, reason],
  );
  return rows.length > 0;
}
