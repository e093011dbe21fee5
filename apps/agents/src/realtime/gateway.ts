import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { newId, type App, type Database, type Logger } from '@tender/platform';
import { EVENTS_CHANNEL, EVENTS_CHANNEL_SQL, type EventPolicy } from '../eventLog/index.ts';
import { AgentError, type AgentErrorCode } from '../http/errors.ts';
import { plainResponses } from '../http/openapiResponses.ts';
import { createAcknowledgements } from './acknowledgements.ts';
import { createEventDelivery, type RealtimeHooks } from './eventDelivery.ts';
import { CLOSE, MAX_FRAME_BYTES, parseClientFrame, PROTOCOLS, REALTIME_PATH } from './protocol.ts';
import { verifyRealtimeToken } from './realtimeTokens.ts';
import { Session, type TenantHub } from './session.ts';
import { createVoiceTurnRouting } from './voiceTurnRouting.ts';
import type { VoiceTurnOutcome, VoiceTurnRequest } from './voiceTurns.ts';

export type { RealtimeHooks } from './eventDelivery.ts';

/** Gateway limits and timings, from configuration (REALTIME_*, EVENTS_SWEEP_MS, VOICE_MAX_PENDING_TURNS). */
export interface RealtimeSettings {
  authTimeoutMs: number;
  heartbeatMs: number;
  sweepMs: number;
  maxSocketsPerTenant: number;
  maxInFlight: number;
  voiceMaxPendingTurns: number;
  /** How long a voice turn's origin waits for a holder's offer (default 1 s). */
  voiceOfferWindowMs?: number;
}

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
 * Assembles the gateway: this module owns the sockets (upgrade, authentication, revocation, heartbeats, start and
 * stop) and hands their frames to the parts: event delivery (eventDelivery.ts), acknowledgements
 * (acknowledgements.ts) and live voice turns (voiceTurnRouting.ts). The parts share `sessions` and `tenants`; only
 * this module adds sockets to them and removes them.
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
  const acks = createAcknowledgements({ db, log, policy, tenants, windowFreed: delivery.windowFreed });
  const voice = createVoiceTurnRouting({
    db,
    log,
    processId,
    tenants,
    maxPendingPerTenant: settings.voiceMaxPendingTurns,
    offerWindowMs: settings.voiceOfferWindowMs,
  });

  // --- access token revocation

  /**
   * Access tokens revoked since this process started listening (bounded). An authentication whose token read ran
   * before the revoking commit finishes after its NOTIFY was handled here: it checks this set, so no socket opens
   * through a revoked token once the NOTIFY arrived, and every socket open before it is closed by closeRevoked.
   */
  const revokedTokens = new Set<string>();

  function closeRevoked(accessTokenId: string): void {
    revokedTokens.add(accessTokenId);
    if (revokedTokens.size > 10_000) revokedTokens.delete(revokedTokens.values().next().value!);
    for (const s of sessions) {
      if (s.accessTokenId !== accessTokenId || s.state === 'closed') continue;
      s.error('AUTH_REQUIRED', 'The access token behind this session was revoked; use its replacement');
      s.ws.close(CLOSE.authFailed, 'access token revoked');
    }
  }

  /**
   * When each tenant's last suspension NOTIFY arrived (bounded). An authentication that began before it may have
   * read the tenant as active: it is refused, like one through a revoked token.
   */
  const suspendedAt = new Map<string, number>();

  /** The operator suspended the tenant: its sockets close now; new ones are refused (verifyRealtimeToken). */
  function closeSuspended(tenantId: string): void {
    suspendedAt.delete(tenantId);
    suspendedAt.set(tenantId, performance.now());
    if (suspendedAt.size > 10_000) suspendedAt.delete(suspendedAt.keys().next().value!);
    for (const s of tenants.get(tenantId)?.sessions ?? []) {
      s.error('TENANT_SUSPENDED', 'The operator suspended this wallet');
      s.ws.close(CLOSE.authFailed, 'tenant suspended');
    }
  }

  // --- sessions

  function accept(ws: WebSocket): void {
    const s = new Session(ws);
    sessions.add(s);
    s.authTimer = setTimeout(() => {
      if (s.state === 'new' || s.state === 'authenticating') {
        s.error('AUTH_REQUIRED', `No session.authenticate within ${settings.authTimeoutMs} ms`);
        ws.close(CLOSE.authTimeout, 'authentication timeout');
      }
    }, settings.authTimeoutMs);
    ws.on('pong', () => {
      s.missed = 0;
    });
    ws.on('message', (data: RawData, isBinary: boolean) => onMessage(s, data, isBinary));
    ws.on('error', (err) => log.debug({ err, session: s.id }, 'socket error'));
    ws.on('close', () => onClose(s));
  }

  function onMessage(s: Session, data: RawData, isBinary: boolean): void {
    s.missed = 0;
    if (isBinary) return s.error('PROTOCOL_ERROR', 'Frames are JSON text');
    const frame = parseClientFrame(data.toString());
    if ('error' in frame) {
      if (s.state !== 'open' && frame.error === 'PROTOCOL_ERROR') {
        s.error('AUTH_REQUIRED', 'Send session.authenticate {token} first');
        return void s.ws.close(CLOSE.authFailed, 'not authenticated');
      }
      return s.error(frame.error, frame.message);
    }
    if (frame.type === 'session.authenticate') {
      if (s.state !== 'new')
        return s.error('PROTOCOL_ERROR', 'This socket is already authenticated (or authenticating)');
      s.state = 'authenticating';
      void authenticate(s, frame.token);
      return;
    }
    if (s.state !== 'open') {
      s.error('AUTH_REQUIRED', 'Send session.authenticate {token} first');
      if (s.state === 'new') s.ws.close(CLOSE.authFailed, 'not authenticated');
      return;
    }
    switch (frame.type) {
      case 'event.ack':
        return acks.queue(s, frame.eventId);
      case 'voice.response':
        return voice.router.onResponse(s, frame.turnId, frame.raw);
      case 'voice.cancel':
        return voice.router.onCancel(s, frame.turnId);
    }
  }

  async function authenticate(s: Session, token: unknown): Promise<void> {
    const began = performance.now();
    try {
      const who = await verifyRealtimeToken(db, token);
      if (s.state !== 'authenticating') return; // closed meanwhile
      if (revokedTokens.has(who.accessTokenId)) {
        s.error('AUTH_REQUIRED', 'The access token behind this realtime token was revoked');
        s.ws.close(CLOSE.authFailed, 'access token revoked');
        return;
      }
      if ((suspendedAt.get(who.tenantId) ?? -1) >= began) {
        s.error('TENANT_SUSPENDED', 'The operator suspended this wallet');
        s.ws.close(CLOSE.authFailed, 'tenant suspended');
        return;
      }
      const hub = tenants.get(who.tenantId) ?? { sessions: [], rr: 0, windowFull: false };
      if (hub.sessions.length >= settings.maxSocketsPerTenant) {
        s.error('RATE_LIMITED', `At most ${settings.maxSocketsPerTenant} sockets per tenant on one gateway`);
        s.ws.close(CLOSE.tooManySockets, 'too many sockets');
        return;
      }
      if (s.authTimer) clearTimeout(s.authTimer);
      s.authTimer = null;
      s.tenantId = who.tenantId;
      s.accessTokenId = who.accessTokenId;
      s.state = 'open';
      hub.sessions.push(s);
      tenants.set(who.tenantId, hub);
      s.send({
        type: 'session.ready',
        sessionId: s.id,
        walletAddress: who.walletAddress,
        protocols: PROTOCOLS,
        maxFrameBytes: MAX_FRAME_BYTES,
        heartbeatIntervalMs: settings.heartbeatMs,
        maxInFlight: settings.maxInFlight,
      });
      delivery.pump(who.tenantId); // replay, then live
    } catch (err) {
      if (s.state === 'closed') return;
      if (err instanceof AgentError) {
        s.error(err.code as AgentErrorCode, err.message);
        s.ws.close(CLOSE.authFailed, 'authentication failed');
      } else {
        log.error({ err }, 'realtime authentication failed');
        s.error('SERVICE_UNAVAILABLE', 'Authentication is unavailable now; reconnect later');
        s.ws.close(CLOSE.goingAway, 'try again later');
      }
    }
  }

  function onClose(s: Session): void {
    const was = s.state;
    s.state = 'closed';
    sessions.delete(s);
    if (s.authTimer) clearTimeout(s.authTimer);
    if (was !== 'open') return;
    const hub = tenants.get(s.tenantId);
    if (hub) {
      hub.sessions = hub.sessions.filter((x) => x !== s);
      if (hub.sessions.length === 0) tenants.delete(s.tenantId);
    }
    voice.router.onSocketClosed(s);
    delivery.release(s);
  }

  // --- heartbeats

  /**
   * A socket that missed two heartbeats in a row is dead: terminated, its leases released, its turns fallen back.
   * Two, not one: after the event loop was blocked for a while, timers run before pending pongs are read.
   */
  function heartbeat(): void {
    for (const s of sessions) {
      if (s.missed >= 2) {
        s.ws.terminate(); // the close event follows
        continue;
      }
      s.missed++;
      if (s.ws.readyState === s.ws.OPEN) s.ws.ping();
    }
  }

  // --- lifecycle

  const upgradeRoutes = new Map<string, (req: IncomingMessage, socket: Duplex, head: Buffer) => void>();

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const refuse = (status: string, message: string) => {
      socket.end(
        `HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(message)}\r\n\r\n${message}`,
      );
    };
    const other = upgradeRoutes.get(url.pathname);
    if (other) return other(req, socket, head);
    if (url.pathname !== REALTIME_PATH) return refuse('404 Not Found', 'No WebSocket endpoint here');
    if ([...url.searchParams.keys()].some((k) => /token|auth/i.test(k))) {
      return refuse('400 Bad Request', 'Credentials go in the session.authenticate message, never in the URL');
    }
    if (!started || stopping) return refuse('503 Service Unavailable', 'The realtime gateway is not running');
    wss.handleUpgrade(req, socket, head, accept);
  }

  const gateway: RealtimeGateway = {
    processId,
    websocketUrl,

    attach(app) {
      app.get(
        REALTIME_PATH,
        {
          schema: {
            tags: ['events'],
            summary: 'Realtime WebSocket (upgrade only)',
            description:
              'Connect with a WebSocket client to realtime.websocketUrl, then send {"type":"session.authenticate","token":"rt_v1_…"} ' +
              '(never a token in the URL). Plain HTTP requests answer 426. Frames: see /docs#websocket.',
            response: plainResponses(['UPGRADE_REQUIRED'], { success: false }),
          },
          config: { rateLimit: false },
        },
        async () => {
          throw new AgentError('UPGRADE_REQUIRED', `Connect with a WebSocket client to ${websocketUrl}`);
        },
      );
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
      unlistenEvents = await db.listen(channel, (payload) => {
        const kind = payload.slice(0, 2);
        const tenantId = payload.slice(2);
        if (kind === 'n:') delivery.pump(tenantId);
        else if (kind === 'r:') closeRevoked(payload.slice(2));
        else if (kind === 's:') closeSuspended(tenantId);
        else if (kind === 'a:')
          void acks.onRestAck(tenantId).catch((err: unknown) => log.warn({ err }, 'ack fan-out failed'));
      });
      await voice.listen();
      started = true;
      stopping = false;
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
      every(settings.heartbeatMs, heartbeat);
    },

    async stop() {
      if (!started || stopping) return;
      stopping = true;
      for (const t of timers) clearInterval(t);
      timers = [];
      voice.router.stop();
      const open = [...sessions];
      await Promise.all(
        open.map(
          (s) =>
            new Promise<void>((resolve) => {
              if (s.ws.readyState === s.ws.CLOSED) return resolve();
              const kill = setTimeout(() => s.ws.terminate(), 1_000);
              s.ws.once('close', () => {
                clearTimeout(kill);
                resolve();
              });
              s.ws.close(CLOSE.goingAway, 'server shutting down');
            }),
        ),
      );
      await delivery.settle();
      await acks.settle();
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
      let authenticated = 0;
      let inFlight = 0;
      for (const s of sessions) {
        if (s.state === 'open') authenticated++;
        inFlight += s.inFlight.size;
      }
      return {
        processId,
        sockets: sessions.size,
        authenticated,
        tenants: tenants.size,
        inFlight,
        ...voice.router.stats(),
      };
    },
  };
  return gateway;
}
