// Follows the outbox (gateway_events) for the live event streams of this process and hands each subscriber its
// tenant's new events, oldest first, each exactly once per connection.
//
// Invariant: `safeSeq` is a seq such that every event with a smaller or equal seq is either visible or will never
// be. seq comes from an identity column, which hands out numbers at insert, not at commit: a transaction can commit
// seq 11 while seq 10 is still in flight. So the tail advances only through a contiguous run of visible seqs, and
// waits at a hole for `gapTimeoutMs` (a rolled-back insert, or numbers PostgreSQL skipped after a crash, leave holes
// that never fill). An event whose transaction stays open longer than that can be missed by a live stream (never by
// GET /v1/events, which merchants reconcile with); the stream's documentation says so.
//
// Cost: nothing while no stream is open; one index probe per tick while any is, plus one tenant-scoped read per
// subscriber whose tenant had new events.
import type { Logger, Sql } from '@tender/platform';
import type { EventRow } from './event.ts';
import { eventsBetween } from './eventQueries.ts';
import type { Tenant } from '../tenant.ts';

export interface EventSubscriber {
  tenant: Tenant;
  /** Seq of the last event this subscriber was given (or where it resumes from). */
  lastSeq: string;
  /** Receives a batch in seq order; resolves when the subscriber can take more (backpressure). */
  deliver: (events: EventRow[]) => Promise<void>;
}

export interface EventTail {
  /** Registers a subscriber that starts after `lastSeq` (or after the newest event when null); returns unsubscribe. */
  subscribe(s: Omit<EventSubscriber, 'lastSeq'> & { lastSeq: string | null }): Promise<() => void>;
  close(): void;
}

export interface EventTailOptions {
  pollMs?: number;
  gapTimeoutMs?: number;
  /** Largest batch one subscriber is given per read (a resume catches up in batches). */
  batch?: number;
  now?: () => number;
}

export function createEventTail(sql: Sql, logger: Logger, opts: EventTailOptions = {}): EventTail {
  const pollMs = opts.pollMs ?? 200;
  const gapTimeoutMs = opts.gapTimeoutMs ?? 5_000;
  const batch = opts.batch ?? 500;
  const now = opts.now ?? Date.now;
  const subscribers = new Set<EventSubscriber & { busy: boolean }>();
  let safeSeq: bigint | null = null;
  /** The first missing seq the tail waits at, and since when. */
  let hole: { seq: bigint; since: number } | null = null;
  let timer: NodeJS.Timeout | null = null;
  let ticking = false;
  let closed = false;

  async function initialise(): Promise<bigint> {
    const [row] = await sql.query<{ max: string | null }>('select max(seq)::text as max from gateway_events');
    return BigInt(row?.max ?? '0');
  }

  /** Moves safeSeq through the contiguous visible run; returns the tenants that had events in the covered range. */
  async function advance(from: bigint): Promise<{ to: bigint; tenants: Set<string> }> {
    const rows = await sql.query<{ seq: string; merchant_id: string; environment: string }>(
      `select seq::text as seq, merchant_id, environment from gateway_events where seq > $1::bigint order by gateway_events.seq limit 1000`,
      [from.toString()],
    );
    let to = from;
    const tenants = new Set<string>();
    for (const r of rows) {
      const seq = BigInt(r.seq);
      if (seq !== to + 1n) {
        // A hole: wait for it to fill, and give up on it once it is older than the timeout.
        if (!hole || hole.seq !== to + 1n) hole = { seq: to + 1n, since: now() };
        if (now() - hole.since < gapTimeoutMs) break;
        hole = null;
      }
      to = seq;
      tenants.add(`${r.merchant_id}|${r.environment}`);
    }
    if (to !== from && hole && hole.seq <= to) hole = null;
    return { to, tenants };
  }

  async function feed(s: EventSubscriber & { busy: boolean }, upTo: bigint): Promise<void> {
    s.busy = true;
    try {
      while (!closed && subscribers.has(s) && BigInt(s.lastSeq) < upTo) {
        const rows = await eventsBetween(sql, s.tenant, s.lastSeq, upTo.toString(), batch);
        if (rows.length === 0) {
          s.lastSeq = upTo.toString();
          break;
        }
        s.lastSeq = rows[rows.length - 1]!.seq;
        await s.deliver(rows);
      }
    } catch (err) {
      logger.warn({ err }, 'event stream: reading events failed; retrying on the next tick');
    } finally {
      s.busy = false;
    }
  }

  async function tick(): Promise<void> {
    if (ticking || closed || subscribers.size === 0 || safeSeq === null) return;
    ticking = true;
    try {
      const { to, tenants } = await advance(safeSeq);
      const previous = safeSeq;
      safeSeq = to;
      for (const s of subscribers) {
        if (s.busy) continue;
        const behind = BigInt(s.lastSeq) < previous; // a resume still catching up
        const fresh = to > previous && tenants.has(`${s.tenant.merchantId}|${s.tenant.environment}`);
        if (behind || fresh) void feed(s, to);
        else if (BigInt(s.lastSeq) < to) s.lastSeq = to.toString();
      }
    } catch (err) {
      logger.warn({ err }, 'event stream: following the outbox failed; retrying');
    } finally {
      ticking = false;
    }
  }

  return {
    async subscribe(s) {
      if (closed) throw new Error('event tail closed');
      if (safeSeq === null) safeSeq = await initialise();
      const sub = { ...s, lastSeq: s.lastSeq ?? safeSeq.toString(), busy: false };
      subscribers.add(sub);
      timer ??= setInterval(() => void tick(), pollMs);
      if (BigInt(sub.lastSeq) < safeSeq) void feed(sub, safeSeq);
      return () => {
        subscribers.delete(sub);
        if (subscribers.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
          // Idle: start from the newest event again at the next subscription rather than replaying a backlog.
          safeSeq = null;
          hole = null;
        }
      };
    },
    close() {
      closed = true;
      if (timer) clearInterval(timer);
      timer = null;
      subscribers.clear();
    },
  };
}
