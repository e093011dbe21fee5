import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { newId, type App, type Database, type Logger } from '@tender/platform';
import {
  EVENTS_CHANNEL,
  EVENTS_CHANNEL_SQL,
  onLocalWake,
  parseWake,
  type EventPolicy,
  type LocalWakes,
} from '../eventLog/index.ts';
import { acceptSocket, closeSockets, heartbeat, type SocketParts } from './acceptSocket.ts';
import { createAcknowledgements } from './acknowledgements.ts';
import { createEventDelivery, type RealtimeHooks } from './eventDelivery.ts';
import { MAX_FRAME_BYTES, REALTIME_PATH } from './protocol.ts';
import { realtimeRoute } from './realtimeRoute.ts';
import type { RealtimeSettings } from './realtimeSettings.ts';
import { createRevocations } from './revocations.ts';
import type { Session, TenantHub } from './session.ts';
import { createUpgradeListener, type UpgradeHandler } from './upgradeListener.ts';
import { createVoiceTurnRouting } from './voiceTurnRouting.ts';
import type { VoiceTurnOutcome, VoiceTurnRequest } from './voiceTurns.ts';

export type { RealtimeHooks } from './eventDelivery.ts';
export type { RealtimeSettings } from './realtimeSettings.ts';

export interface RealtimeGatewayDeps {
  db: Database;
  logger: Logger;
  /** Public base URL of the agents API; ws(s):// + REALTIME_PATH is the websocketUrl. */
  publicUrl: string;
  policy: EventPolicy;
  settings: RealtimeSettings;
  hooks?: RealtimeHooks;
}

export interface RealtimeStats {
  processId: string;
  sockets: number;
  authenticated: number;
  tenants: number;
  inFlight: number;
  originTurns: number;
  heldTurns: number;
}

/** The realtime WebSocket gateway of one process. Telephony (phone/) calls `requestVoiceTurn`. */
export interface RealtimeGateway {
  readonly processId: string;
  readonly websocketUrl: string;
  /** Adds the WebSocket endpoint to the agents server; the realtime feature's worker starts and stops the gateway. */
  attach(app: App): void;
  /**
   * Hands WebSocket upgrades of another path (a provider's live-conversation socket) to `handler`: the server has one
   * upgrade listener, this gateway's, which refuses unknown paths.
   */
  addUpgradeRoute(pathname: string, handler: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): void;
  /** Listens for wake-ups and voice messages, starts heartbeats and sweeps. Idempotent. */
  start(): Promise<void>;
  /** Closes every socket (1001), releases their leases, ends open turns, stops listening. */
  stop(): Promise<void>;
  /**
   * Asks the tenant's agent for one live voice turn and resolves with its answer or the reason for the fallback line.
   * Never rejects for routing reasons (only for an invalid request); resolves by the deadline at the latest.
   */
  requestVoiceTurn(req: VoiceTurnRequest, opts?: { signal?: AbortSignal }): Promise<VoiceTurnOutcome>;
  /** One sweep now: lease renewal, redelivery, expiry. The timers run it; exposed for operators and tests. */
  sweep(opts?: { expire?: boolean }): Promise<void>;
  stats(): RealtimeStats;
}

/**
 * Assembles the gateway: this module owns the sockets' server and lifecycle (upgrade, start and stop, wake-ups,
 * timers); a socket's life is acceptSocket.ts (authentication, frames, close), revocations are revocations.ts, and
 * the frames go to the parts: event delivery (eventDelivery.ts), acknowledgements (acknowledgements.ts) and live
 * voice turns (voiceTurnRouting.ts). The parts share `sessions` and `tenants`; only acceptSocket.ts adds sockets to
 * them and removes them.
 */
export function createRealtimeGateway(deps: RealtimeGatewayDeps): RealtimeGateway {
  const { db, policy, settings } = deps;
  const log = deps.logger.child({ svc: 'realtime' });
  const processId = newId('rtp', 12);
  const channel = db.channel(EVENTS_CHANNEL);
  const websocketUrl = `${deps.publicUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`;
  const sessions = new Set<Session>();
  const tenants = new Map<string, TenantHub>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false, // per-socket zlib state would cost ~100 KiB per idle socket
    clientTracking: false,
  });

  let started = false;
  let stopping = false;
  let unlistenEvents: (() => Promise<void>) | null = null;
  let localWakes: LocalWakes | null = null;
  let timers: NodeJS.Timeout[] = [];

  const delivery = createEventDelivery({
    db,
    log,
    policy,
    channel,
    maxInFlight: settings.maxInFlight,
    hooks: deps.hooks,
    sessions,
    tenants,
    stopping: () => stopping,
  });
  const parts: SocketParts = {
    db,
    log,
    settings,
    sessions,
    tenants,
    delivery,
    acks: createAcknowledgements({ db, log, policy, tenants, windowFreed: delivery.windowFreed }),
    voice: createVoiceTurnRouting({
      db,
      log,
      processId,
      tenants,
      maxPendingPerTenant: settings.voiceMaxPendingTurns,
      offerWindowMs: settings.voiceOfferWindowMs,
    }),
    revocations: createRevocations(sessions, tenants),
  };
  const { acks, voice } = parts;

  const upgradeRoutes = new Map<string, UpgradeHandler>();
  const onUpgrade = createUpgradeListener({
    routes: upgradeRoutes,
    running: () => started && !stopping,
    upgrade: (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => acceptSocket(parts, ws)),
  });

  function startTimers(): void {
    const every = (ms: number, fn: () => unknown) => {
      const t = setInterval(fn, ms);
      t.unref();
      timers.push(t);
    };
    every(
      settings.sweepMs,
      () => void delivery.sweep().catch((err: unknown) => log.warn({ err }, 'event sweep failed')),
    );
    every(
      Math.max(100, Math.floor(policy.leaseMs / 3)),
      () => void delivery.renew().catch((err: unknown) => log.warn({ err }, 'lease renewal failed')),
    );
    every(settings.heartbeatMs, () => heartbeat(sessions));
  }

  return {
    processId,
    websocketUrl,

    attach(app) {
      realtimeRoute(app, websocketUrl);
      app.server.on('upgrade', onUpgrade);
    },

    addUpgradeRoute(pathname, handler) {
      upgradeRoutes.set(pathname, handler);
    },

    async start() {
      if (started) return;
      const [row] = await db.query<{ ch: string }>(`select ${EVENTS_CHANNEL_SQL} as ch`);
      if (row?.ch !== channel) {
        throw new Error(
          `agent_events NOTIFY channel mismatch: the trigger uses "${row?.ch}", the gateway listens on "${channel}"`,
        );
      }
      // This process's producers wake its sockets at their commit (no database round trip); their NOTIFYs, which
      // carry localWakes.origin, are for the other processes and ignored here.
      localWakes = onLocalWake(db, (tenantIds) => {
        for (const t of tenantIds) delivery.pump(t);
      });
      const own = localWakes.origin;
      unlistenEvents = await db.listen(channel, (payload) => onEventsNotify(parts, payload, own));
      await voice.listen();
      started = true;
      stopping = false;
      startTimers();
    },

    async stop() {
      if (!started || stopping) return;
      stopping = true;
      for (const t of timers) clearInterval(t);
      timers = [];
      voice.router.stop();
      await closeSockets(sessions);
      await delivery.settle();
      await acks.settle();
      localWakes?.stop();
      localWakes = null;
      const u = unlistenEvents;
      unlistenEvents = null;
      await Promise.all([u?.(), voice.unlisten()]);
      started = false;
    },

    requestVoiceTurn(req, opts) {
      return voice.router.request(req, opts);
    },

    sweep: delivery.sweep,

    stats() {
      const { sockets, authenticated, inFlight } = socketStats(sessions);
      return { processId, sockets, authenticated, tenants: tenants.size, inFlight, ...voice.router.stats() };
    },
  };
}

/**
 * NOTIFY on the events channel: n: events to claim (unless sent by this process's own waker, `ownOrigin`, whose
 * wake-ups arrived in process), r: a revoked token, s: a suspension, a: a REST ack.
 */
function onEventsNotify(parts: SocketParts, payload: string, ownOrigin: string): void {
  const kind = payload.slice(0, 2);
  const tenantId = payload.slice(2);
  if (kind === 'n:') {
    const wake = parseWake(tenantId);
    if (wake.origin !== ownOrigin) parts.delivery.pump(wake.tenantId);
  } else if (kind === 'r:') parts.revocations.closeRevoked(payload.slice(2));
  else if (kind === 's:') parts.revocations.closeSuspended(tenantId);
  else if (kind === 'a:')
    void parts.acks.onRestAck(tenantId).catch((err: unknown) => parts.log.warn({ err }, 'ack fan-out failed'));
}

function socketStats(sessions: ReadonlySet<Session>): { sockets: number; authenticated: number; inFlight: number } {
  let authenticated = 0;
  let inFlight = 0;
  for (const s of sessions) {
    if (s.state === 'open') authenticated++;
    inFlight += s.inFlight.size;
  }
  return { sockets: sessions.size, authenticated, inFlight };
}
