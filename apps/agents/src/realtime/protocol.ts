import type { AgentErrorCode } from '../http/errors.ts';
import type { EventRecord } from '../eventLog/index.ts';

/** The WebSocket path; `realtime.websocketUrl` is the public URL with ws(s):// and this path. */
export const REALTIME_PATH = '/api/v1/events/ws';
/** Frames in either direction are at most 256 KiB (spec limit). Larger inbound frames close the socket (1009). */
export const MAX_FRAME_BYTES = 256 * 1024;
/** voice.response text limit (spec). */
export const MAX_VOICE_TEXT = 2000;
/** Voice turn ids carry this prefix; durable event ids are UUIDs. The two never mix (protocol errors). */
export const TURN_ID_PREFIX = 'vt_';

/**
 * The text actions a voice.response may name (spec: action is forwarded to the call). Each is something the call
 * does after speaking `text`: `speak` nothing more (the default), `hangup` ends the call (as hangup: true),
 * `sendDigits` plays `digits` as DTMF tones (which digits alone also do). Any other action is refused with
 * VALIDATION_FAILED naming these, never accepted and dropped.
 */
export const VOICE_ACTIONS = ['speak', 'hangup', 'sendDigits'] as const;
export type VoiceAction = (typeof VOICE_ACTIONS)[number];

/** Close codes (4000-4999 are the application's). */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  tooBig: 1009,
  authTimeout: 4401,
  authFailed: 4403,
  tooManySockets: 4429,
} as const;

/** What `session.ready` advertises: both protocols of the socket, with the message types of each. */
export const PROTOCOLS = {
  events: {
    version: 1,
    serverMessages: ['event.delivery', 'session.replay.complete', 'event.acknowledged'],
    clientMessages: ['event.ack'],
    ordering: 'createdAt, then eventId; unacknowledged events are replayed first',
    acknowledgement: 'event.ack {eventId} after durable local handling; POST /api/v1/events/ack when in doubt',
  },
  voice: {
    version: 1,
    serverMessages: ['voice.turn', 'voice.timeout'],
    clientMessages: ['voice.response', 'voice.cancel'],
    maxTextChars: MAX_VOICE_TEXT,
    forwardedFields: ['text', 'hangup', 'action', 'digits'],
    actions: VOICE_ACTIONS,
    stored: false,
  },
} as const;

export type ServerFrame =
  | {
      type: 'session.ready';
      sessionId: string;
      walletAddress: string;
      protocols: typeof PROTOCOLS;
      maxFrameBytes: number;
      heartbeatIntervalMs: number;
      maxInFlight: number;
    }
  | { type: 'event.delivery'; event: EventRecord }
  | { type: 'session.replay.complete'; replay: 'complete' | 'deferred'; replayed: number }
  | { type: 'event.acknowledged'; eventId: string }
  | {
      type: 'voice.turn';
      turnId: string;
      callId: string;
      phoneNumberId: string;
      providerCallId: string;
      direction: 'inbound' | 'outbound';
      fromNumber: string;
      toNumber: string;
      transcript: string;
      deadline: string;
      deadlineMs: number;
      timeoutMs: number;
    }
  | { type: 'voice.timeout'; turnId: string }
  | { type: 'error'; code: AgentErrorCode; message: string; eventId?: string; turnId?: string };

export type ClientFrame =
  | { type: 'session.authenticate'; token: unknown }
  | { type: 'event.ack'; eventId: string }
  | { type: 'voice.response'; turnId: string; raw: Record<string, unknown> }
  | { type: 'voice.cancel'; turnId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);
export const isTurnId = (s: string) => s.startsWith(TURN_ID_PREFIX);

/** A client frame, or the protocol error to answer. Ids are checked for shape here; meaning in the gateway. */
export function parseClientFrame(data: string): ClientFrame | { error: AgentErrorCode; message: string } {
  let msg: unknown;
  try {
    msg = JSON.parse(data);
  } catch {
    return { error: 'PROTOCOL_ERROR', message: 'Frames are JSON objects with a type' };
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
    return { error: 'PROTOCOL_ERROR', message: 'Frames are JSON objects with a type' };
  }
  const m = msg as Record<string, unknown>;
  const id = (k: string) => (typeof m[k] === 'string' && (m[k] as string).length <= 100 ? (m[k] as string) : null);
  switch (m.type) {
    case 'session.authenticate':
      return { type: 'session.authenticate', token: m.token };
    case 'event.ack': {
      const eventId = id('eventId');
      if (!eventId) return { error: 'VALIDATION_FAILED', message: 'event.ack needs eventId (uuid)' };
      if (isTurnId(eventId)) {
        return {
          error: 'PROTOCOL_ERROR',
          message: 'Voice turns are never acknowledged with event.ack; answer them with voice.response',
        };
      }
      if (!isUuid(eventId)) return { error: 'VALIDATION_FAILED', message: 'event.ack needs eventId (uuid)' };
      return { type: 'event.ack', eventId: eventId.toLowerCase() };
    }
    case 'voice.response':
    case 'voice.cancel': {
      const turnId = id('turnId');
      if (!turnId) {
        return {
          error: 'VALIDATION_FAILED',
          message: `${m.type} needs turnId: the "${TURN_ID_PREFIX}…" id of the voice.turn frame being answered`,
        };
      }
      if (isUuid(turnId)) {
        return {
          error: 'PROTOCOL_ERROR',
          message:
            `${m.type} names turnId ${JSON.stringify(turnId)}, which is an event id (a uuid), not a voice turn id ` +
            `("${TURN_ID_PREFIX}…" from a voice.turn frame); durable events are acknowledged with event.ack`,
        };
      }
      return m.type === 'voice.cancel' ? { type: 'voice.cancel', turnId } : { type: 'voice.response', turnId, raw: m };
    }
    default:
      return {
        error: 'PROTOCOL_ERROR',
        message: `Unknown message type ${JSON.stringify(m.type)}; see session.ready protocols`,
      };
  }
}
