import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { newId, type App, type Database, type Logger } from '@tender/platform';
import {
  acknowledgedAmong,
  ackDelivered,
  claimBatch,
  EVENTS_CHANNEL,
  EVENTS_CHANNEL_SQL,
  expireAndFailEvents,
  failLeased,
  releaseLeases,
  renewLeases,
  tenantsWithDeliverable,
  type ClaimedEvent,
  type EventPolicy,
  type EventRecord,
} from '../events/eventStore.ts';
import { AgentError, type AgentErrorCode } from '../http/errors.ts';
import { plainResponses } from '../http/openapiResponses.ts';
import { createBus, type Bus } from './bus.ts';
import { CLOSE, MAX_FRAME_BYTES, parseClientFrame, PROTOCOLS, REALTIME_PATH, type ServerFrame } from './protocol.ts';
import { pruneRealtimeTokens, verifyRealtimeToken } from './realtimeTokens.ts';
import {
  VoiceRouter,
  type VoiceBusMessage,
  type VoiceSocket,
  type VoiceTurnOutcome,
  type VoiceTurnRequest,
} from './voiceTurns.ts';

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

/**
 * Fault injection for the crash tests (a child process SIGKILLs itself at these points). Never set in production.
 * `afterClaim`: the events are leased to a socket and not sent yet. `afterSend`: their frames were written.
 */
export interface RealtimeHooks {
  afterClaim?(events: readonly EventRecord[]): void;
  afterSend?(events: readonly EventRecord[]): void;
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
  /** Adds the WebSocket endpoint to the agents server; the gateway starts and stops with it. */
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

/** Events per socket per claim (also the largest burst one socket gets before its next claim). */
const CLAIM_BATCH = 200;
/** Tenants per claim statement. */
const MAX_CLAIMS_PER_STATEMENT = 500;
/** A socket whose unsent buffer exceeds this gets nothing more until it drains (slow consumers cost no memory). */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Socket acknowledgements per statement. */
const ACK_BATCH = 5_000;
/** Expiry and token pruning run at most this often, whatever the sweep interval. */
const EXPIRY_EVERY_MS = 60_000;

type SessionState = 'new' | 'authenticating' | 'open' | 'closed';

/** One WebSocket. Kept small: 10,000 idle sockets per process are expected. */
class Session implements VoiceSocket {
  readonly id = newId('ws', 16);
  /** Every lease this socket takes carries this token (see the lease protocol in eventStore.ts). */
  readonly leaseToken = randomUUID();
  tenantId = '';
  /** The access token behind the realtime token that authenticated this socket. */
  accessTokenId = '';
  state: SessionState = 'new';
  /** Events leased to this socket and not yet acknowledged (flow control: at most maxInFlight). */
  readonly inFlight = new Set<string>();
  replayDone = false;
  replayed = 0;
  /** Has taken at least one lease: they must be released when it closes (idle sockets cost no query then). */
  claimed = false;
  /** Heartbeats sent since the socket last showed life (a pong or any frame). */
  missed = 0;
  authTimer: NodeJS.Timeout | null = null;

  constructor(readonly ws: WebSocket) {}

  isOpen(): boolean {
    return this.state === 'open';
  }

  send(frame: ServerFrame, cb?: (err?: Error) => void): boolean {
    if (this.state === 'closed' || this.ws.readyState !== this.ws.OPEN) return false;
    this.ws.send(JSON.stringify(frame), cb);
    return true;
  }

  error(code: AgentErrorCode, message: string, ids: { eventId?: string; turnId?: string } = {}): void {
    this.send({ type: 'error', code, message, ...ids });
  }
}

interface TenantHub {
  sessions: Session[];
  /** Rotates which socket of the tenant claims next. */
  rr: number;
}

export function createRealtimeGateway(deps: RealtimeGatewayDeps): RealtimeGateway {
  const { db, policy, settings } = deps;
  const log = deps.logger.child({ svc: 'realtime' });
  const processId = newId('rtp', 12);
  const channel = db.channel(EVENTS_CHANNEL);
  const websocketUrl = `${deps.publicUrl.replace(/^http/, 'ws')}${REALTIME_PATH}`;
  const sessions = new Set<Session>();
  const tenants = new Map<string, TenantHub>();
  const closing = new Set<Promise<unknown>>();
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    perMessageDeflate: false, // per-socket zlib state would cost ~100 KiB per idle socket
    clientTracking: false,
  });
  const bus: Bus<VoiceBusMessage> = createBus<VoiceBusMessage>(db, 'agent_realtime');

  let started = false;
  let stopping = false;
  let unlistenEvents: (() => Promise<void>) | null = null;
  let timers: NodeJS.Timeout[] = [];
  let sweeping: Promise<void> | null = null;
  let lastExpiry = 0;

  const voice: VoiceRouter = new VoiceRouter({
    processId,
    publish: (m) => bus.publish(m),
    maxPendingPerTenant: settings.voiceMaxPendingTurns,
    ...(settings.voiceOfferWindowMs !== undefined ? { offerWindowMs: settings.voiceOfferWindowMs } : {}),
    pickSocket(tenantId): VoiceSocket | null {
      const hub = tenants.get(tenantId);
      let best: Session | null = null;
      let bestTurns = Infinity;
      for (const s of hub?.sessions ?? []) {
        if (!s.isOpen()) continue;
        const n: number = voice.openTurnsOf(tenantId, s.id);
        if (n < bestTurns) [best, bestTurns] = [s, n];
      }
      return best;
    },
    sendError: (socket, code, message, turnId) => (socket as Session).error(code, message, { turnId }),
    log: (obj, msg) => log.warn(obj, msg),
  });

  // --- delivery

  /**
   * Claims are batched per process: every tenant woken since the last claim statement (NOTIFY, acknowledgements that
   * freed a window, new sockets, sweeps) gets one request in the next statement, for one of its sockets with room.
   * One statement in flight at a time, so a socket's window is never over-committed; a tenant whose request came back
   * full is claimed again in the next statement.
   */
  const wanted = new Set<string>();
  let claiming = false;
  let claimScheduled = false;
  let claimRun: Promise<void> | null = null;

  function pump(tenantId: string): void {
    if (stopping || !tenants.has(tenantId)) return;
    wanted.add(tenantId);
    scheduleClaims();
  }

  function scheduleClaims(): void {
    if (claiming || claimScheduled || wanted.size === 0 || stopping) return;
    claimScheduled = true;
    setImmediate(() => {
      claimScheduled = false;
      claimRun = runClaims().catch((err: unknown) => log.error({ err }, 'event claims failed'));
    });
  }

  const room = (s: Session) =>
    s.state === 'open' && s.ws.bufferedAmount <= MAX_BUFFERED_BYTES
      ? Math.min(settings.maxInFlight - s.inFlight.size, CLAIM_BATCH)
      : 0;

  /** The socket of the tenant that claims next: one still replaying first, then in rotation; null when none has room. */
  function pickForClaim(hub: TenantHub): Session | null {
    const n = hub.sessions.length;
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

  async function runClaims(): Promise<void> {
    if (claiming || stopping) return;
    claiming = true;
    try {
      const picks: { s: Session; hub: TenantHub; tenantId: string; limit: number }[] = [];
      for (const tenantId of wanted) {
        if (picks.length >= MAX_CLAIMS_PER_STATEMENT) break;
        wanted.delete(tenantId);
        const hub = tenants.get(tenantId);
        const s = hub && pickForClaim(hub);
        if (hub && s) picks.push({ s, hub, tenantId, limit: room(s) });
      }
      if (picks.length === 0) return;
      let results: ClaimedEvent[][];
      try {
        results = await claimBatch(
          db,
          policy,
          picks.map((p) => ({ tenantId: p.tenantId, leaseToken: p.s.leaseToken, limit: p.limit })),
        );
      } catch (err) {
        log.error({ err }, 'cannot read the event inbox');
        for (const p of picks) deferReplay(p.hub); // the sweep tries again
        return;
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
    } finally {
      claiming = false;
      scheduleClaims();
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
      s.ws.send(text, last && deps.hooks?.afterSend ? () => deps.hooks?.afterSend?.(sent) : undefined);
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

  // --- acknowledgements (batched per tick across sockets)
  // Not the platform's `batched`: acks are fire-and-forget (results go to the sockets, not to a caller's promise),
  // a failed statement is retried once, and what arrived during a flush is sent without waiting another turn.

  let ackQueue: { s: Session; eventId: string }[] = [];
  let ackFlush: Promise<void> | null = null;

  function queueAck(s: Session, eventId: string): void {
    ackQueue.push({ s, eventId });
    if (!ackFlush) ackFlush = new Promise<void>((r) => setImmediate(r)).then(flushAcks);
  }

  async function flushAcks(): Promise<void> {
    try {
      while (ackQueue.length) {
        const batch = ackQueue.slice(0, ACK_BATCH);
        ackQueue = ackQueue.slice(batch.length);
        const wake = new Set<string>();
        try {
          const acks = batch.map((a) => ({ tenantId: a.s.tenantId, eventId: a.eventId, leaseToken: a.s.leaseToken }));
          // A failed statement changed nothing (one transaction): retry it before asking clients to ack again.
          const results = await ackDelivered(db, policy, acks).catch(async (err: unknown) => {
            log.warn({ err }, 'socket acknowledgements failed; retrying once');
            await new Promise((r) => setTimeout(r, 50));
            return ackDelivered(db, policy, acks);
          });
          results.forEach((r, i) => {
            const { s, eventId } = batch[i]!;
            if (r !== 'not_found') {
              // Acknowledged, expired, or no longer leased here: either way not in flight on this socket any more.
              if (s.inFlight.delete(eventId)) wake.add(s.tenantId);
            }
            if (r === 'acknowledged') s.send({ type: 'event.acknowledged', eventId });
            else if (r === 'not_found') s.error('RESOURCE_NOT_FOUND', 'No such event for this tenant', { eventId });
            else if (r === 'expired')
              s.error('EVENT_EXPIRED', 'The event expired unacknowledged; nothing changed', { eventId });
            else {
              s.error(
                'LEASE_EXPIRED',
                'This socket holds no live delivery lease for the event; nothing changed. Acknowledge its redelivery or use POST /api/v1/events/ack',
                { eventId },
              );
            }
          });
        } catch (err) {
          log.error({ err }, 'socket acknowledgements failed');
          for (const { s, eventId } of batch) {
            s.error(
              'INTERNAL_ERROR',
              'The acknowledgement was not recorded; send event.ack again or use POST /api/v1/events/ack',
              {
                eventId,
              },
            );
          }
        }
        for (const t of wake) pump(t);
      }
    } finally {
      ackFlush = null;
      if (ackQueue.length) ackFlush = new Promise<void>((r) => setImmediate(r)).then(flushAcks);
    }
  }

  /** A REST ack or ack-all for the tenant: sockets holding such events learn it and get their window back. */
  async function onRestAck(tenantId: string): Promise<void> {
    const hub = tenants.get(tenantId);
    if (!hub) return;
    for (const s of hub.sessions) {
      if (s.state !== 'open' || s.inFlight.size === 0) continue;
      const acked = await acknowledgedAmong(db, tenantId, [...s.inFlight]);
      for (const id of acked) {
        if (s.inFlight.delete(id)) s.send({ type: 'event.acknowledged', eventId: id });
      }
    }
    pump(tenantId);
  }

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

  /** The operator suspended the tenant: its sockets close now; new ones are refused (verifyRealtimeToken). */
  function closeSuspended(tenantId: string): void {
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
        return queueAck(s, frame.eventId);
      case 'voice.response':
        return voice.onResponse(s, frame.turnId, frame.raw);
      case 'voice.cancel':
        return voice.onCancel(s, frame.turnId);
    }
  }

  async function authenticate(s: Session, token: unknown): Promise<void> {
    try {
      const who = await verifyRealtimeToken(db, token);
      if (s.state !== 'authenticating') return; // closed meanwhile
      if (revokedTokens.has(who.accessTokenId)) {
        s.error('AUTH_REQUIRED', 'The access token behind this realtime token was revoked');
        s.ws.close(CLOSE.authFailed, 'access token revoked');
        return;
      }
      const hub = tenants.get(who.tenantId) ?? { sessions: [], rr: 0 };
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
      pump(who.tenantId); // replay, then live
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
    voice.onSocketClosed(s);
    if (s.claimed) {
      // Its leases end now: the events stay delivered and go to the tenant's other sockets (or the next one) at once.
      const p = releaseLeases(db, s.leaseToken, channel)
        .catch((err: unknown) => log.warn({ err }, 'lease release failed; the leases run out instead'))
        .finally(() => closing.delete(p));
      closing.add(p);
    }
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
      // Leases that ran out (a stalled process) are no longer ours: free the window; the acks would be refused.
      for (const id of ids) if (!still.has(`${s.leaseToken}/${id}`)) s.inFlight.delete(id);
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
      app.addHook('onReady', async () => gateway.start());
      app.addHook('preClose', async () => gateway.stop());
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
        if (kind === 'n:') pump(tenantId);
        else if (kind === 'r:') closeRevoked(payload.slice(2));
        else if (kind === 's:') closeSuspended(tenantId);
        else if (kind === 'a:')
          void onRestAck(tenantId).catch((err: unknown) => log.warn({ err }, 'ack fan-out failed'));
      });
      await bus.start((m) => voice.onBus(m));
      started = true;
      stopping = false;
      const every = (ms: number, fn: () => unknown) => {
        const t = setInterval(fn, ms);
        t.unref();
        timers.push(t);
      };
      every(settings.sweepMs, () => void sweep().catch((err: unknown) => log.warn({ err }, 'event sweep failed')));
      every(
        Math.max(100, Math.floor(policy.leaseMs / 3)),
        () => void renew().catch((err: unknown) => log.warn({ err }, 'lease renewal failed')),
      );
      every(settings.heartbeatMs, heartbeat);
    },

    async stop() {
      if (!started || stopping) return;
      stopping = true;
      for (const t of timers) clearInterval(t);
      timers = [];
      voice.stop();
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
      await claimRun; // a statement in flight finishes (and releases the leases of sockets closed meanwhile)
      await ackFlush?.catch(() => {});
      await Promise.all([...closing]);
      await sweeping?.catch(() => {});
      const u = unlistenEvents;
      unlistenEvents = null;
      await Promise.all([u?.(), bus.stop()]);
      started = false;
    },

    requestVoiceTurn(req, opts) {
      return voice.request(req, opts);
    },

    sweep,

    stats() {
      let authenticated = 0;
      let inFlight = 0;
      for (const s of sessions) {
        if (s.state === 'open') authenticated++;
        inFlight += s.inFlight.size;
      }
      return { processId, sockets: sessions.size, authenticated, tenants: tenants.size, inFlight, ...voice.stats() };
    },
  };
  return gateway;
}
