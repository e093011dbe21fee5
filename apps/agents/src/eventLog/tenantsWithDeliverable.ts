import type { Sql } from '@tender/platform';
import { type EventPolicy, clock, expiry } from './eventRecord.ts';

/** Of these tenants, those with an event a socket could claim now (missed wake-ups, leases that ran out). */
export async function tenantsWithDeliverable(
  sql: Sql,
  policy: EventPolicy,
  tenantIds: readonly string[],
  at?: Date,
): Promise<string[]> {
  if (tenantIds.length === 0) return [];
  const now = clock(2);
  const rows = await sql.query<{ tenant_id: string }>(
    `select distinct e.tenant_id from agent_events e
      where e.tenant_id = any($1::uuid[]) and e.status in ('pending', 'delivered')
        and (e.lease_expires_at is null or e.lease_expires_at <= ${now})
        and e.attempts < $3 and ${expiry(4)} > ${now}`,
    [tenantIds, at ?? null, policy.maxAttempts, policy.retentionSeconds],
  );
  return rows.map((r) => r.tenant_id);
}
