import type { Database, Logger } from '@tender/platform';
import {
  acknowledgedAmong,
  claimBatch,
  expireAndFailEvents,
  failLeased,
  releaseLeases,
  renewLeases,
  tenantsWithDeliverable,
  type ClaimedEvent,
  type EventPolicy,
  type EventRecord,
} from '../eventLog/index.ts';
import { MAX_FRAME_BYTES, type ServerFrame } from './protocol.ts';
import { pruneRealtimeTokens } from './realtimeTokens.ts';
import type { Session, TenantHub } from './session.ts';

/**
 * Where a tenant's events are on their way to a socket: `woken` the tenant was asked to claim (NOTIFY, a freed
 * window, a new socket, a sweep), `claim.start` and `claim.end` bound the claim statement that includes it, `written`
 * the last frame of the events it claimed was handed to the kernel.
 */
export type DeliveryPoint = 'woken' | 'claim.start' | 'claim.end' | 'written';

/**
 * Test and benchmark hooks, never set in production. Fault injection for the crash tests (a child process SIGKILLs
 * itself at these points): `afterClaim`, the events are leased to a socket and not sent yet; `afterSend`, their
 * frames were written. `probe`: the events benchmark's stage timestamps (bench/events). At most one claim per tenant
 * is in flight, so per tenant the points come in order: woken… claim.start, claim.end, written.
 */
export interface RealtimeHooks {
  afterClaim?(events: readonly EventRecord[]): void;
  afterSend?(events: readonly EventRecord[]): void;
  probe?(point: DeliveryPoint, tenantId: string, events?: readonly EventRecord[]): void;
}

export interface EventDeliveryDeps {
  db: Database;
  log: Logger;
  policy: EventPolicy;
  /** The events NOTIFY channel: a lease release wakes the other processes' claims on it. */
  channel: string;
  maxInFlight: number;
  hooks?: RealtimeHooks | undefined;
  /** Every socket of this process, and the open ones by tenant (the gateway's; read only here). */
  sessions: ReadonlySet<Session>;
  tenants: ReadonlyMap<string, TenantHub>;
  /** The gateway is stopping: nothing more is claimed. */
  stopping(): boolean;
}

/** Leases events to this process's sockets and sends them as event.delivery frames (the lease protocol: eventLog/eventRecord.ts). */
export interface EventDelivery {
  /** The tenant may have events to deliver (a NOTIFY, a new socket, a sweep): it claims in the next statement. */
  pump(tenantId: string): void;
  /** An acknowledgement freed room on a socket of the tenant: it claims again if a full window held events back. */
  windowFreed(tenantId: string): void;
  /** The socket closed: its leases end now. */
  release(s: Session): void;
  /** Renews the leases of every socket holding events. */
  renew(): Promise<void>;
  /** One sweep: lease renewal, redelivery, expiry (and realtime token pruning). Sweeps never overlap. */
  sweep(opts?: { expire?: boolean }): Promise<void>;
  /** Waits for the claim statement, lease releases and sweep in flight (after `stopping()` turned true). */
  settle(): Promise<void>;
}

/** Events per socket per claim (also the largest burst one socket gets before its next claim). */
const CLAIM_BATCH = 200;
/** Tenants per claim statement. */
const MAX_CLAIMS_PER_STATEMENT = 500;
/**
 * Claim statements in flight per process (for disjoint sets of tenants). One, measured: with two, the producers of
 * single-event transactions fell behind under the default wake-up of the time (the insert trigger's NOTIFY, whose
 * commits PostgreSQL serialises; producers wake after their commit since migration 0440): bench/events at 1,000 events/s reached 605-829/s with seconds of lag, against 1,000/s and
 * p99 28-120 ms with one (2026-11-26, alternated runs). The code keeps the sets disjoint for any value.
 */
const MAX_CLAIM_STATEMENTS = 1;
/** A socket whose unsent buffer exceeds this gets nothing more until it drains (slow consumers cost no memory). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Expiry and token pruning run at most this often, whatever the sweep interval. */
const EXPIRY_EVERY_MS = 60_000;

export function createEventDelivery(deps: EventDeliveryDeps): EventDelivery {
  const { db, log, policy, channel, sessions, tenants } = deps;
  const closing = new Set<Promise<unknown>>();
  let sweeping: Promise<void> | null = null;
  let lastExpiry = 0;

  /**
   * Claims are batched per process: every tenant woken since its last claim statement started (NOTIFY,
   * acknowledgements that freed a full window, new sockets, sweeps) gets one request in the next statement, for one
   * of its sockets with room. Up to MAX_CLAIM_STATEMENTS statements are in flight, for disjoint sets of tenants: a
   * tenant is in at most one (`claimingTenants`), and a window is one socket's and a socket one tenant's, so a
   * socket's room is read again only after its claim came back and its window is never over-committed. A wake-up
   * thus waits for a statement in flight only when all are busy or its own tenant is in one. A tenant whose request
   * came back full is claimed again in the next statement.
   *
   * An acknowledgement claims again only when a socket of its tenant had no room at the tenant's last claim
   * (`hub.windowFull`): every socket with room then either took what the inbox held (fewer than asked), or is
   * claimed again (a full batch, a replay still going). Otherwise a claim after each acknowledgement finds nothing
   * and doubles the claim statements (and what each wake-up waits for) at a steady trickle of events.
   */
  const wanted = new Set<string>();
  const claimingTenants = new Set<string>();
  const claimRuns = new Set<Promise<void>>();
  let claimScheduled = false;

  function pump(tenantId: string): void {
    if (deps.stopping() || !tenants.has(tenantId)) return;
    wanted.add(tenantId);
    deps.hooks?.probe?.('woken', tenantId);
    scheduleClaims();
  }

  function scheduleClaims(): void {
    if (claimRuns.size >= MAX_CLAIM_STATEMENTS || claimScheduled || wanted.size === 0 || deps.stopping()) return;
    claimScheduled = true;
    setImmediate(() => {
      claimScheduled = false;
      const run: Promise<void> = runClaims()
        .catch((err: unknown) => {
          log.error({ err }, 'event claims failed');
          return true;
        })
        .then((ran) => {
          claimRuns.delete(run);
          // Only after a statement: a run that found every wanted tenant in flight waits for those statements.
          if (ran) scheduleClaims();
        });
      claimRuns.add(run);
    });
  }

  const room = (s: Session) =>
    s.state === 'open' && s.ws.bufferedAmount <= MAX_BUFFERED_BYTES
      ? Math.min(deps.maxInFlight - s.inFlight.size, CLAIM_BATCH)
      : 0;

  /** The socket of the tenant that claims next: one still replaying first, then in rotation; null when none has room. */
  function pickForClaim(hub: TenantHub): Session | null {
    const n = hub.sessions.length;
    hub.windowFull = hub.sessions.some((s) => room(s) <= 0);
    let fallback: Session | null = null;
    for (let k = 0; k < n; k++) {
      const s = hub.sessions[(hub.rr + k) % n]!;
      if (room(s) <= 0) continue;
      if (!s.replayDone) return s;
      fallback ??= s;
    }
    hub.rr = (hub.rr + 1) % Math.max(1, n);
    return fallback;
  }

  /** One claim statement for the wanted tenants not in one already; false when there were none. */
  async function runClaims(): Promise<boolean> {
    if (deps.stopping()) return false;
    const picks: { s: Session; hub: TenantHub; tenantId: string; limit: number }[] = [];
    for (const tenantId of wanted) {
      if (picks.length >= MAX_CLAIMS_PER_STATEMENT) break;
      if (claimingTenants.has(tenantId)) continue; // stays wanted: claims once its statement came back
      wanted.delete(tenantId);
      const hub = tenants.get(tenantId);
      const s = hub && pickForClaim(hub);
      if (hub && s) picks.push({ s, hub, tenantId, limit: room(s) });
    }
    if (picks.length === 0) return false;
    for (const p of picks) claimingTenants.add(p.tenantId);
    try {
      const probe = deps.hooks?.probe;
      if (probe) for (const p of picks) probe('claim.start', p.tenantId);
      let results: ClaimedEvent[][];
      try {
        results = await claimBatch(
          db,
          policy,
          picks.map((p) => ({ tenantId: p.tenantId, leaseToken: p.s.leaseToken, limit: p.limit })),
        );
        if (probe)
          results.forEach((r, i) =>
            probe(
              'claim.end',
              picks[i]!.tenantId,
              r.map((c) => c.record),
            ),
          );
      } catch (err) {
        log.error({ err }, 'cannot read the event inbox');
        for (const p of picks) deferReplay(p.hub); // the sweep tries again
        return true;
      }
      for (let i = 0; i < picks.length; i++) {
        const { s, hub, tenantId, limit } = picks[i]!;
        const claimed = results[i] ?? [];
        if (claimed.length) {
          s.claimed = true;
          deps.hooks?.afterClaim?.(claimed.map((c) => c.record));
        }
        if (s.state !== 'open') {
          if (claimed.length === 0) continue;
          // Closed while claiming: its release may have run before this claim committed. Release again so the
          // events go to another socket now rather than after the lease.
          await releaseLeases(db, s.leaseToken, channel).catch((err: unknown) => log.warn({ err }, 'release failed'));
          continue;
        }
        deliver(s, claimed);
        if (claimed.length === limit)
          wanted.add(tenantId); // there may be more
        else {
          if (!s.replayDone) completeReplay(s);
          // Another socket of the tenant still waits for its replay (and has room): it claims next.
          if (hub.sessions.some((x) => !x.replayDone && room(x) > 0)) wanted.add(tenantId);
        }
      }
      return true;
    } finally {
      for (const p of picks) claimingTenants.delete(p.tenantId);
    }
  }

  function deliver(s: Session, claimed: readonly ClaimedEvent[]): void {
    const sent: EventRecord[] = [];
    for (const c of claimed) {
      const frame: ServerFrame = { type: 'event.delivery', event: c.record };
      const text = JSON.stringify(frame);
      if (Buffer.byteLength(text, 'utf8') > MAX_FRAME_BYTES) {
        // Can never cross the socket: failed (listable and acknowledgeable over REST), never retried here.
        void failLeased(db, c.record.eventId, s.leaseToken, `event frame exceeds ${MAX_FRAME_BYTES} bytes`).catch(
          (err: unknown) => log.warn({ err }, 'cannot mark oversized event failed'),
        );
        continue;
      }
      s.inFlight.add(c.record.eventId);
      if (!s.replayDone) s.replayed++;
      sent.push(c.record);
      const last = sent.length === claimed.length;
      const hooks = last ? deps.hooks : undefined;
      s.ws.send(
        text,
        hooks?.afterSend || hooks?.probe
          ? () => {
              hooks.afterSend?.(sent);
              hooks.probe?.('written', s.tenantId, sent);
            }
          : undefined,
      );
    }
  }

  function completeReplay(s: Session): void {
    s.replayDone = true;
    s.send({ type: 'session.replay.complete', replay: 'complete', replayed: s.replayed });
  }

  /** The inbox cannot be read: sockets still replaying are told so; their events come with a later sweep. */
  function deferReplay(hub: TenantHub): void {
    for (const s of hub.sessions) {
      if (s.state !== 'open' || s.replayDone) continue;
      s.replayDone = true;
      s.error(
        'REPLAY_UNAVAILABLE',
        'The event inbox cannot be read now; events are delivered once it can (or list them over REST)',
      );
      s.send({ type: 'session.replay.complete', replay: 'deferred', replayed: s.replayed });
    }
  }

  function release(s: Session): void {
    if (!s.claimed) return;
    // Its leases end now: the events stay delivered and go to the tenant's other sockets (or the next one) at once.
    const p = releaseLeases(db, s.leaseToken, channel)
      .catch((err: unknown) => log.warn({ err }, 'lease release failed; the leases run out instead'))
      .finally(() => closing.delete(p));
    closing.add(p);
  }

  // --- sweeps

  async function renew(): Promise<void> {
    const holding = [...sessions].filter((s) => s.state === 'open' && s.inFlight.size > 0);
    if (holding.length === 0) return;
    const before = new Map(holding.map((s) => [s, [...s.inFlight]]));
    const held = await renewLeases(
      db,
      policy,
      holding.map((s) => s.leaseToken),
    );
    const still = new Set(held.map((h) => `${h.leaseToken}/${h.eventId}`));
    for (const [s, ids] of before) {
      const gone = ids.filter((id) => !still.has(`${s.leaseToken}/${id}`));
      if (gone.length === 0) continue;
      // A lease no longer held was either acknowledged over REST meanwhile (its NOTIFY may find the event already
      // out of the window: the socket is told here, once, by whichever removes it first) or ran out (a stalled
      // process): either way the window is freed; the acks of the latter would be refused.
      const acked = new Set(await acknowledgedAmong(db, s.tenantId, gone));
      for (const id of gone) {
        if (s.inFlight.delete(id) && acked.has(id)) s.send({ type: 'event.acknowledged', eventId: id });
      }
    }
  }

  async function sweepOnce(opts: { expire?: boolean } = {}): Promise<void> {
    await renew();
    const local = [...tenants.keys()];
    for (const t of await tenantsWithDeliverable(db, policy, local)) pump(t);
    for (const [t, hub] of tenants) {
      if (hub.sessions.some((s) => s.state === 'open' && !s.replayDone)) pump(t); // deferred replays
    }
    const now = Date.now();
    if (opts.expire ?? now - lastExpiry >= EXPIRY_EVERY_MS) {
      lastExpiry = now;
      const r = await expireAndFailEvents(db, policy);
      if (r.expired || r.failed) log.info(r, 'events expired or failed');
      await pruneRealtimeTokens(db);
    }
  }

  function sweep(opts: { expire?: boolean } = {}): Promise<void> {
    if (sweeping) return sweeping.then(() => sweepOnce(opts));
    sweeping = sweepOnce(opts).finally(() => {
      sweeping = null;
    });
    return sweeping;
  }

  function windowFreed(tenantId: string): void {
    if (tenants.get(tenantId)?.windowFull) pump(tenantId);
  }

  return {
    pump,
    windowFreed,
    release,
    renew,
    sweep,
    async settle() {
      await Promise.all([...claimRuns]); // statements in flight finish (and release the leases of sockets closed meanwhile)
      await Promise.all([...closing]);
      await sweeping?.catch(() => {});
    },
  };
}
