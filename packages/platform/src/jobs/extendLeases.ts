import type { Sql } from '../db/database.ts';
import type { JobLease } from './job.ts';
import { liveLease, leaseArrays } from './leaseFence.ts';

/**
 * Heartbeat: pushes the expiry of these leases to now + leaseMs (database clock), in one statement. A lease that is
 * no longer current or already expired is not extended (an expired lease may already be someone else's). Returns the
 * ids extended; the caller must treat every other lease as lost.
 */
export async function extendLeases(sql: Sql, leases: readonly JobLease[], leaseMs: number): Promise<Set<string>> {
  if (leases.length === 0) return new Set();
  const [ids, tokens] = leaseArrays(leases);
  const rows = await sql.query<{ id: string }>(
    `update jobs j
     set lease_expires_at = now() + $3::int * interval '1 millisecond', updated_at = now()
     where ${liveLease('$1', '$2')}
     returning j.id`,
    [ids, tokens, Math.ceil(leaseMs)],
  );
  return new Set(rows.map((r) => String(r.id)));
}
