import type { Database, Sql } from '@tender/platform';
import { decodeCursor, encodeCursor, FROM_CURSOR_SQL } from '../email/cursor.ts';
import { AgentError } from '../http/errors.ts';

/**
 * Durable event operations: reading (list, get), acknowledging (REST ack, ack-all, socket ack) and the delivery
 * lease protocol (claim, renew, release), expiry and failure. Every statement is scoped by the tenant taken from the
 * credentials, never from input.
 *
 * Statements that update several rows and may wait for row locks (socket acks, ack-all, renewal, release) lock
 * them in event_id order first, so they can never deadlock with each other; claims and sweeps never wait (SKIP
 * LOCKED).
 *
 * The lease protocol, exactly:
 *
 *  - An event is OPEN while its status is pending or delivered and it has not expired. It is EXPIRED once
 *    `coalesce(expires_at, created_at + retention) <= now`, whether or not the sweep has written status expired yet:
 *    every statement below applies that predicate, so an expired event is never claimed, acknowledged or replayed.
 *  - claim(tenant, token, n): takes up to n open events of the tenant that have no live lease
 *    (`lease_expires_at is null or <= now`) and fewer than maxAttempts attempts, oldest first (created_at,
 *    event_id), skipping rows another claimer has locked. Each becomes status delivered, delivered_at set the first
 *    time, lease_token = token, lease_expires_at = now + leaseMs, attempts + 1. Hence at most one live lease exists
 *    per event at any instant: two sockets never hold one event at once, and a second socket cannot double-deliver.
 *  - renew(tokens): extends the LIVE leases of the given tokens only. A lease that ran out stays out: renewing it
 *    could revive a lease another socket has taken since.
 *  - release(token): the socket closed; its leases end now (lease_token null). The events stay delivered and
 *    replayable, and are claimed again at once.
 *  - socket ack(tenant, event, token): acknowledges iff the event is the tenant's, open or failed, not expired, and
 *    either the token holds its live lease, or no lease is recorded at all (never delivered, or released by a closed
 *    socket). An ack under a lease that ran out (a late ack), or while another socket holds the lease, changes
 *    nothing and is answered LEASE_EXPIRED; the event is delivered again and that delivery can be acknowledged.
 *  - REST ack / ack-all(tenant): acknowledges regardless of leases (the agent says it has handled the event durably).
 *  - Acknowledgement is idempotent and final: acknowledged rows keep acknowledged_at and carry no lease.
 *  - expire: open events past their expiry become expired. fail: open events without a live lease whose attempts
 *    reached maxAttempts become failed (listable, and acknowledgeable over REST, never delivered again).
 */

/** NOTIFY channel of event wake-ups (`Database.channel(EVENTS_CHANNEL)`): `n:<tenant>` new or released events, `a:<tenant>` REST acknowledgements. */
export const EVENTS_CHANNEL = 'agent_events';
/**
 * The same channel as the insert trigger derives it (migration 0100): the gateway checks at start that it equals
 * `db.channel(EVENTS_CHANNEL)`, so a change of the namespacing rule fails loudly instead of losing wake-ups.
 */
export const EVENTS_CHANNEL_SQL = `(case when current_schema() = 'public' then 'agent_events' else current_schema() || '__agent_events' end)`;

/**
 * Run inside a producer's transaction to skip the insert trigger's NOTIFY (migration 0101); the producer then calls
 * `wakeTenants` after its commit. For producers writing many single-event transactions; see the migration for why.
 */
export const SKIP_INSERT_NOTIFY_SQL = `set local tender.events_notify = 'off'`;

/** Wakes the gateways holding sockets of these tenants (`n:<tenant>`), in a transaction of its own. */
export async function wakeTenants(db: Database, tenantIds: readonly string[]): Promise<void> {
  await notify(
    db,
    db.channel(EVENTS_CHANNEL),
    [...new Set(tenantIds)].map((t) => `n:${t}`),
  );
}

export const EVENT_STATUSES = ['pending', 'delivered', 'acknowledged', 'expired', 'failed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Delivery policy, from configuration (EVENTS_LEASE_MS, EVENTS_RETENTION_DAYS, EVENTS_MAX_ATTEMPTS). */
export interface EventPolicy {
  leaseMs: number;
  retentionSeconds: number;
  maxAttempts: number;
}

/** A durable event as agents see it (REST and `event.delivery` frames). */
export interface EventRecord {
  eventId: string;
  type: string;
  status: EventStatus;
  createdAt: string;
  deliveredAt: string | null;
  acknowledgedAt: string | null;
  /** When it expires unless acknowledged (created + retention, or an explicit expiry). */
  expiresAt: string;
  source: string;
  service: string | null;
  resourceId: string | null;
  agentId: string | null;
  /** Socket deliveries so far; above 1 means this is a redelivery. */
  attempts: number;
  /** `{type, eventId, ...fields}`: never a message body or attachment. */
  payload: Record<string, unknown>;
}

interface EventRow {
  event_id: string;
  tenant_id: string;
  type: string;
  status: EventStatus;
  created_at: Date;
  delivered_at: Date | null;
  acknowledged_at: Date | null;
  expires_at: Date;
  source: string;
  service: string | null;
  resource_id: string | null;
  agent_id: string | null;
  attempts: number;
  payload: Record<string, unknown>;
  created_us: string;
}

/** An event claimed for one socket; `order` sorts claims as the database orders events. */
export interface ClaimedEvent {
  record: EventRecord;
  tenantId: string;
  createdUs: bigint;
}

/**
 * The clock of a statement: the database's (shared by every process) unless a test pins it. `$n` is the parameter
 * index of the optional override.
 */
const clock = (n: number) => `coalesce($${n}::timestamptz, now())`;
/** The instant an event expires, given the retention parameter `$r` (seconds). */
const expiry = (r: number) => `coalesce(e.expires_at, e.created_at + ($${r}::double precision * interval '1 second'))`;
/** Status as agents see it: open events past their expiry are expired even before the sweep writes it. */
const effectiveStatus = (r: number, now: string) =>
  `(case when e.status in ('pending', 'delivered') and ${expiry(r)} <= ${now} then 'expired' else e.status end)`;
const columns = (r: number, now: string) => `e.event_id, e.tenant_id, e.type, ${effectiveStatus(r, now)} as status,
  e.created_at, e.delivered_at, e.acknowledged_at, ${expiry(r)} as expires_at, e.source, e.service, e.resource_id,
  e.agent_id, e.attempts, e.payload, (extract(epoch from e.created_at) * 1000000)::bigint::text as created_us`;

function toRecord(r: EventRow): EventRecord {
  return {
    eventId: r.event_id,
    type: r.type,
    status: r.status,
    createdAt: r.created_at.toISOString(),
    deliveredAt: r.delivered_at?.toISOString() ?? null,
    acknowledgedAt: r.acknowledged_at?.toISOString() ?? null,
    expiresAt: r.expires_at.toISOString(),
    source: r.source,
    service: r.service,
    resourceId: r.resource_id,
    agentId: r.agent_id,
    attempts: Number(r.attempts),
    payload: r.payload,
  };
}

/** Database order: created_at (microseconds), then event_id. */
export function byEventOrder(a: ClaimedEvent, b: ClaimedEvent): number {
  if (a.createdUs !== b.createdUs) return a.createdUs < b.createdUs ? -1 : 1;
  return a.record.eventId < b.record.eventId ? -1 : a.record.eventId > b.record.eventId ? 1 : 0;
}

export interface ListFilter {
  /** One status or several; default: the open ones (pending, delivered), which is what replay needs. */
  status?: EventStatus | EventStatus[] | undefined;
  types?: string[] | undefined;
  agentId?: string | undefined;
  service?: string | undefined;
  resourceId?: string | undefined;
  /** createdAt >= from */
  from?: string | undefined;
  /** createdAt < to */
  to?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

export const DEFAULT_LIST_STATUSES: readonly EventStatus[] = ['pending', 'delivered'];

/** Events of the tenant in delivery order (createdAt, eventId), one keyset page at a time. */
export async function listEvents(
  sql: Sql,
  policy: EventPolicy,
  tenantId: string,
  f: ListFilter,
  at?: Date,
): Promise<{ events: EventRecord[]; nextCursor: string | null }> {
  const statuses =
    f.status === undefined ? [...DEFAULT_LIST_STATUSES] : Array.isArray(f.status) ? f.status : [f.status];
  const limit = f.limit ?? 50;
  const cursor = f.cursor ? decodeCursor(f.cursor) : null;
  // Only open statuses asked: say so literally, so the planner can use the partial index of open events.
  const openOnly = statuses.every((s) => s === 'pending' || s === 'delivered');
  const now = clock(12);
  const rows = await sql.query<EventRow>(
    `select ${columns(13, now)}
       from agent_events e
      where e.tenant_id = $1
        ${openOnly ? `and e.status in ('pending', 'delivered')` : ''}
        and ${effectiveStatus(13, now)} = any($2::text[])
        and ($3::text[] is null or e.type = any($3::text[]))
        and ($4::text is null or e.agent_id = $4)
        and ($5::text is null or e.service = $5)
        and ($6::text is null or e.resource_id = $6)
        and ($7::timestamptz is null or e.created_at >= $7)
        and ($8::timestamptz is null or e.created_at < $8)
        and ($9::text is null or (e.created_at, e.event_id) > (${FROM_CURSOR_SQL('$9')}, $10::uuid))
      order by e.created_at, e.event_id
      limit $11`,
    [
      tenantId,
      statuses,
      f.types && f.types.length ? f.types : null,
      f.agentId ?? null,
      f.service ?? null,
      f.resourceId ?? null,
      f.from ?? null,
      f.to ?? null,
      cursor?.us ?? null,
      cursor?.id ?? null,
      limit + 1,
      at ?? null,
      policy.retentionSeconds,
    ],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    events: page.map(toRecord),
    nextCursor: rows.length > limit && last ? encodeCursor(last.created_us, last.event_id) : null,
  };
}

/** One event of the tenant, or null (unknown, or another tenant's: eventNotFound tells them apart). */
export async function getEvent(
  sql: Sql,
  policy: EventPolicy,
  tenantId: string,
  eventId: string,
  at?: Date,
): Promise<EventRecord | null> {
  const rows = await sql.query<EventRow>(
    `select ${columns(4, clock(3))} from agent_events e where e.tenant_id = $1 and e.event_id = $2`,
    [tenantId, eventId, at ?? null, policy.retentionSeconds],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * The error for an event id the tenant does not have: RESOURCE_NOT_OWNED when it is another tenant's (as for
 * mailboxes; the id is a random UUID, so saying it exists discloses nothing usable), RESOURCE_NOT_FOUND otherwise.
 */
export async function eventNotFound(sql: Sql, eventId: string): Promise<AgentError> {
  const rows = await sql.query(`select 1 from agent_events where event_id = $1`, [eventId]);
  return rows.length
    ? new AgentError('RESOURCE_NOT_OWNED', `Event ${eventId} belongs to another tenant; use one of yours`)
    : new AgentError('RESOURCE_NOT_FOUND', `No event ${eventId}; list events to refresh`);
}

/**
 * REST acknowledgement: regardless of leases, idempotent. Returns the event afterwards and whether this call
 * acknowledged it. Unknown → RESOURCE_NOT_FOUND; another tenant's → RESOURCE_NOT_OWNED; expired → EVENT_EXPIRED (nothing changes).
 */
export async function ackEvent(
  sql: Sql,
  policy: EventPolicy,
  tenantId: string,
  eventId: string,
  at?: Date,
): Promise<{ event: EventRecord; changed: boolean }> {
  const now = clock(3);
  const changed = await sql.query(
    `update agent_events e
        set status = 'acknowledged', acknowledged_at = ${now}, lease_token = null, lease_expires_at = null
      where e.tenant_id = $1 and e.event_id = $2 and e.status in ('pending', 'delivered', 'failed')
        and ${expiry(4)} > ${now}
      returning e.event_id`,
    [tenantId, eventId, at ?? null, policy.retentionSeconds],
  );
  const event = await getEvent(sql, policy, tenantId, eventId, at);
  if (!event) throw await eventNotFound(sql, eventId);
  if (event.status === 'expired') {
    throw new AgentError('EVENT_EXPIRED', `Event ${eventId} expired unacknowledged at ${event.expiresAt}`);
  }
  return { event, changed: changed.length > 0 };
}

/** Acknowledges every open or failed, unexpired event of the tenant created before `before`. Returns the count. */
export async function ackAllEvents(
  sql: Sql,
  policy: EventPolicy,
  tenantId: string,
  f: { before: string; types?: string[] | undefined; service?: string | undefined },
  at?: Date,
): Promise<number> {
  const now = clock(5);
  const rows = await sql.query(
    `with locked as (
       select e.event_id from agent_events e
        where e.tenant_id = $1 and e.status in ('pending', 'delivered', 'failed') and e.created_at < $2
          and ($3::text[] is null or e.type = any($3::text[]))
          and ($4::text is null or e.service = $4)
          and ${expiry(6)} > ${now}
        order by e.event_id
        for update
     )
     update agent_events e
        set status = 'acknowledged', acknowledged_at = ${now}, lease_token = null, lease_expires_at = null
       from locked
      where e.event_id = locked.event_id and e.status in ('pending', 'delivered', 'failed')
      returning e.event_id`,
    [
      tenantId,
      f.before,
      f.types && f.types.length ? f.types : null,
      f.service ?? null,
      at ?? null,
      policy.retentionSeconds,
    ],
  );
  return rows.length;
}

/** Claims up to `limit` deliverable events of the tenant for the socket holding `leaseToken` (see the protocol). */
export async function claimForDelivery(
  sql: Sql,
  policy: EventPolicy,
  p: ClaimRequest,
  at?: Date,
): Promise<ClaimedEvent[]> {
  return (await claimBatch(sql, policy, [p], at))[0] ?? [];
}

export interface ClaimRequest {
  tenantId: string;
  leaseToken: string;
  limit: number;
}

/**
 * Several claims in one statement (the gateway batches the tenants woken within one tick): per request, the same
 * claim as above. At most one request per tenant: within one statement a row locked by an earlier request is not
 * "locked by another transaction", so two requests of one tenant could take the same event. Results per request,
 * each in delivery order.
 */
export async function claimBatch(
  sql: Sql,
  policy: EventPolicy,
  requests: readonly ClaimRequest[],
  at?: Date,
): Promise<ClaimedEvent[][]> {
  const live = requests.filter((r) => r.limit > 0);
  if (new Set(live.map((r) => r.tenantId)).size !== live.length) throw new Error('claimBatch: one request per tenant');
  if (live.length === 0) return requests.map(() => []);
  const now = clock(4);
  const rows = await sql.query<EventRow & { lease_token: string }>(
    `with r as (
       select * from unnest($1::uuid[], $2::uuid[], $3::int[]) as r(tenant_id, lease_token, lim)
     ),
     c as (
       select x.event_id, r.lease_token from r
        cross join lateral (
          select e.event_id from agent_events e
           where e.tenant_id = r.tenant_id and e.status in ('pending', 'delivered')
             and (e.lease_expires_at is null or e.lease_expires_at <= ${now})
             and e.attempts < $5
             and ${expiry(6)} > ${now}
           order by e.created_at, e.event_id
           limit r.lim
           for update skip locked
        ) x
     )
     update agent_events e
        set status = 'delivered', delivered_at = coalesce(e.delivered_at, ${now}), lease_token = c.lease_token,
            lease_expires_at = ${now} + ($7::double precision * interval '1 millisecond'), attempts = e.attempts + 1
       from c
      where e.event_id = c.event_id
      returning ${columns(6, now)}, e.lease_token`,
    [
      live.map((r) => r.tenantId),
      live.map((r) => r.leaseToken),
      live.map((r) => r.limit),
      at ?? null,
      policy.maxAttempts,
      policy.retentionSeconds,
      policy.leaseMs,
    ],
  );
  const byToken = new Map<string, ClaimedEvent[]>();
  for (const r of rows) {
    const list = byToken.get(r.lease_token) ?? [];
    list.push({ record: toRecord(r), tenantId: r.tenant_id, createdUs: BigInt(r.created_us) });
    byToken.set(r.lease_token, list);
  }
  return requests.map((req) => (req.limit > 0 ? (byToken.get(req.leaseToken) ?? []).sort(byEventOrder) : []));
}

export interface SocketAck {
  tenantId: string;
  eventId: string;
  leaseToken: string;
}

export type SocketAckResult = 'acknowledged' | 'not_found' | 'not_owned' | 'expired' | 'lease_expired';

/**
 * Socket acknowledgements, many in one statement (the gateway batches them per tick). Each is accepted iff its
 * token holds the event's live lease or no lease is recorded; otherwise nothing changes (see the protocol). The
 * result per ack: acknowledged (now or before: idempotent), not_found, not_owned (another tenant's), expired,
 * lease_expired.
 */
export async function ackDelivered(
  sql: Sql,
  policy: EventPolicy,
  acks: readonly SocketAck[],
  at?: Date,
): Promise<SocketAckResult[]> {
  if (acks.length === 0) return [];
  const now = clock(4);
  const rows = await sql.query<{ i: number; status: EventStatus | null; other_tenant: boolean }>(
    `with a as (
       select * from unnest($1::uuid[], $2::uuid[], $3::uuid[]) with ordinality as a(tenant_id, event_id, lease_token, i)
     ),
     locked as (
       select e.event_id from agent_events e
        where (e.tenant_id, e.event_id) in (select a.tenant_id, a.event_id from a)
        order by e.event_id
        for update
     ),
     done as (
       update agent_events e
          set status = 'acknowledged', acknowledged_at = ${now}, lease_token = null, lease_expires_at = null
         from a
        where e.event_id = a.event_id and e.tenant_id = a.tenant_id
          and e.event_id in (select event_id from locked)
          and e.status in ('pending', 'delivered', 'failed')
          and ${expiry(5)} > ${now}
          and ((e.lease_token = a.lease_token and e.lease_expires_at > ${now}) or e.lease_token is null)
        returning e.event_id, e.tenant_id
     )
     select a.i::int as i,
            case when d.event_id is not null then 'acknowledged' else ${effectiveStatus(5, now)} end as status,
            e.event_id is null and exists (select 1 from agent_events x where x.event_id = a.event_id) as other_tenant
       from a
       left join done d on d.event_id = a.event_id and d.tenant_id = a.tenant_id
       left join agent_events e on e.event_id = a.event_id and e.tenant_id = a.tenant_id
      order by a.i`,
    [
      acks.map((a) => a.tenantId),
      acks.map((a) => a.eventId),
      acks.map((a) => a.leaseToken),
      at ?? null,
      policy.retentionSeconds,
    ],
  );
  // The outer select reads the snapshot from before the update: a row it changed reads as before, hence `done`.
  return rows.map((r) => {
    // Another tenant's event is named as REST names it (eventNotFound): RESOURCE_NOT_OWNED, not unknown.
    if (r.status === null) return r.other_tenant ? 'not_owned' : 'not_found';
    if (r.status === 'acknowledged') return 'acknowledged';
    if (r.status === 'expired') return 'expired';
    return 'lease_expired';
  });
}

/** Extends the live leases of these tokens; returns the events still held (by token). */
export async function renewLeases(
  sql: Sql,
  policy: EventPolicy,
  tokens: readonly string[],
  at?: Date,
): Promise<{ eventId: string; leaseToken: string }[]> {
  if (tokens.length === 0) return [];
  const now = clock(2);
  const rows = await sql.query<{ event_id: string; lease_token: string }>(
    `with locked as (
       select e.event_id from agent_events e
        where e.lease_token = any($1::uuid[]) and e.status = 'delivered' and e.lease_expires_at > ${now}
        order by e.event_id
        for update
     )
     update agent_events e
        set lease_expires_at = ${now} + ($3::double precision * interval '1 millisecond')
       from locked
      where e.event_id = locked.event_id and e.lease_token = any($1::uuid[]) and e.status = 'delivered'
        and e.lease_expires_at > ${now}
      returning e.event_id, e.lease_token`,
    [tokens, at ?? null, policy.leaseMs],
  );
  return rows.map((r) => ({ eventId: r.event_id, leaseToken: r.lease_token }));
}

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

/** Sends NOTIFY payloads on one channel in one statement (so in order, at its commit). */
export async function notify(sql: Sql, channel: string, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  await sql.query(`select pg_notify($1, p)::text from unnest($2::text[]) as p`, [channel, payloads]);
}

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

/** An event that can never cross the socket (its frame exceeds the limit) becomes failed, if this lease holds it. */
export async function failLeased(sql: Sql, eventId: string, leaseToken: string, reason: string): Promise<boolean> {
  const rows = await sql.query(
    `update agent_events set status = 'failed', lease_token = null, lease_expires_at = null, last_error = $3
      where event_id = $1 and lease_token = $2 and status = 'delivered'
      returning event_id`,
    [eventId, leaseToken, reason],
  );
  return rows.length > 0;
}

/** Which of these events (held in flight by a socket) are acknowledged now: REST ack, ack-all. */
export async function acknowledgedAmong(sql: Sql, tenantId: string, eventIds: readonly string[]): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const rows = await sql.query<{ event_id: string }>(
    `select event_id from agent_events where tenant_id = $1 and event_id = any($2::uuid[]) and status = 'acknowledged'`,
    [tenantId, eventIds],
  );
  return rows.map((r) => r.event_id);
}
