import { afterCommit, type Database, type Sql } from '@tender/platform';
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
 * Coalescing: the tenants woken in one process are gathered and sent together, at most one NOTIFY statement in
 * flight and one per WAKE_TICK_MS, so the wake-up's cost does not grow with the commit rate.
 *
 * A wake-up is best effort: one lost (the process crashed after the commit, the NOTIFY failed) delays the event until
 * the gateways' sweep (EVENTS_SWEEP_MS) finds it, never loses it.
 */
export function wakeAfterCommit(sql: Sql, tenantIds: readonly string[]): void {
  if (tenantIds.length === 0) return;
  afterCommit(sql, (db) => wakerOf(db).wake(tenantIds));
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
    wakeTenants(db, batch)
      .catch(() => {}) // best effort: the sweep finds what a lost wake-up leaves (see wakeAfterCommit)
      .finally(() => {
        busy = false;
        kick();
      });
  }

  return {
    wake(tenantIds) {
      for (const t of tenantIds) pending.add(t);
      kick();
    },
  };
}
