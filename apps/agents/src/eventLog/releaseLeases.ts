import type { Sql } from '@tender/platform';
import { notify } from './notify.ts';

/**
 * Ends the leases of a closed socket now. The events stay delivered (replayable); `n:<tenant>` on `channel` wakes
 * every process holding other sockets of those tenants, after the release committed.
 */
export async function releaseLeases(sql: Sql, token: string, channel: string): Promise<number> {
  const rows = await sql.query<{ tenant_id: string }>(
    `with locked as (
       select event_id from agent_events where lease_token = $1 and status = 'delivered' order by event_id for update
     )
     update agent_events e set lease_token = null, lease_expires_at = null
       from locked
      where e.event_id = locked.event_id and e.lease_token = $1 and e.status = 'delivered'
      returning e.tenant_id`,
    [token],
  );
  await notify(sql, channel, [...new Set(rows.map((r) => `n:${r.tenant_id}`))]);
  return rows.length;
}
