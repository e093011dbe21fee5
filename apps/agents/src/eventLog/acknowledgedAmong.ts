import type { Sql } from '@tender/platform';

/** Which of these events (held in flight by a socket) are acknowledged now: REST ack, ack-all. */
export async function acknowledgedAmong(sql: Sql, tenantId: string, eventIds: readonly string[]): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const rows = await sql.query<{ event_id: string }>(
    `select event_id from agent_events where tenant_id = $1 and event_id = any($2::uuid[]) and status = 'acknowledged'`,
    [tenantId, eventIds],
  );
  return rows.map((r) => r.event_id);
}
