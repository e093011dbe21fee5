import type { Sql } from '@tender/platform';

export interface DeliveryStats {
  /** Deliveries due now and not held by a live lease (a dead runner's expired leases included): the backlog. */
  due: number;
  /** Deliveries waiting for a later attempt (retries, deferrals). */
  scheduled: number;
  /** Deliveries a runner holds under a live lease (being sent). */
  leased: number;
  /** Age in seconds of the oldest due delivery (now - due_at); 0 when none is due. */
  oldestDueAgeSeconds: number;
}

/**
 * The delivery runner's figures, as the job queues have theirs (queueStats): read through the due index only, so
 * the cost follows the backlog, not the delivery log. A leased row is always due; it counts as leased while its
 * lease lives and as due once it has expired (its runner died).
 */
export async function deliveryStats(sql: Sql): Promise<DeliveryStats> {
  const [r] = await sql.query<{ due: number; scheduled: number; leased: number; oldest: number | null }>(
    `select count(*) filter (where due_at <= now() and live is not true)::int as due,
            count(*) filter (where due_at > now() and live is not true)::int as scheduled,
            count(*) filter (where live)::int as leased,
            extract(epoch from now() - min(due_at) filter (where due_at <= now() and live is not true))::float8 as oldest
       from (select due_at, lease_expires_at > now() as live from webhook_deliveries where due_at is not null) d`,
  );
  return {
    due: r?.due ?? 0,
    scheduled: r?.scheduled ?? 0,
    leased: r?.leased ?? 0,
    oldestDueAgeSeconds: Math.max(0, Number(r?.oldest ?? 0)),
  };
}
