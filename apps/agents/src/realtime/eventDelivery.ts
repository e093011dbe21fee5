import { vacuumWhenDue, type Database, type Logger } from '@tender/platform';
import {
  claimBatch,
  expireAndFailEvents,
  releaseLeases,
  tenantsWithDeliverable,
  type ClaimedEvent,
  type EventPolicy,
} from '../eventLog/index.ts';
import { pickForClaim, roomOf } from './pickForClaim.ts';
import type { RealtimeHooks } from './realtimeHooks.ts';
import { pruneRealtimeTokens } from './realtimeTokens.ts';
import { renewSocketLeases } from './renewSocketLeases.ts';
import { completeReplay, deferReplay, sendClaimed } from './sendClaimed.ts';
import type { Session, TenantHub } from './session.ts';

export type { DeliveryPoint, RealtimeHooks } from './realtimeHooks.ts';

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
  /**
   * One sweep: lease renewal, redelivery, expiry (and realtime token pruning), and a vacuum of the event log when it
   * is due (vacuumWhenDue). Sweeps never overlap.
   */
  sweep(opts?: { expire?: boolean }): Promise<void>;
  /** Waits for the claim statement, lease releases and sweep in flight (after `stopping()` turned true). */
  settle(): Promise<void>;
}

/** Tenants per claim statement. */
const MAX_CLAIMS_PER_STATEMENT = 500;
/**
 * Claim statements in flight per process (for disjoint sets of tenants). One, measured: with two, the producers of
 * single-event transactions fell behind under the default wake-up of the time (the insert trigger's NOTIFY, whose
 * commits PostgreSQL serialises; producers wake after their commit since migration 0440): bench/events at 1,000 events/s reached 605-829/s with seconds of lag, against 1,000/s and
 * p99 28-120 ms with one (2026-11-26, alternated runs). The code keeps the sets disjoint for any value.
 */
const MAX_CLAIM_STATEMENTS = 1;
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

  const room = (s: Session) => roomOf(s, deps.maxInFlight);

  /** One claim statement for the wanted tenants not in one already; false when there were none. */
  async function runClaims(): Promise<boolean> {
    if (deps.stopping()) return false;
    const picks = takeWanted(wanted, claimingTenants, tenants, deps.maxInFlight);
    if (picks.length === 0) return false;
    for (const p of picks) claimingTenants.add(p.tenantId);
    try {
      let results: ClaimedEvent[][];
      try {
        results = await claimForPicks(db, policy, picks, deps.hooks?.probe);
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
        sendClaimed(deps, s, claimed);
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

  function release(s: Session): void {
    if (!s.claimed) return;
    // Its leases end now: the events stay delivered and go to the tenant's other sockets (or the next one) at once.
    const p = releaseLeases(db, s.leaseToken, channel)
      .catch((err: unknown) => log.warn({ err }, 'lease release failed; the leases run out instead'))
      .finally(() => closing.delete(p));
    closing.add(p);
  }

  const renew = () => renewSocketLeases(db, policy, sessions);

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
      await expireEvents(db, policy, log);
    }
    // Claims and acknowledgements leave dead row versions behind; where no autovacuum removes them, this does.
    await vacuumWhenDue(db, 'agent_events').catch((err: unknown) => log.warn({ err }, 'agent_events vacuum failed'));
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

/** The claim statement for the picked sockets, with the benchmark's probe around it. */
async function claimForPicks(
  db: Database,
  policy: EventPolicy,
  picks: readonly Pick[],
  probe: RealtimeHooks['probe'],
): Promise<ClaimedEvent[][]> {
  if (probe) for (const p of picks) probe('claim.start', p.tenantId);
  const results = await claimBatch(
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
  return results;
}

interface Pick {
  s: Session;
  hub: TenantHub;
  tenantId: string;
  limit: number;
}

/**
 * Takes the wanted tenants not in a claim statement already (those stay wanted: they claim once theirs came back),
 * at most MAX_CLAIMS_PER_STATEMENT, each with the socket that claims for it and how many events it can take.
 */
function takeWanted(
  wanted: Set<string>,
  claimingTenants: ReadonlySet<string>,
  tenants: ReadonlyMap<string, TenantHub>,
  maxInFlight: number,
): Pick[] {
  const picks: Pick[] = [];
  for (const tenantId of wanted) {
    if (picks.length >= MAX_CLAIMS_PER_STATEMENT) break;
    if (claimingTenants.has(tenantId)) continue;
    wanted.delete(tenantId);
    const hub = tenants.get(tenantId);
    const s = hub && pickForClaim(hub, maxInFlight);
    if (hub && s) picks.push({ s, hub, tenantId, limit: roomOf(s, maxInFlight) });
  }
  return picks;
}

/** Expiry: events past retention expire, those out of attempts fail; realtime tokens past use are pruned. */
async function expireEvents(db: Database, policy: EventPolicy, log: Logger): Promise<void> {
  const r = await expireAndFailEvents(db, policy);
  if (r.expired || r.failed) log.info(r, 'events expired or failed');
  await pruneRealtimeTokens(db);
}
