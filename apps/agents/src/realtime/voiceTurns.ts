import { newId } from '@tender/platform';
import type { AgentErrorCode } from '../http/errors.ts';
import { MAX_VOICE_TEXT, TURN_ID_PREFIX, type ServerFrame, VOICE_ACTIONS, type VoiceAction } from './protocol.ts';

/**
 * Live voice turns: the channel telephony (phone/) plugs into. A turn is never stored or replayed and always has a
 * deadline.
 *
 *   const outcome = await ctx.realtime.requestVoiceTurn({ tenantId, callId, …, transcript, timeoutMs: 8000 });
 *   if (outcome.answered) speak(outcome.response.text) else speakFallback(outcome.reason)
 *
 * Roles. The ORIGIN is the process whose telephony webhook asks for the turn; it owns the promise and the overall
 * deadline. The HOLDER is the process holding the tenant's socket that receives the turn; it owns the socket side:
 * validation, first-answer-wins, voice.timeout. When the origin holds a socket of the tenant it is the holder too and
 * nothing crosses processes. Otherwise (NOTIFY bus, all processes hear every message):
 *
 *   origin --turn(tenant)-->  every process      processes holding a socket of the tenant answer
 *   holder --offer-->         origin             the first offer wins; later offers are ignored
 *   origin --assign(turn)-->  that holder        it sends voice.turn to one socket and starts the deadline
 *   holder --result-->        origin             answered | fallback (timeout, cancelled, socket_closed, invalid_response, busy, no_socket)
 *   origin --close-->         holder             origin gave up (deadline + grace, abort, shutdown): voice.timeout to the socket
 *
 * Fast path: the origin remembers which process last took a turn of the tenant and assigns the next one to it
 * directly (one NOTIFY instead of three). A direct holder without a socket of the tenant answers `decline` (it never
 * sent anything), and the origin falls back to `turn` and offers. A direct holder that died answers nothing: that
 * turn ends at its deadline (fallback line, the call goes on) and the origin forgets the holder.
 *
 * Invariants: one turn reaches at most one socket; it ends exactly once (the origin resolves its promise once; the
 * holder moves a turn out of `open` once); a voice.response is accepted only from a socket of the turn's tenant on
 * the holder, before the deadline, and only the first; other tenants' turns answer like unknown ones; open turns per
 * tenant are bounded at both ends. A lost bus message turns into a fallback at the deadline, never into a hang.
 */

export interface VoiceTurnRequest {
  tenantId: string;
  callId: string;
  phoneNumberId: string;
  providerCallId: string;
  direction: 'inbound' | 'outbound';
  /** E.164 */
  fromNumber: string;
  /** E.164 */
  toNumber: string;
  /** What the caller said in this turn (speech-to-text); never audio. */
  transcript: string;
  /** How long the agent has to answer (100 ms … 120 s). */
  timeoutMs: number;
}

/** What the agent answered; fields beyond these four are dropped. `hangup` is true for action hangup too. */
export interface VoiceResponse {
  text: string;
  hangup: boolean;
  action?: VoiceAction;
  digits?: string;
}

export type VoiceFallbackReason =
  | 'no_socket' // no authenticated socket of the tenant anywhere: an unreachable agent (end the call)
  | 'timeout' // the deadline passed (a single slow turn: speak the fallback, keep the call)
  | 'cancelled' // the agent sent voice.cancel
  | 'socket_closed' // the socket that had the turn dropped
  | 'invalid_response' // the answer failed validation
  | 'busy' // too many open turns for the tenant
  | 'aborted' // the caller of requestVoiceTurn aborted (the call ended)
  | 'stopping'; // this process is shutting down

export type VoiceTurnOutcome =
  | { turnId: string; answered: true; response: VoiceResponse }
  | { turnId: string; answered: false; reason: VoiceFallbackReason };

/** A socket as the voice channel sees it. */
export interface VoiceSocket {
  readonly id: string;
  readonly tenantId: string;
  isOpen(): boolean;
  send(frame: ServerFrame): boolean;
}

/** A turn as processes pass it on: the request, with an absolute deadline in place of its timeout. */
type TurnData = Omit<VoiceTurnRequest, 'timeoutMs'> & { turnId: string; deadlineMs: number };

type Result = { answered: true; response: VoiceResponse } | { answered: false; reason: VoiceFallbackReason };

export type VoiceBusMessage =
  | { k: 'turn'; from: string; turnId: string; tenantId: string }
  | { k: 'offer'; from: string; to: string; turnId: string }
  | { k: 'assign'; from: string; to: string; turn: TurnData; direct?: boolean }
  | { k: 'decline'; from: string; to: string; turnId: string }
  | { k: 'result'; from: string; to: string; turnId: string; result: Result }
  | { k: 'close'; from: string; to: string; turnId: string };

export interface VoiceRouterOptions {
  processId: string;
  publish(msg: VoiceBusMessage): Promise<void>;
  /** A live socket of the tenant on this process to give a turn to (fewest open turns first), or null. */
  pickSocket(tenantId: string): VoiceSocket | null;
  /** Socket → client error frame. */
  sendError(socket: VoiceSocket, code: AgentErrorCode, message: string, turnId: string): void;
  maxPendingPerTenant: number;
  /** How long the origin waits for a holder's offer before concluding no socket is connected. */
  offerWindowMs?: number;
  /** Extra wait at the origin beyond the deadline for the holder's result to cross the bus. */
  graceMs?: number;
  log?: (obj: Record<string, unknown>, msg: string) => void;
}

interface OriginTurn {
  data: TurnData;
  resolve(outcome: VoiceTurnOutcome): void;
  holder: string | null;
  timers: NodeJS.Timeout[];
  onAbort?: () => void;
  signal?: AbortSignal | undefined;
}

interface HolderTurn {
  data: TurnData;
  origin: string;
  socket: VoiceSocket;
  timer: NodeJS.Timeout;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const DIGITS = /^[0-9*#wW]{1,64}$/;
/** Closed turns are remembered this long so a late or second answer is told TURN_CLOSED, not "unknown". */
const CLOSED_MEMORY_MS = 5 * 60_000;
const CLOSED_MEMORY_MAX = 10_000;

/** Validates a voice.response; keeps text, hangup, action and digits only. */
export function validateVoiceResponse(raw: Record<string, unknown>): { ok: VoiceResponse } | { error: string } {
  if (typeof raw.text !== 'string') return { error: 'voice.response needs text (string)' };
  if ([...raw.text].length > MAX_VOICE_TEXT)
    return { error: `voice.response text exceeds ${MAX_VOICE_TEXT} characters` };
  if (raw.hangup !== undefined && typeof raw.hangup !== 'boolean') return { error: 'hangup must be a boolean' };
  if (raw.action !== undefined && !VOICE_ACTIONS.includes(raw.action as VoiceAction)) {
    const got = typeof raw.action === 'string' ? JSON.stringify(raw.action.slice(0, 50)) : typeof raw.action;
    return { error: `action must be one of ${VOICE_ACTIONS.join(', ')} (got ${got})` };
  }
  if (raw.digits !== undefined && (typeof raw.digits !== 'string' || !DIGITS.test(raw.digits))) {
    return { error: 'digits must be 1-64 of 0-9 * # w W' };
  }
  if (raw.action === 'sendDigits' && raw.digits === undefined) return { error: 'action sendDigits needs digits' };
  if (raw.action === 'hangup' && raw.hangup === false) return { error: 'action hangup contradicts hangup: false' };
  return {
    ok: {
      text: raw.text,
      hangup: raw.hangup === true || raw.action === 'hangup',
      ...(raw.action !== undefined ? { action: raw.action as VoiceAction } : {}),
      ...(raw.digits !== undefined ? { digits: raw.digits as string } : {}),
    },
  };
}

export function validateVoiceTurnRequest(r: VoiceTurnRequest): string | null {
  if (!(Number.isInteger(r.timeoutMs) && r.timeoutMs >= 100 && r.timeoutMs <= 120_000)) {
    return 'timeoutMs must be an integer between 100 and 120000';
  }
  if (r.direction !== 'inbound' && r.direction !== 'outbound') return 'direction must be inbound or outbound';
  if (!E164.test(r.fromNumber) || !E164.test(r.toNumber)) return 'fromNumber and toNumber must be E.164';
  if (typeof r.transcript !== 'string' || r.transcript.length > 16_000)
    return 'transcript must be a string up to 16000 characters';
  for (const k of ['tenantId', 'callId', 'phoneNumberId', 'providerCallId'] as const) {
    if (typeof r[k] !== 'string' || r[k].length === 0 || r[k].length > 200) return `${k} is required`;
  }
  return null;
}

export class VoiceRouter {
  private readonly origin = new Map<string, OriginTurn>();
  private readonly held = new Map<string, HolderTurn>();
  private readonly closed = new Map<string, { tenantId: string; at: number }>();
  /** Origin side: the process that last took a turn of each tenant (the fast path's guess). Bounded. */
  private readonly lastHolder = new Map<string, string>();
  private stopping = false;

  constructor(private readonly o: VoiceRouterOptions) {}

  /** Open turns this process holds for the tenant (sockets pick by it; the bound applies to it). */
  openTurnsOf(tenantId: string, socketId?: string): number {
    let n = 0;
    for (const t of this.held.values()) {
      if (t.data.tenantId === tenantId && (socketId === undefined || t.socket.id === socketId)) n++;
    }
    return n;
  }

  stats(): { originTurns: number; heldTurns: number } {
    return { originTurns: this.origin.size, heldTurns: this.held.size };
  }

  request(req: VoiceTurnRequest, opts: { signal?: AbortSignal } = {}): Promise<VoiceTurnOutcome> {
    const invalid = validateVoiceTurnRequest(req);
    if (invalid) return Promise.reject(new Error(`invalid voice turn request: ${invalid}`));
    const turnId = newId(TURN_ID_PREFIX.slice(0, -1));
    const fallback = (reason: VoiceFallbackReason) =>
      Promise.resolve<VoiceTurnOutcome>({ turnId, answered: false, reason });
    if (this.stopping) return fallback('stopping');
    if (opts.signal?.aborted) return fallback('aborted');
    let pending = 0;
    for (const t of this.origin.values()) if (t.data.tenantId === req.tenantId) pending++;
    if (pending >= this.o.maxPendingPerTenant) return fallback('busy');

    const data: TurnData = {
      turnId,
      tenantId: req.tenantId,
      callId: req.callId,
      phoneNumberId: req.phoneNumberId,
      providerCallId: req.providerCallId,
      direction: req.direction,
      fromNumber: req.fromNumber,
      toNumber: req.toNumber,
      transcript: req.transcript,
      deadlineMs: Date.now() + req.timeoutMs,
    };
    return new Promise<VoiceTurnOutcome>((resolve) => {
      const turn: OriginTurn = { data, resolve, holder: null, timers: [], signal: opts.signal };
      this.origin.set(turnId, turn);
      // The overall deadline: the holder reports a timeout at the deadline; this covers a holder that cannot.
      turn.timers.push(
        setTimeout(
          () => this.finishOrigin(turnId, { answered: false, reason: 'timeout' }, true),
          req.timeoutMs + (this.o.graceMs ?? 250),
        ),
      );
      if (opts.signal) {
        turn.onAbort = () => this.finishOrigin(turnId, { answered: false, reason: 'aborted' }, true);
        opts.signal.addEventListener('abort', turn.onAbort, { once: true });
      }
      if (this.o.pickSocket(req.tenantId)) {
        turn.holder = this.o.processId;
        this.hold(data, this.o.processId);
        return;
      }
      const guess = this.lastHolder.get(req.tenantId);
      if (guess && guess !== this.o.processId) {
        turn.holder = guess;
        this.send({ k: 'assign', from: this.o.processId, to: guess, turn: data, direct: true });
        return;
      }
      this.broadcast(turn);
    });
  }

  /** Asks every process for a holder; without an offer within the window, no socket is connected anywhere. */
  private broadcast(turn: OriginTurn): void {
    const { turnId, tenantId } = turn.data;
    const window = Math.min(this.o.offerWindowMs ?? 1000, Math.max(0, turn.data.deadlineMs - Date.now()));
    turn.timers.push(
      setTimeout(() => {
        if (this.origin.get(turnId)?.holder === null)
          this.finishOrigin(turnId, { answered: false, reason: 'no_socket' }, false);
      }, window),
    );
    this.send({ k: 'turn', from: this.o.processId, turnId, tenantId });
  }

  private rememberHolder(tenantId: string, holder: string): void {
    this.lastHolder.delete(tenantId);
    this.lastHolder.set(tenantId, holder);
    if (this.lastHolder.size > CLOSED_MEMORY_MAX) {
      const oldest = this.lastHolder.keys().next().value;
      if (oldest !== undefined) this.lastHolder.delete(oldest);
    }
  }

  /** A message from the bus (or from this process to itself). */
  onBus(m: VoiceBusMessage): void {
    const me = this.o.processId;
    switch (m.k) {
      case 'turn':
        if (m.from !== me && !this.stopping && this.o.pickSocket(m.tenantId)) {
          this.send({ k: 'offer', from: me, to: m.from, turnId: m.turnId });
        }
        return;
      case 'offer': {
        if (m.to !== me) return;
        const t = this.origin.get(m.turnId);
        if (!t || t.holder !== null) return; // first offer wins
        t.holder = m.from;
        this.rememberHolder(t.data.tenantId, m.from);
        this.send({ k: 'assign', from: me, to: m.from, turn: t.data });
        return;
      }
      case 'assign':
        if (m.to !== me) return;
        if (m.direct && !this.stopping && !this.held.has(m.turn.turnId) && !this.o.pickSocket(m.turn.tenantId)) {
          this.send({ k: 'decline', from: me, to: m.from, turnId: m.turn.turnId });
          return;
        }
        this.hold(m.turn, m.from);
        return;
      case 'decline': {
        if (m.to !== me) return;
        const t = this.origin.get(m.turnId);
        if (!t || t.holder !== m.from) return;
        if (this.lastHolder.get(t.data.tenantId) === m.from) this.lastHolder.delete(t.data.tenantId);
        t.holder = null;
        this.broadcast(t);
        return;
      }
      case 'result':
        if (m.to === me) this.finishOrigin(m.turnId, m.result, false);
        return;
      case 'close':
        if (m.to === me) this.closeHeld(m.turnId, 'timeout', { notifyOrigin: false, tellSocket: true });
        return;
    }
  }

  /** voice.response from an authenticated socket of this process. */
  onResponse(socket: VoiceSocket, turnId: string, raw: Record<string, unknown>): void {
    const t = this.heldFor(socket, turnId);
    if (!t) return;
    const valid = validateVoiceResponse(raw);
    if ('error' in valid) {
      this.o.sendError(socket, 'VALIDATION_FAILED', `${valid.error}; the caller hears the fallback line`, turnId);
      this.closeHeld(turnId, 'invalid_response', { notifyOrigin: true, tellSocket: false });
      return;
    }
    this.endHeld(t, { answered: true, response: valid.ok });
  }

  /** voice.cancel: the agent will not answer; the caller hears the fallback line now. */
  onCancel(socket: VoiceSocket, turnId: string): void {
    const t = this.heldFor(socket, turnId);
    if (t) this.closeHeld(turnId, 'cancelled', { notifyOrigin: true, tellSocket: false });
  }

  /** The socket dropped: its open turns fall back now. */
  onSocketClosed(socket: VoiceSocket): void {
    for (const t of [...this.held.values()]) {
      if (t.socket === socket)
        this.closeHeld(t.data.turnId, 'socket_closed', { notifyOrigin: true, tellSocket: false });
    }
  }

  /** Shutdown: every turn ends now (origin promises resolve with `stopping`; held turns report socket_closed). */
  stop(): void {
    this.stopping = true;
    for (const id of [...this.held.keys()])
      this.closeHeld(id, 'socket_closed', { notifyOrigin: true, tellSocket: true });
    for (const id of [...this.origin.keys()]) this.finishOrigin(id, { answered: false, reason: 'stopping' }, false);
  }

  // --- holder side

  private hold(data: TurnData, origin: string): void {
    const result = (r: Result) => this.deliverResult(origin, data.turnId, r);
    if (this.stopping) return result({ answered: false, reason: 'stopping' });
    if (this.held.has(data.turnId)) return;
    if (this.openTurnsOf(data.tenantId) >= this.o.maxPendingPerTenant)
      return result({ answered: false, reason: 'busy' });
    const socket = this.o.pickSocket(data.tenantId);
    if (!socket) return result({ answered: false, reason: 'no_socket' });
    const remaining = data.deadlineMs - Date.now();
    if (remaining <= 0) return result({ answered: false, reason: 'timeout' });
    const timer = setTimeout(
      () => this.closeHeld(data.turnId, 'timeout', { notifyOrigin: true, tellSocket: true }),
      remaining,
    );
    this.held.set(data.turnId, { data, origin, socket, timer });
    const sent = socket.send({
      type: 'voice.turn',
      turnId: data.turnId,
      callId: data.callId,
      phoneNumberId: data.phoneNumberId,
      providerCallId: data.providerCallId,
      direction: data.direction,
      fromNumber: data.fromNumber,
      toNumber: data.toNumber,
      transcript: data.transcript,
      deadline: new Date(data.deadlineMs).toISOString(),
      deadlineMs: data.deadlineMs,
      timeoutMs: remaining,
    });
    if (!sent) this.closeHeld(data.turnId, 'socket_closed', { notifyOrigin: true, tellSocket: false });
  }

  /** The open turn a response or cancel names, or null after answering the socket with the rejection. */
  private heldFor(socket: VoiceSocket, turnId: string): HolderTurn | null {
    const t = this.held.get(turnId);
    if (t && t.data.tenantId === socket.tenantId) {
      if (Date.now() < t.data.deadlineMs) return t;
      this.closeHeld(turnId, 'timeout', { notifyOrigin: true, tellSocket: true });
    }
    const c = this.closed.get(turnId);
    if ((t && t.data.tenantId === socket.tenantId) || (c && c.tenantId === socket.tenantId)) {
      this.o.sendError(socket, 'TURN_CLOSED', 'This voice turn was already answered, cancelled or timed out', turnId);
    } else {
      // Unknown, or another tenant's: the same answer.
      this.o.sendError(
        socket,
        'RESOURCE_NOT_FOUND',
        `No voice turn ${JSON.stringify(turnId)} was sent to this tenant: answer only the turnId of a voice.turn ` +
          'frame this session received, before its deadline',
        turnId,
      );
    }
    return null;
  }

  private endHeld(t: HolderTurn, r: Result): void {
    clearTimeout(t.timer);
    this.held.delete(t.data.turnId);
    this.remember(t.data);
    this.deliverResult(t.origin, t.data.turnId, r);
  }

  private closeHeld(
    turnId: string,
    reason: VoiceFallbackReason,
    how: { notifyOrigin: boolean; tellSocket: boolean },
  ): void {
    const t = this.held.get(turnId);
    if (!t) return;
    clearTimeout(t.timer);
    this.held.delete(turnId);
    this.remember(t.data);
    if (how.tellSocket && t.socket.isOpen()) t.socket.send({ type: 'voice.timeout', turnId });
    if (how.notifyOrigin) this.deliverResult(t.origin, turnId, { answered: false, reason });
  }

  private remember(d: TurnData): void {
    const now = Date.now();
    this.closed.set(d.turnId, { tenantId: d.tenantId, at: now });
    if (this.closed.size > CLOSED_MEMORY_MAX) {
      for (const [k, v] of this.closed) {
        if (now - v.at < CLOSED_MEMORY_MS && this.closed.size <= CLOSED_MEMORY_MAX) break;
        this.closed.delete(k);
      }
    }
  }

  private deliverResult(origin: string, turnId: string, result: Result): void {
    this.send({ k: 'result', from: this.o.processId, to: origin, turnId, result });
  }

  // --- origin side

  private finishOrigin(turnId: string, r: Result, tellHolder: boolean): void {
    const t = this.origin.get(turnId);
    if (!t) return; // already ended: first result wins
    this.origin.delete(turnId);
    // A holder that never reported (dead, or its socket gone) is no longer a good guess.
    if (!r.answered && (r.reason === 'timeout' || r.reason === 'no_socket' || r.reason === 'socket_closed')) {
      if (t.holder && this.lastHolder.get(t.data.tenantId) === t.holder) this.lastHolder.delete(t.data.tenantId);
    }
    for (const timer of t.timers) clearTimeout(timer);
    if (t.onAbort) t.signal?.removeEventListener('abort', t.onAbort);
    if (tellHolder && t.holder) this.send({ k: 'close', from: this.o.processId, to: t.holder, turnId });
    t.resolve(
      r.answered ? { turnId, answered: true, response: r.response } : { turnId, answered: false, reason: r.reason },
    );
  }

  /** To this process: handled in a microtask (same order as the bus). Elsewhere: the bus. */
  private send(m: VoiceBusMessage): void {
    if ('to' in m && m.to === this.o.processId) {
      queueMicrotask(() => this.onBus(m));
      return;
    }
    this.o.publish(m).catch((err: unknown) => this.o.log?.({ err, k: m.k }, 'voice bus publish failed'));
  }
}
