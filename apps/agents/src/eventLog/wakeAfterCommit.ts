import { randomBytes } from 'node:crypto';
import { afterCommit, type Database, type Sql } from '@tender/platform';
import { EVENTS_CHANNEL } from './eventRecord.ts';
import { wakeTenants } from './wakeTenants.ts';

/**
 * Shortest time between two wake-up NOTIFYs of one process (and one database). A producer's wake-up waits at most
 * this long, plus the NOTIFY in flight; the database sees at most 1000 / WAKE_TICK_MS wake-up transactions a second
 * from each process, whatever the producers' commit rate.
 */
export const WAKE_TICK_MS = 2;
/** Tenants per NOTIFY statement (the rest go in the next tick). */
const MAX_TENANTS_PER_WAKE = 1_000;

/**
 * Wakes the gateways holding sockets of `tenantIds` once what `sql` wrote is committed (migration 0440: the insert
 * trigger no longer NOTIFYs inside the producer's transaction). This is how every producer of agent_events wakes the
 * gateways (recordEvent calls it).
 *
 * Why not inside the commit: PostgreSQL serialises the commits of transactions that sent NOTIFY (each holds the
 * notification lock through its WAL flush), so one event per transaction bounded every producer of the database to
 * one fsync at a time, and under load producers fell behind by seconds (bench/events). Here the commit holds no
 * lock, and the NOTIFY goes in a transaction of its own, which writes no WAL.
 *
 * Two paths, neither of which the producer waits for:
 *  - in this process: the subscribers of onLocalWake (this process's gateway) are called at the commit, with no
 *    database round trip;
 *  - other processes: the tenants woken in this process are gathered and sent together as `n:<tenant>/<origin>`
 *    on the database's notify connection (outside the pool), at most one NOTIFY statement in flight and one per
 *    WAKE_TICK_MS, so the wake-up's cost does not grow with the commit rate. `origin` names this process: its own
 *    gateways, already woken in process, ignore these.
 *
 * A wake-up is best effort: one lost (the process crashed after the commit, the NOTIFY failed) delays the event until
 * the gateways' sweep (EVENTS_SWEEP_MS) finds it, never loses it.
 */
export function wakeAfterCommit(sql: Sql, tenantIds: readonly string[]): void {
  if (tenantIds.length === 0) return;
  afterCommit(sql, (db) => wakerOf(db).wake(tenantIds));
}

/** A subscription to the wake-ups of this process's producers on one events channel. */
export interface LocalWakes {
  /** This process's origin in its wake-up NOTIFYs (`n:<tenant>/<origin>`): those were delivered in process. */
  readonly origin: string;
  stop(): void;
}

type OnWake = (tenantIds: readonly string[]) => void;

/** This process, in the payloads of its wake-ups. */
const ORIGIN = randomBytes(6).toString('hex');
/**
 * Subscribers by events channel (`db.channel(EVENTS_CHANNEL)`), not by Database object: a producer's Database may be
 * another handle of the same database (a wrapper, another pool; afterCommit hands a transaction's callbacks the
 * Database that opened it), and every commit on the channel's database must reach the gateway whose NOTIFYs from
 * this process are ignored. A handle of another database with the same schema name wakes a gateway in vain (one
 * claim that finds nothing), never loses a wake-up.
 */
const localWakes = new Map<string, Set<OnWake>>();

/**
 * Calls `onWake` with the tenants of every commit on `db`'s events channel that wakes them (wakeAfterCommit), in this
 * process, at the commit. It must not throw and should only schedule work (it runs before the producer's transaction
 * settles).
 */
export function onLocalWake(db: Database, onWake: OnWake): LocalWakes {
  const channel = db.channel(EVENTS_CHANNEL);
  let subs = localWakes.get(channel);
  if (!subs) localWakes.set(channel, (subs = new Set()));
  subs.add(onWake);
  return {
    origin: ORIGIN,
    stop: () => {
      subs.delete(onWake);
      if (subs.size === 0 && localWakes.get(channel) === subs) localWakes.delete(channel);
    },
  };
}

interface Waker {
  wake(tenantIds: readonly string[]): void;
}

const wakers = new WeakMap<Database, Waker>();

function wakerOf(db: Database): Waker {
  let w = wakers.get(db);
  if (!w) wakers.set(db, (w = createWaker(db)));
  return w;
}

function createWaker(db: Database): Waker {
  const channel = db.channel(EVENTS_CHANNEL);
  const pending = new Set<string>();
  let busy = false; // a NOTIFY is scheduled or in flight
  let lastSent = 0;

  function kick(): void {
    if (busy || pending.size === 0) return;
    busy = true;
    const wait = lastSent + WAKE_TICK_MS - performance.now();
    // setImmediate even when due: the wake-ups of the commits completing in this turn of the event loop go together.
    if (wait > 0) setTimeout(send, wait).unref();
    else setImmediate(send).unref();
  }

  function send(): void {
    lastSent = performance.now();
    const batch: string[] = [];
    for (const t of pending) {
      if (batch.length >= MAX_TENANTS_PER_WAKE) break;
      batch.push(t);
      pending.delete(t);
    }
    wakeTenants(db, batch, ORIGIN)
      .catch(() => {}) // best effort: the sweep finds what a lost wake-up leaves (see wakeAfterCommit)
      .finally(() => {
        busy = false;
        kick();
      });
  }

  return {
    wake(tenantIds) {
      for (const fn of localWakes.get(channel) ?? []) {
        try {
          fn(tenantIds);
        } catch (err) {
          process.emitWarning(`local event wake-up threw: ${String(err)}`); // the NOTIFY below still goes
        }
      }
      for (const t of tenantIds) pending.add(t);
      kick();
    },
  };
}
