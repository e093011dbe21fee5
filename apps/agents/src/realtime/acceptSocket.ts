import type { RawData, WebSocket } from 'ws';
import type { Database, Logger } from '@tender/platform';
import { AgentError, type AgentErrorCode } from '../http/errors.ts';
import type { Acknowledgements } from './acknowledgements.ts';
import type { EventDelivery } from './eventDelivery.ts';
import { CLOSE, MAX_FRAME_BYTES, parseClientFrame, PROTOCOLS } from './protocol.ts';
import type { RealtimeSettings } from './realtimeSettings.ts';
import { verifyRealtimeToken } from './realtimeTokens.ts';
import type { Revocations } from './revocations.ts';
import { Session, type TenantHub } from './session.ts';
import type { VoiceTurnRouting } from './voiceTurnRouting.ts';

/** What a socket's life touches: the gateway's sockets (only this module adds and removes them) and its parts. */
export interface SocketParts {
  db: Database;
  log: Logger;
  settings: RealtimeSettings;
  sessions: Set<Session>;
  tenants: Map<string, TenantHub>;
  delivery: EventDelivery;
  acks: Acknowledgements;
  voice: VoiceTurnRouting;
  revocations: Revocations;
}

/** A new WebSocket: it has authTimeoutMs to authenticate; its frames go to the parts; its close releases its leases. */
export function acceptSocket(parts: SocketParts, ws: WebSocket): void {
  const { settings } = parts;
  const s = new Session(ws);
  parts.sessions.add(s);
  s.authTimer = setTimeout(() => {
    if (s.state === 'new' || s.state === 'authenticating') {
      s.error('AUTH_REQUIRED', `No session.authenticate within ${settings.authTimeoutMs} ms`);
      ws.close(CLOSE.authTimeout, 'authentication timeout');
    }
  }, settings.authTimeoutMs);
  ws.on('pong', () => {
    s.missed = 0;
  });
  ws.on('message', (data: RawData, isBinary: boolean) => onMessage(parts, s, data, isBinary));
  ws.on('error', (err) => parts.log.debug({ err, session: s.id }, 'socket error'));
  ws.on('close', () => onClose(parts, s));
}

function onMessage(parts: SocketParts, s: Session, data: RawData, isBinary: boolean): void {
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
    if (s.state !== 'new') return s.error('PROTOCOL_ERROR', 'This socket is already authenticated (or authenticating)');
    s.state = 'authenticating';
    void authenticate(parts, s, frame.token);
    return;
  }
  if (s.state !== 'open') {
    s.error('AUTH_REQUIRED', 'Send session.authenticate {token} first');
    if (s.state === 'new') s.ws.close(CLOSE.authFailed, 'not authenticated');
    return;
  }
  switch (frame.type) {
    case 'event.ack':
      return parts.acks.queue(s, frame.eventId);
    case 'voice.response':
      return parts.voice.router.onResponse(s, frame.turnId, frame.raw);
    case 'voice.cancel':
      return parts.voice.router.onCancel(s, frame.turnId);
  }
}

async function authenticate(parts: SocketParts, s: Session, token: unknown): Promise<void> {
  const { settings, tenants } = parts;
  const began = performance.now();
  try {
    const who = await verifyRealtimeToken(parts.db, token);
    if (s.state !== 'authenticating') return; // closed meanwhile
    const refused = parts.revocations.refusal(who, began);
    if (refused) {
      s.error(refused.code, refused.message);
      s.ws.close(CLOSE.authFailed, refused.reason);
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
    parts.delivery.pump(who.tenantId); // replay, then live
  } catch (err) {
    if (s.state === 'closed') return;
    if (err instanceof AgentError) {
      s.error(err.code as AgentErrorCode, err.message);
      s.ws.close(CLOSE.authFailed, 'authentication failed');
    } else {
      parts.log.error({ err }, 'realtime authentication failed');
      s.error('SERVICE_UNAVAILABLE', 'Authentication is unavailable now; reconnect later');
      s.ws.close(CLOSE.goingAway, 'try again later');
    }
  }
}

function onClose(parts: SocketParts, s: Session): void {
  const was = s.state;
  s.state = 'closed';
  parts.sessions.delete(s);
  if (s.authTimer) clearTimeout(s.authTimer);
  if (was !== 'open') return;
  const hub = parts.tenants.get(s.tenantId);
  if (hub) {
    hub.sessions = hub.sessions.filter((x) => x !== s);
    if (hub.sessions.length === 0) parts.tenants.delete(s.tenantId);
  }
  parts.voice.router.onSocketClosed(s);
  parts.delivery.release(s);
}

/**
 * A socket that missed two heartbeats in a row is dead: terminated, its leases released, its turns fallen back.
 * Two, not one: after the event loop was blocked for a while, timers run before pending pongs are read.
 */
export function heartbeat(sessions: ReadonlySet<Session>): void {
  for (const s of sessions) {
    if (s.missed >= 2) {
      s.ws.terminate(); // the close event follows
      continue;
    }
    s.missed++;
    if (s.ws.readyState === s.ws.OPEN) s.ws.ping();
  }
}

/** Closes every socket (1001 going away; terminated after 1 s) and resolves once all have closed. */
export async function closeSockets(sessions: ReadonlySet<Session>): Promise<void> {
  await Promise.all(
    [...sessions].map(
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
}
