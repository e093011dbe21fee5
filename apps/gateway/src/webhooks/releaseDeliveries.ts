import type { Sql } from '@tender/platform';
import type { DeliveryLease } from './extendDeliveryLeases.ts';

export interface DeliveryRelease extends DeliveryLease {
  /** Due again after this long. */
  delayMs: number;
  /** The run was the manual retry (which stays asked for), not an automatic run (which is handed back). */
  manual: boolean;
  /** Shown as the pending delivery's last_error (a configuration fault); null leaves it. */
  error: string | null;
}

/**
 * Hands runs back that sent nothing (host crowded, configuration fault, runner stopping before the send): the
 * lease is released, the delivery is due again after `delayMs`, and an automatic run is uncounted, so no attempt of
 * the schedule is used. Fenced by the lease token, one statement for all. Returns the ids released.
 */
export async function releaseDeliveries(
  sql: Sql,
  releases: readonly DeliveryRelease[],
  now: Date,
): Promise<Set<string>> {
  if (releases.length === 0) return new Set();
  const rows = await sql.query<{ id: string }>(
    `update webhook_deliveries d
        set due_at = now() + r.delay_ms * interval '1 millisecond',
            lease_token = null,
            lease_expires_at = null,
            run_count = d.run_count - case when r.manual then 0 else 1 end,
            last_error = case when r.error is not null and d.status = 'pending' then r.error else d.last_error end,
            updated_at = case when r.error is not null and d.status = 'pending' then $6 else d.updated_at end
       from unnest($1::text[], $2::text[], $3::text[]::int[], $4::text[]::boolean[], $5::text[])
              as r(id, token, delay_ms, manual, error)
      where d.id = r.id and d.lease_token = r.token::uuid
      returning d.id`,
    // Arrays as text[], cast by the server (see writeAttempts).
    [
      releases.map((r) => r.id),
      releases.map((r) => r.leaseToken),
      releases.map((r) => String(Math.max(0, Math.round(r.delayMs)))),
      releases.map((r) => String(r.manual)),
      releases.map((r) => r.error),
      now,
    ],
  );
  return new Set(rows.map((r) => r.id));
}
