import type { Sql } from '@tender/platform';

/** A run's hold on a delivery. */
export interface DeliveryLease {
  id: string;
  leaseToken: string;
}

/**
 * Heartbeat: pushes these leases' expiry to now + leaseMs, in one statement (HOT: no indexed column changes). A lease
 * whose token is no longer the row's was taken over and is not extended. Returns the ids extended; the caller must
 * treat every other lease as lost.
 */
export async function extendDeliveryLeases(
  sql: Sql,
  leases: readonly DeliveryLease[],
  leaseMs: number,
): Promise<Set<string>> {
  if (leases.length === 0) return new Set();
  const ids = leases.map((l) => l.id);
  const rows = await sql.query<{ id: string }>(
    `update webhook_deliveries d
        set lease_expires_at = now() + $3::int * interval '1 millisecond'
      where d.id = any($1::text[]) and d.lease_token = ($2::uuid[])[array_position($1::text[], d.id)]
      returning d.id`,
    [ids, leases.map((l) => l.leaseToken), Math.ceil(leaseMs)],
  );
  return new Set(rows.map((r) => r.id));
}
