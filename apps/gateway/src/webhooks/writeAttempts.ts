import type { Sql } from '@tender/platform';
import type { SendResult } from './sender.ts';

export interface AttemptRecord {
  deliveryId: string;
  leaseToken: string;
  startedAt: Date;
  result: SendResult;
  manual: boolean;
  /** Cut short by the runner stopping or losing the lease: logged, decides nothing, the run is handed back. */
  aborted: boolean;
  /** The automatic schedule ends with this attempt (it failed and was the last). */
  final: boolean;
  /** Delay before the next automatic attempt, from the write (database clock); null when none follows. */
  retryInMs: number | null;
  /** Automatic runs before this one that ended without logging an attempt. */
  interrupted: number;
}

export interface WrittenAttempt {
  attempt: number;
  endpointId: string;
  /** The endpoint has failed since at or before the auto-disable cutoff and is still enabled. */
  disable: boolean;
}

export const INTERRUPTED_ATTEMPT_ERROR =
  'the run ended without recording its outcome (worker crashed or stopped, or the database was unreachable); ' +
  'the endpoint may or may not have received this attempt';

/**
 * Logs attempts and moves their deliveries on, for many deliveries in one statement (one commit), each fenced by
 * its run's lease token: a run whose lease was taken over writes nothing (neither its attempt nor the delivery's
 * state), and the run that took over logs it as interrupted. Per delivery: attempt_count grows by the interrupted
 * runs plus this attempt, which take the next numbers; status becomes succeeded on a 2xx (and stays so), failed when
 * the schedule ended; a failed manual attempt changes nothing, nor does a failed attempt that was in flight when the
 * delivery was ended (endpoint disabled or deleted), nor an aborted one (which hands its run back). The lease is
 * released and due_at set to what comes next: a manual retry still asked for (now), the automatic schedule's next
 * attempt while pending, or nothing. Per endpoint: failing_since is cleared by any success and set by the first
 * failure after one; it is only written when it changes, so steady traffic does not contend on the endpoint row.
 */
export async function writeAttempts(
  sql: Sql,
  records: readonly AttemptRecord[],
  disableCutoff: Date,
): Promise<(WrittenAttempt | undefined)[]> {
  const rows = await sql.query<WrittenRow>(
    `with ${ATTEMPT_WRITE_CTES}
     ${WRITTEN_SELECT}`,
    attemptWriteParams(records, disableCutoff),
  );
  return writtenOf(records, rows);
}

/** What the write returns per delivery written (a refused lease returns nothing). */
export interface WrittenRow {
  id: string;
  attempt: number;
  endpoint_id: string;
  disable: boolean | null;
}

/**
 * The CTEs of the write (r, d, gaps, a, per_endpoint, e) with parameters $1 to $15 (attemptWriteParams), for
 * writeAttempts and for completeAndClaimDeliveries, which adds the next claim to the same statement.
 */
export const ATTEMPT_WRITE_CTES = `r as (
       -- The next attempt is due its delay after this write, by the database's clock (as the claim reads it).
       select r.*, now() + r.retry_ms * interval '1 millisecond' as next_at
         from unnest($1::text[], $2::text[], $3::text[]::timestamptz[], $4::text[]::int[], $5::text[]::int[],
                     $6::text[], $7::text[], $8::text[]::boolean[], $9::text[]::boolean[], $10::text[]::boolean[],
                     $11::text[]::boolean[], $12::text[]::int[], $13::text[]::int[])
           as r(delivery_id, token, started_at, status_code, latency_ms, excerpt, error, ok, manual, aborted, final,
                retry_ms, interrupted)
     ), d as (
       update webhook_deliveries d set
         attempt_count = d.attempt_count + r.interrupted + 1,
         auto_attempt_count = d.auto_attempt_count + r.interrupted
                              + case when r.manual or r.aborted then 0 else 1 end,
         run_count = d.run_count - case when r.aborted and not r.manual then 1 else 0 end,
         status = case when r.ok or d.status = 'succeeded' then 'succeeded'
                       when r.manual or r.aborted or d.status = 'failed' then d.status
                       when r.final then 'failed' else 'pending' end,
         succeeded_at = case when r.ok and d.succeeded_at is null then r.started_at else d.succeeded_at end,
         next_attempt_at = case when r.ok then null
                                when r.manual or r.aborted or d.status = 'failed' then d.next_attempt_at
                                else r.next_at end,
         manual_retry_at_attempt = case when r.manual and not r.aborted then null else d.manual_retry_at_attempt end,
         due_at = case when r.aborted then now()
                       when d.manual_retry_at_attempt is not null and not r.manual then now()
                       when d.status = 'pending' and not r.ok and (r.manual or not r.final)
                         then coalesce(case when r.manual then d.next_attempt_at else r.next_at end, now())
                       else null end,
         lease_token = null,
         lease_expires_at = null,
         last_attempt_at = r.started_at,
         last_status_code = r.status_code,
         last_error = r.error,
         updated_at = r.started_at
       from r
       where d.id = r.delivery_id and d.lease_token = r.token::uuid
       returning d.id, d.endpoint_id, d.attempt_count
     ), gaps as (
       insert into webhook_attempts (delivery_id, attempt, started_at, error, manual)
       select d.id, d.attempt_count - r.interrupted - 1 + g.n, r.started_at, $14, false
         from d join r on r.delivery_id = d.id cross join lateral generate_series(1, r.interrupted) as g(n)
     ), a as (
       insert into webhook_attempts (delivery_id, attempt, started_at, status_code, latency_ms, response_excerpt, error,
                                     manual)
       select d.id, d.attempt_count, r.started_at, r.status_code, r.latency_ms, r.excerpt, r.error, r.manual
         from d join r on r.delivery_id = d.id
     ), per_endpoint as (
       select d.endpoint_id, bool_or(r.ok) as any_ok, min(r.started_at) filter (where not r.ok) as first_failure
         from d join r on r.delivery_id = d.id group by d.endpoint_id
     ), e as (
       update webhook_endpoints e set
         failing_since = case when p.any_ok then null else p.first_failure end
       from per_endpoint p
       where e.id = p.endpoint_id and (case when p.any_ok then e.failing_since is not null else e.failing_since is null end)
     )`;

/** The write's result rows (WrittenRow), selected after ATTEMPT_WRITE_CTES. */
export const WRITTEN_SELECT = `select d.id, d.attempt_count as attempt, d.endpoint_id,
            (not p.any_ok and ep.status = 'enabled' and ep.deleted_at is null and ep.failing_since <= $15) as disable
       from d
       join per_endpoint p on p.endpoint_id = d.endpoint_id
       join webhook_endpoints ep on ep.id = d.endpoint_id`;

/** $1 to $15 of ATTEMPT_WRITE_CTES. */
export function attemptWriteParams(records: readonly AttemptRecord[], disableCutoff: Date): unknown[] {
  return [
    // Every array travels as text[] and is cast by the server: postgres.js types arrays of Dates, booleans and
    // numbers inconsistently across versions, text arrays always the same.
    records.map((r) => r.deliveryId),
    records.map((r) => r.leaseToken),
    records.map((r) => r.startedAt.toISOString()),
    records.map((r) => num(r.result.statusCode)),
    records.map((r) => num(r.result.latencyMs)),
    records.map((r) => r.result.excerpt),
    records.map((r) => r.result.error),
    records.map((r) => String(r.result.ok)),
    records.map((r) => String(r.manual)),
    records.map((r) => String(r.aborted)),
    records.map((r) => String(r.final)),
    records.map((r) => num(r.retryInMs)),
    records.map((r) => String(r.interrupted)),
    INTERRUPTED_ATTEMPT_ERROR,
    disableCutoff,
  ];
}

/** The outcome of each record, in order: undefined when its lease was taken over (nothing written). */
export function writtenOf(
  records: readonly AttemptRecord[],
  rows: readonly WrittenRow[],
): (WrittenAttempt | undefined)[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return records.map((rec) => {
    const r = byId.get(rec.deliveryId);
    return r ? { attempt: r.attempt, endpointId: r.endpoint_id, disable: r.disable === true } : undefined;
  });
}

const num = (n: number | null): string | null => (n === null ? null : String(n));
