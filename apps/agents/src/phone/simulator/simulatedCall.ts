import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import WebSocket from 'ws';
import { parseTwiml, type TwimlVerb } from './twiml.ts';

/** Twilio's call statuses; the last five are final. */
export type CallStatus =
  'queued' | 'ringing' | 'in-progress' | 'completed' | 'busy' | 'failed' | 'no-answer' | 'canceled';
export const FINAL_STATUSES: ReadonlySet<CallStatus> = new Set([
  'completed',
  'busy',
  'failed',
  'no-answer',
  'canceled',
]);

/** The person on the line: the caller of an inbound call (`tender phone call`), the callee of an outbound one. */
export interface CallParty {
  /** The agent's side spoke (<Say>, the welcome greeting, a ConversationRelay answer), playing for `playMs`. */
  hears(text: string, playMs: number): void;
  /** The agent sent DTMF tones (ConversationRelay sendDigits). */
  digits(digits: string): void;
  /** The conversation is live: the relay session is set up (what the party says now reaches the agent). */
  connected(call: SimulatedCall): void;
  ended(status: CallStatus, durationSeconds: number): void;
}

export interface CallEnvironment {
  accountSid: string;
  authToken: string;
  /** Milliseconds of one simulated second (1000; tests make calls faster). */
  secondMs: number;
  /** A signed webhook request, exactly as Twilio sends it; resolves with the answer's body. */
  post(url: string, params: Record<string, string>): Promise<string>;
  log(msg: string, err?: unknown): void;
  /** The call reached its final status. */
  ended(call: SimulatedCall): void;
}

export const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
/** Speech plays at about 20 characters a second (TTS pace), at most 5 s an utterance. */
const playMsOf = (text: string, secondMs: number) => Math.min(5, text.length / 20) * secondMs;

/**
 * One call as Twilio runs it: status progression, the TwiML it executes (<Say>, <Hangup>, <Connect>
 * <ConversationRelay>), the ConversationRelay socket (signed handshake; setup, prompt, interrupt and dtmf frames
 * out; text, end and sendDigits in), TimeLimit counted from the answer, and one signed status callback when it
 * ends (Twilio's default event, `completed` or the failure status, with CallDuration).
 */
export class SimulatedCall {
  readonly sid = newSid('CA');
  readonly createdAt = new Date();
  status: CallStatus = 'queued';
  answeredAt: Date | null = null;
  endedAt: Date | null = null;
  durationSeconds: number | null = null;
  /** Connected seconds before the call is hung up (Twilio's TimeLimit; 4 h by default). */
  timeLimitSeconds = 14_400;
  private relay: WebSocket | null = null;
  private timers = new Set<NodeJS.Timeout>();
  private limitTimer: NodeJS.Timeout | null = null;
  private playing: { text: string; from: number; ms: number } | null = null;
  private pending = '';

  constructor(
    private readonly env: CallEnvironment,
    readonly direction: 'inbound' | 'outbound-api',
    readonly from: string,
    readonly to: string,
    readonly statusCallback: string | null,
    readonly party: CallParty,
    readonly phoneNumberSid: string | null,
  ) {}

  get final() {
    return FINAL_STATUSES.has(this.status);
  }

  /** Twilio's request parameters describing the call (voice and status webhooks). */
  params(): Record<string, string> {
    return {
      AccountSid: this.env.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: this.sid,
      CallStatus: this.status,
      Called: this.to,
      Caller: this.from,
      Direction: this.direction,
      From: this.from,
      To: this.to,
    };
  }

  later(ms: number, fn: () => void | Promise<void>) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      void Promise.resolve(fn()).catch((err: unknown) => this.env.log(`call ${this.sid} failed`, err));
    }, ms);
    this.timers.add(t);
    return t;
  }

  ring() {
    if (this.status === 'queued') this.status = 'ringing';
  }

  answer() {
    if (this.answeredAt || this.final) return;
    this.status = 'in-progress';
    this.answeredAt = new Date();
    this.scheduleLimit();
  }

  /** Sets a new TimeLimit (total connected seconds), counted from the answer as Twilio does. */
  setTimeLimit(seconds: number) {
    this.timeLimitSeconds = seconds;
    if (this.answeredAt && !this.final) this.scheduleLimit();
  }

  private scheduleLimit() {
    if (this.limitTimer) clearTimeout(this.limitTimer);
    const elapsed = Date.now() - this.answeredAt!.getTime();
    this.limitTimer = setTimeout(
      () => void this.end('completed'),
      Math.max(0, this.timeLimitSeconds * this.env.secondMs - elapsed),
    );
  }

  /** Executes a TwiML document; an invalid document ends the call failed, as Twilio's application error does. */
  async execute(xml: string): Promise<void> {
    let verbs: TwimlVerb[];
    try {
      verbs = parseTwiml(xml);
    } catch (err) {
      this.env.log(`call ${this.sid}: ${(err as Error).message}`);
      return this.end(this.answeredAt ? 'completed' : 'failed');
    }
    for (const verb of verbs) {
      if (this.final) return;
      if (verb.name === 'Say') {
        this.answer();
        this.speak(verb.text.trim());
      } else if (verb.name === 'Hangup' || verb.name === 'Reject') {
        return this.end(verb.name === 'Reject' ? 'busy' : 'completed');
      } else if (verb.name === 'Connect') {
        const relay = verb.children.find((c) => c.name === 'ConversationRelay');
        if (relay?.attrs.url) return this.connectRelay(relay.attrs);
      }
    }
    // The document ran out of verbs: Twilio hangs up.
    if (!this.final) await this.end('completed');
  }

  private speak(text: string) {
    if (!text) return;
    const ms = playMsOf(text, this.env.secondMs);
    this.playing = { text, from: Date.now(), ms };
    this.party.hears(text, ms);
  }

  private connectRelay(attrs: Record<string, string>): Promise<void> {
    this.answer();
    const url = attrs.url!;
    const ws = new WebSocket(url, {
      headers: { 'x-twilio-signature': twilio.getExpectedTwilioSignature(this.env.authToken, url, {}) },
    });
    this.relay = ws;
    return new Promise<void>((resolve) => {
      ws.once('open', () => {
        ws.send(
          JSON.stringify({
            type: 'setup',
            sessionId: newSid('VX'),
            accountSid: this.env.accountSid,
            callSid: this.sid,
            parentCallSid: '',
            from: this.from,
            to: this.to,
            forwardedFrom: '',
            callerName: '',
            direction: this.direction,
            callType: 'PSTN',
            callStatus: 'IN-PROGRESS',
            applicationSid: null,
            customParameters: {},
          }),
        );
        if (attrs.welcomeGreeting) this.speak(attrs.welcomeGreeting);
        this.party.connected(this);
        resolve();
      });
      ws.on('message', (data) => this.relayFrame(String(data)));
      ws.once('unexpected-response', (_req, res) => {
        this.env.log(`call ${this.sid}: the relay socket was refused (${res.statusCode})`);
        void this.end('completed').then(resolve);
      });
      ws.once('error', (err) => {
        this.env.log(`call ${this.sid}: relay socket error`, err);
        void this.end('completed').then(resolve);
      });
      // The application closed the session: Twilio goes on with the TwiML after <Connect> (none: hang up).
      ws.once('close', () => void this.end('completed'));
    });
  }

  private relayFrame(raw: string) {
    let m: { type?: unknown; token?: unknown; last?: unknown; digits?: unknown };
    try {
      m = JSON.parse(raw) as typeof m;
    } catch {
      return;
    }
    if (m.type === 'text' && typeof m.token === 'string') {
      this.pending += m.token;
      if (m.last !== false) {
        const text = this.pending;
        this.pending = '';
        this.speak(text);
      }
    } else if (m.type === 'sendDigits' && typeof m.digits === 'string') {
      this.party.digits(m.digits);
    } else if (m.type === 'end') {
      void this.end('completed');
    }
  }

  /** The party speaks: a prompt, after an interrupt when it speaks over the agent's speech. */
  say(text: string) {
    if (!this.relay || this.relay.readyState !== WebSocket.OPEN || this.final) return;
    const p = this.playing;
    const elapsed = p ? Date.now() - p.from : 0;
    if (p && elapsed < p.ms) {
      const heard = p.text.slice(0, Math.floor((p.text.length * elapsed) / p.ms));
      this.relay.send(
        JSON.stringify({
          type: 'interrupt',
          utteranceUntilInterrupt: heard,
          durationUntilInterruptMs: String(elapsed),
        }),
      );
    }
    this.playing = null;
    this.relay.send(JSON.stringify({ type: 'prompt', voicePrompt: text, lang: 'en-US', last: true }));
  }

  /** The party presses keys: one dtmf frame per key, as ConversationRelay reports them. */
  dtmf(keys: string) {
    if (!this.relay || this.relay.readyState !== WebSocket.OPEN || this.final) return;
    for (const digit of keys.replace(/[^0-9A-D#*w]/gi, '')) this.relay.send(JSON.stringify({ type: 'dtmf', digit }));
  }

  /**
   * Ends the call once with a final status: the relay socket closes, the party is told, and the status callback
   * reports the status with the connected seconds (never more than the TimeLimit).
   */
  async end(status: CallStatus): Promise<void> {
    if (this.final) return;
    this.status = status;
    this.endedAt = new Date();
    for (const t of this.timers) clearTimeout(t);
    if (this.limitTimer) clearTimeout(this.limitTimer);
    this.durationSeconds = this.answeredAt
      ? Math.min(
          this.timeLimitSeconds,
          Math.round((this.endedAt.getTime() - this.answeredAt.getTime()) / this.env.secondMs),
        )
      : 0;
    if (this.relay && this.relay.readyState <= WebSocket.OPEN) this.relay.close(1000);
    this.party.ended(status, this.durationSeconds);
    this.env.ended(this);
    if (!this.statusCallback) return;
    const params: Record<string, string> = {
      ...this.params(),
      CallbackSource: 'call-progress-events',
      SequenceNumber: '0',
      Timestamp: this.endedAt.toUTCString().replace('GMT', '+0000'),
      ...(status === 'completed'
        ? { CallDuration: String(this.durationSeconds), Duration: String(Math.ceil(this.durationSeconds / 60)) }
        : {}),
    };
    await this.env.post(this.statusCallback, params).catch((err: unknown) => {
      this.env.log(`call ${this.sid}: the status callback failed`, err);
    });
  }

  /** The call as Twilio's Call resource (api.v2010.account.call). */
  resource() {
    const rfc2822 = (d: Date | null) => (d ? d.toUTCString().replace('GMT', '+0000') : null);
    const base = `/2010-04-01/Accounts/${this.env.accountSid}/Calls/${this.sid}`;
    return {
      sid: this.sid,
      account_sid: this.env.accountSid,
      api_version: '2010-04-01',
      date_created: rfc2822(this.createdAt),
      date_updated: rfc2822(this.endedAt ?? this.answeredAt ?? this.createdAt),
      parent_call_sid: null,
      to: this.to,
      to_formatted: this.to,
      from: this.from,
      from_formatted: this.from,
      phone_number_sid: this.phoneNumberSid,
      status: this.status,
      start_time: rfc2822(this.answeredAt),
      end_time: rfc2822(this.endedAt),
      duration: this.durationSeconds == null ? null : String(this.durationSeconds),
      price: null,
      price_unit: 'USD',
      direction: this.direction,
      answered_by: null,
      forwarded_from: null,
      group_sid: null,
      caller_name: null,
      queue_time: '0',
      trunk_sid: null,
      uri: `${base}.json`,
      subresource_uris: {
        notifications: `${base}/Notifications.json`,
        recordings: `${base}/Recordings.json`,
        events: `${base}/Events.json`,
      },
    };
  }
}
