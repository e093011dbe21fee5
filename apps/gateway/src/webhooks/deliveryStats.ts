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
 * the cost follows the backlog, not the delivery log. While leased, a row's due time is its lease's expiry, so
 * `due_at > now()` with a token is a live lease and `due_at <= now()` is due whatever the token.
 */
export async function deliveryStats(sql: Sql): Promise<DeliveryStats> {
  const [r] = await sql.query<{ due: number; scheduled: number; leased: number; oldest: number | null }>(
    `select count(*) filter (where due_at <= now())::int as due,
            count(*) filter (where due_at > now() and lease_token is null)::int as scheduled,
            count(*) filter (where due_at > now() and lease_token is not null)::int as leased,
            extract(epoch from now() - min(due_at) filter (where due_at <= now()))::float8 as oldest
       from webhook_deliveries where due_at is not null`,
  );
  return {
    due: r?.due ?? 0,
    scheduled: r?.scheduled ?? 0,
    leased: r?.leased ?? 0,
    oldestDueAgeSeconds: Math.max(0, Number(r?.oldest ?? 0)),
  };
}
