import type { Sql } from '@tender/platform';
import type { Environment } from '../tenant.ts';

/** A delivery a run holds the lease of, with everything its send needs. */
export interface ClaimedDelivery {
  id: string;
  /** Fencing token of this run's lease: every write of the run on the delivery carries it. */
  lease_token: string;
  /** Runs started for the automatic schedule, this one included when it is automatic. */
  run_count: number;
  /** This run makes the manual retry asked for (one attempt, whatever the status), not an automatic one. */
  manual: boolean;
  status: 'pending' | 'succeeded' | 'failed';
  auto_attempt_count: number;
  environment: Environment;
  endpoint_id: string;
  url: string;
  endpoint_status: 'enabled' | 'disabled';
  endpoint_deleted: boolean;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  event_id: string;
  event_type: string;
  livemode: boolean;
  /** gateway_events.data as PostgreSQL renders jsonb: the same text for the same value, every time. */
  data_json: string;
  event_created_at: Date;
}

/**
 * Claims up to `limit` due deliveries and loads what their sends need, in ONE statement (one round trip, one
 * commit). A row is claimable when it is due and its lease, if any, has expired (a dead runner's deliveries come
 * back by themselves, no requeue step). Each claimed row gets a fresh lease token, a lease of `leaseMs` (database
 * clock) and run_count + 1 when the run is automatic; due_at is left as it is, so the update writes no index entry
 * (HOT), and the run's completion sets it. A pending manual retry goes first: the run makes it, and the automatic
 * schedule keeps its own next attempt (next_attempt_at) for the run after.
 *
 * Order: (due_at, id), the oldest due first, whoever the merchant or host; the same FIFO the job queue had. A host
 * that cannot keep up does not hold the slots: the worker defers a delivery whose host is crowded (deliveryWorker).
 * Rows locked by another session (another runner's claim, a completion in flight, a manual retry being asked) are
 * skipped, never waited for, so any number of runners in any number of processes claim without meeting. The update
 * finds the picked rows by `= any(array)`, a primary-key lookup whatever the planner thinks of the batch's size.
 */
export async function claimDeliveries(sql: Sql, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0) return [];
  return sql.query<ClaimedDelivery>(`with ${claimCtes('$1', '$2')} ${CLAIMED_SELECT}`, [limit, Math.ceil(leaseMs)]);
}

/**
 * The claim's CTEs (picked, claimed) with its limit and lease length as the parameters named; `exclude`, a text[]
 * parameter, names deliveries the same statement writes (completeAndClaimDeliveries), never claimed by it.
 */
export function claimCtes(limit: string, leaseMs: string, exclude?: string): string {
  return `picked as (
       select d.id from webhook_deliveries d
        where d.due_at <= now() and (d.lease_expires_at is null or d.lease_expires_at <= now())
              ${exclude ? `and d.id <> all(${exclude}::text[])` : ''}
        order by d.due_at, d.id
        limit ${limit}
        for update skip locked
     ), claimed as (
       update webhook_deliveries d
          set lease_token = gen_random_uuid(),
              lease_expires_at = now() + ${leaseMs}::int * interval '1 millisecond',
              run_count = d.run_count + case when d.manual_retry_at_attempt is null then 1 else 0 end
        where d.id = any(array(select id from picked))
        returning d.id, d.lease_token, d.run_count, d.manual_retry_at_attempt is not null as manual, d.status,
                  d.auto_attempt_count, d.environment, d.endpoint_id, d.event_id, d.created_at
     )`;
}

/** The claimed deliveries (ClaimedDelivery) with their endpoint and event, selected after claimCtes. */
export const CLAIMED_SELECT = `select c.id, c.lease_token::text as lease_token, c.run_count, c.manual, c.status,
            c.auto_attempt_count, c.environment, c.endpoint_id,
            ep.url, ep.status as endpoint_status, ep.deleted_at is not null as endpoint_deleted,
            ep.secret_sealed, ep.previous_secret_sealed, ep.previous_secret_expires_at,
            ev.id as event_id, ev.type as event_type, ev.livemode, ev.data::text as data_json,
            ev.created_at as event_created_at
       from claimed c
       join webhook_endpoints ep on ep.id = c.endpoint_id
       join gateway_events ev on ev.id = c.event_id
      order by c.created_at, c.id`;
