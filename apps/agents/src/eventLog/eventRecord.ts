// The durable event log of the agents (table agent_events): the shapes every action shares. One SQL action per
// file beside this one (as packages/platform/src/jobs).
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

/**
 * NOTIFY channel of event wake-ups (`Database.channel(EVENTS_CHANNEL)`): `n:<tenant>` new or released events
 * (`n:<tenant>/<origin>` from a process's waker, wakeAfterCommit), `a:<tenant>` REST acknowledgements.
 */
export const EVENTS_CHANNEL = 'agent_events';

/**
 * The same channel as the insert trigger derives it (migration 0100): the gateway checks at start that it equals
 * `db.channel(EVENTS_CHANNEL)`, so a change of the namespacing rule fails loudly instead of losing wake-ups.
 */
export const EVENTS_CHANNEL_SQL = `(case when current_schema() = 'public' then 'agent_events' else current_schema() || '__agent_events' end)`;

/**
 * Run inside a transaction to have the insert trigger NOTIFY at its commit (migration 0440; off by default, since
 * such commits are serialised: see wakeAfterCommit). For writers that cannot call wakeAfterCommit; benchmarks compare.
 */
export const IN_COMMIT_NOTIFY_SQL = `set local tender.events_notify = 'on'`;

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

export interface EventRow {
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
export const clock = (n: number) => `coalesce($${n}::timestamptz, now())`;

/** The instant an event expires, given the retention parameter `$r` (seconds). */
export const expiry = (r: number) =>
  `coalesce(e.expires_at, e.created_at + ($${r}::double precision * interval '1 second'))`;

/** Status as agents see it: open events past their expiry are expired even before the sweep writes it. */
export const effectiveStatus = (r: number, now: string) =>
  `(case when e.status in ('pending', 'delivered') and ${expiry(r)} <= ${now} then 'expired' else e.status end)`;

export const columns = (
  r: number,
  now: string,
) => `e.event_id, e.tenant_id, e.type, ${effectiveStatus(r, now)} as status,
  e.created_at, e.delivered_at, e.acknowledged_at, ${expiry(r)} as expires_at, e.source, e.service, e.resource_id,
  e.agent_id, e.attempts, e.payload, (extract(epoch from e.created_at) * 1000000)::bigint::text as created_us`;

export function toRecord(r: EventRow): EventRecord {
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
