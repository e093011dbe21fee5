import type { Sql } from '@tender/platform';
import { type EventPolicy, clock } from './eventRecord.ts';

/**
 * Writes the terminal states the predicates already imply: open events past expiry → expired; open events without a
 * live lease whose attempts reached maxAttempts → failed. At most `batch` rows per statement, repeated until done.
 * Idempotent; several processes may run it at once (SKIP LOCKED).
 */
export async function expireAndFailEvents(
  sql: Sql,
  policy: EventPolicy,
  opts: { batch?: number } = {},
  at?: Date,
): Promise<{ expired: number; failed: number }> {
  const batch = opts.batch ?? 1000;
  let expired = 0;
  let failed = 0;
  for (;;) {
    const rows = await sql.query(
      `with due as (
         select e.event_id from agent_events e
          where e.status in ('pending', 'delivered')
            and (e.expires_at <= ${clock(1)}
                 or (e.expires_at is null and e.created_at <= ${clock(1)} - ($2::double precision * interval '1 second')))
          limit $3
          for update skip locked
       )
       update agent_events e set status = 'expired', lease_token = null, lease_expires_at = null
         from due where e.event_id = due.event_id
       returning e.event_id`,
      [at ?? null, policy.retentionSeconds, batch],
    );
    expired += rows.length;
    if (rows.length < batch) break;
  }
  for (;;) {
    const rows = await sql.query(
      `with due as (
         select e.event_id from agent_events e
          where e.status in ('pending', 'delivered') and e.attempts >= $2
            and (e.lease_expires_at is null or e.lease_expires_at <= ${clock(1)})
          limit $3
          for update skip locked
       )
       update agent_events e
          set status = 'failed', lease_token = null, lease_expires_at = null,
              last_error = 'delivered ' || e.attempts || ' times without acknowledgement'
         from due where e.event_id = due.event_id
       returning e.event_id`,
      [at ?? null, policy.maxAttempts, batch],
    );
    failed += rows.length;
    if (rows.length < batch) break;
  }
  return { expired, failed };
}
