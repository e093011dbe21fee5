import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { App, Metrics } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { appendTranscript, readCall, readCallByProviderId, recordCallEnd, type CallRow } from './calls.ts';
import { readNumber, type NumberRow } from './numbers.ts';
import { LINES, relayUrl, TWILIO_PATHS, type PhoneServices } from './phoneServices.ts';
import { createRefusalPolicy, PROVIDER_BODY_LIMIT } from './refusedProviderRequests.ts';
import { numberStatus } from './status.ts';

/** Twilio's final call statuses: the call is over. */
const FINAL = new Set(['completed', 'busy', 'failed', 'no-answer', 'canceled']);

type Params = Record<string, string>;

/**
 * The provider's side of the phone: infrastructure routes, not in the catalog.
 *
 *  - POST /provider/twilio/voice/:phoneNumberId: an inbound call → TwiML (<Connect><ConversationRelay>, or a
 *    short message and hang-up for a suspended number or an exhausted allowance);
 *  - POST /provider/twilio/status: call status callbacks; a final status records the call's end once;
 *  - WebSocket /provider/twilio/relay?callId=…: ConversationRelay (setup, prompt, dtmf, interrupt in; text, end,
 *    sendDigits out), each caller utterance a voice.turn through the realtime gateway.
 *
 * Every request, the socket's handshake included, must carry a valid X-Twilio-Signature for the exact public URL
 * (TELEPHONY_WEBHOOK_BASE_URL + path + query) and its form parameters; anything else is refused with 403, counted
 * and sampled (refusedProviderRequests.ts: a refusal costs no storage that grows with the sender's effort, and a
 * source past its refusals gets 429 before its body is read). Bodies are capped at 16 KiB. Accepted status events
 * are recorded once per (call, status): Twilio's retries change nothing.
 */
export function twilioWebhooks(app: App & { metrics: Metrics }, ctx: AgentsContext, phone: PhoneServices): void {
  const publicUrl = (req: FastifyRequest | IncomingMessage, ws = false) =>
    `${ws ? phone.webhookBaseUrl.replace(/^http/, 'ws') : phone.webhookBaseUrl}${req.url ?? ''}`;

  const refusals = createRefusalPolicy(app.metrics);

  async function audit(
    kind: string,
    accepted: boolean,
    url: string,
    params: Params | Record<string, unknown>,
    remote: string | undefined,
    reason: string | null,
    dedupeKey: string | null = null,
  ): Promise<boolean> {
    const rows = await ctx.db.query(
      `insert into agent_phone_provider_requests (provider, kind, accepted, reason, dedupe_key, url, remote_address, params)
       values ($1, $2, $3, $4, $5, $6, $7, $8::text::jsonb)
       on conflict (dedupe_key) where dedupe_key is not null do nothing
       returning id`,
      [phone.provider.name, kind, accepted, reason, dedupeKey, url, remote ?? null, JSON.stringify(params)],
    );
    return rows.length > 0;
  }

  /** A refused request: counted always, stored only when sampled (a summary, never the values). */
  async function auditRefusal(kind: string, url: string, params: Params, remote: string, reason: string) {
    const sample = refusals.refused({ provider: phone.provider.name, kind, reason, ip: remote }, params);
    if (sample) await audit(kind, false, url.slice(0, 500), sample, remote, reason);
  }

  /** Verifies the signature; refuses (403) and audits otherwise. Returns the params when genuine. */
  async function verified(req: FastifyRequest, reply: FastifyReply, kind: string): Promise<Params | null> {
    const params = (req.body ?? {}) as Params;
    const url = publicUrl(req);
    const sig = req.headers['x-twilio-signature'];
    if (phone.provider.verifySignature(Array.isArray(sig) ? sig[0] : sig, url, params)) return params;
    await auditRefusal(kind, url, params, req.ip, sig ? 'signature does not match' : 'unsigned');
    ctx.logger.debug({ kind, url }, 'refused a provider request with a missing or wrong signature');
    await reply.code(403).type('text/plain').send('Forbidden: invalid X-Twilio-Signature');
    return null;
  }

  const twiml = (reply: FastifyReply, xml: string) => reply.code(200).type('text/xml').send(xml);

  app.register(async (scope) => {
    // An address past its refusals is answered before its body is read (onRequest runs before parsing).
    scope.addHook('onRequest', async (req) => refusals.admit(req.ip));
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: PROVIDER_BODY_LIMIT },
      (_req, raw, done) => {
        const out: Params = {};
        for (const [k, v] of new URLSearchParams(String(raw))) out[k] = v;
        done(null, out);
      },
    );

    scope.post<{ Params: { phoneNumberId: string } }>(
      `${TWILIO_PATHS.voice}/:phoneNumberId`,
      { schema: { hide: true }, config: { rateLimit: false } },
      async (req, reply) => {
        const params = await verified(req, reply, 'voice');
        if (!params) return reply;
        const providerCallId = params.CallSid ?? '';
        const number = /^[0-9a-f-]{36}$/i.test(req.params.phoneNumberId)
          ? await readNumber(ctx.db, req.params.phoneNumberId)
          : null;
        await audit('voice', true, publicUrl(req), params, req.ip, null, `voice:${providerCallId}`);
        const language = number?.language ?? undefined;
        if (
          !number ||
          numberStatus({ expiresAt: number.expires_at, releasedAt: number.released_at }, ctx.now()) !== 'active'
        ) {
          return twiml(reply, phone.provider.sayAndHangUpTwiml(LINES.notInService, language));
        }
        // A retry of the same webhook finds the call it created.
        const existing = providerCallId ? await readCallByProviderId(ctx.db, providerCallId) : null;
        if (!existing) {
          await createInboundCall(ctx, number, e164(params.From), providerCallId);
        }
        const call = (await readCallByProviderId(ctx.db, providerCallId))!;
        if (call.ended_at && call.end_reason !== 'ALLOWANCE_EXHAUSTED') {
          return twiml(reply, phone.provider.sayAndHangUpTwiml(LINES.notInService, language)); // a late retry
        }
        if (call.authorised_seconds <= 0) {
          await recordCallEnd(ctx.db, call.id, { at: ctx.now(), reason: 'ALLOWANCE_EXHAUSTED' });
          return twiml(reply, phone.provider.sayAndHangUpTwiml(LINES.allowanceExhausted, language));
        }
        return twiml(
          reply,
          phone.provider.connectTwiml(relayUrl(phone, call.id), {
            greeting: number.begin_message ?? undefined,
            language,
          }),
        );
      },
    );

    scope.post(TWILIO_PATHS.status, { schema: { hide: true }, config: { rateLimit: false } }, async (req, reply) => {
      const params = await verified(req, reply, 'status');
      if (!params) return reply;
      const sid = params.CallSid ?? '';
      const status = params.CallStatus ?? '';
      const fresh = await audit('status', true, publicUrl(req), params, req.ip, null, `status:${sid}:${status}`);
      if (fresh && FINAL.has(status)) await recordFinalStatus(ctx, sid, status, params);
      return reply.code(204).send();
    });
  });

  // --- ConversationRelay socket

  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const sockets = new Set<WebSocket>();
  ctx.realtime.addUpgradeRoute(TWILIO_PATHS.relay, (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = publicUrl(req, true);
    const sig = req.headers['x-twilio-signature'];
    const remote = req.socket.remoteAddress ?? 'unknown';
    try {
      refusals.admit(remote);
    } catch {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 60\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (!phone.provider.verifySignature(Array.isArray(sig) ? sig[0] : sig, url, {})) {
      ctx.logger.debug({ url }, 'refused a relay socket with a missing or wrong signature');
      // Answered once the refusal is counted (and stored, when sampled).
      void auditRefusal('relay', url, {}, remote, sig ? 'signature does not match' : 'unsigned')
        .catch((err: unknown) => ctx.logger.warn({ err }, 'audit of a refused relay socket failed'))
        .finally(() => socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'));
      return;
    }
    const callId = new URL(req.url ?? '/', 'http://x').searchParams.get('callId') ?? '';
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.once('close', () => sockets.delete(ws));
      relaySession(ctx, phone, ws, callId);
    });
  });
  app.addHook('preClose', async () => {
    for (const ws of sockets) ws.close(1001);
  });
}

/** Creates the call row of an inbound call once (a retry of the webhook creates nothing). */
async function createInboundCall(ctx: AgentsContext, number: NumberRow, from: string, providerCallId: string) {
  // The allowance left, less what live inbound calls on the number already hold: concurrent calls never
  // share the same seconds. The number's row lock orders concurrent arrivals.
  await ctx.db.tx(async (tx) => {
    await tx.query(`select id from agent_phone_numbers where id = $1 for update`, [number.id]);
    await tx.query(
      `insert into agent_phone_calls (id, tenant_id, phone_number_id, direction, from_e164, to_e164,
         provider_call_id, authorised_seconds, created_at)
       select $1, $2, $3, 'inbound', $4, $5, $6,
              greatest(0, n.inbound_seconds
                - coalesce((select sum(c.duration_seconds) from agent_phone_calls c
                             where c.phone_number_id = n.id and c.direction = 'inbound'
                               and c.ended_at is not null), 0)
                - coalesce((select sum(c.authorised_seconds) from agent_phone_calls c
                             where c.phone_number_id = n.id and c.direction = 'inbound'
                               and c.ended_at is null), 0)),
              $7
         from agent_phone_numbers n where n.id = $3
       on conflict (provider_call_id) do nothing`,
      [randomUUID(), number.tenant_id, number.id, from, number.e164, providerCallId, ctx.now()],
    );
  });
}

/** A final status of a known call records its end (duration capped at the authorised seconds). */
async function recordFinalStatus(ctx: AgentsContext, sid: string, status: string, params: Params) {
  const call = await readCallByProviderId(ctx.db, sid);
  if (call) {
    const duration = Number(params.CallDuration ?? params.Duration);
    await recordCallEnd(ctx.db, call.id, {
      at: ctx.now(),
      reason: status === 'completed' ? 'completed' : status,
      providerStatus: status,
      durationSeconds:
        Number.isFinite(duration) && params.CallDuration !== undefined
          ? Math.min(duration, call.authorised_seconds)
          : null,
    });
  }
}

/**
 * The caller's number as E.164. A withheld or non-E.164 caller id (Twilio sends "anonymous", "+266696687" …) becomes
 * +10000000000 in the call record and voice turns, whose contract is E.164.
 */
const e164 = (v: string | undefined) => (v && /^\+[1-9]\d{1,14}$/.test(v) ? v : '+10000000000');

/**
 * One ConversationRelay session. Caller utterances are answered one after another (a second utterance waits for
 * the first answer; at most MAX_QUEUED wait, more hear the fallback). Each outcome: answered → `text` (and
 * `sendDigits`, and `end` for hangup); no socket anywhere → the unreachable line and `end`; any other miss
 * (timeout, dropped socket, invalid answer, busy) → the fallback line and the call goes on.
 */
function relaySession(ctx: AgentsContext, phone: PhoneServices, ws: WebSocket, callId: string): void {
  const abort = new AbortController();
  let call: CallRow | null = null;
  let queue: Promise<void> = Promise.resolve();
  let ready: Promise<void> = Promise.resolve();
  let queued = 0;
  let ended = false;
  const MAX_QUEUED = 4;
  const send = (frame: Record<string, unknown>) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };
  const speak = (text: string) => send({ type: 'text', token: text, last: true });
  const end = async (reason: string) => {
    if (ended) return;
    ended = true;
    send({ type: 'end' });
    if (call) {
      if (call.provider_call_id) await phone.provider.endCall(call.provider_call_id).catch(() => {});
      await recordCallEnd(ctx.db, call.id, { at: ctx.now(), reason });
    }
  };

  const turn = async (transcript: string) => {
    if (!call || ended) return;
    const c = call;
    // The caller's line is written beside the turn, not before it (it only has to precede the answer's line).
    const heard = appendTranscript(ctx.db, c.id, 'caller', transcript, ctx.now());
    heard.catch(() => {});
    const outcome = await ctx.realtime.requestVoiceTurn(
      {
        tenantId: c.tenant_id,
        callId: c.id,
        phoneNumberId: c.phone_number_id,
        providerCallId: c.provider_call_id ?? c.id,
        direction: c.direction,
        fromNumber: c.from_e164,
        toNumber: c.to_e164,
        transcript,
        timeoutMs: phone.voiceTurnTimeoutMs,
      },
      { signal: abort.signal },
    );
    await heard;
    if (ended || abort.signal.aborted) return;
    if (outcome.answered) {
      const r = outcome.response;
      if (r.text) {
        speak(r.text);
        await appendTranscript(ctx.db, c.id, 'agent', r.text, ctx.now());
      }
      if (r.digits) send({ type: 'sendDigits', digits: r.digits });
      if (r.hangup) await end('agent_hangup');
      return;
    }
    if (outcome.reason === 'aborted' || outcome.reason === 'stopping') return;
    if (outcome.reason === 'no_socket') {
      speak(LINES.unreachable);
      await appendTranscript(ctx.db, c.id, 'agent', LINES.unreachable, ctx.now());
      await end('agent_unreachable');
      return;
    }
    speak(LINES.fallback);
    await appendTranscript(ctx.db, c.id, 'agent', LINES.fallback, ctx.now());
  };

  const enqueue = (transcript: string) => {
    if (queued >= MAX_QUEUED) {
      speak(LINES.fallback);
      return;
    }
    queued++;
    queue = queue
      .then(() => ready)
      .then(() => turn(transcript))
      .catch((err: unknown) => ctx.logger.warn({ err, callId }, 'voice turn failed'))
      .finally(() => queued--);
  };

  ws.on('message', (data) => {
    let m: Record<string, unknown>;
    try {
      m = JSON.parse(String(data)) as Record<string, unknown>;
    } catch {
      return;
    }
    switch (m.type) {
      case 'setup':
        ready = (async () => {
          const c = await readCall(ctx.db, callId);
          if (!c || c.ended_at || (c.provider_call_id && m.callSid !== c.provider_call_id)) {
            ended = true;
            send({ type: 'end' });
            return;
          }
          await ctx.db.query(`update agent_phone_calls set connected_at = coalesce(connected_at, $2) where id = $1`, [
            c.id,
            ctx.now(),
          ]);
          call = await readCall(ctx.db, c.id);
        })().catch((err: unknown) => ctx.logger.warn({ err, callId }, 'relay setup failed'));
        void ready;
        return;
      case 'prompt':
        if (m.last === false || typeof m.voicePrompt !== 'string' || !m.voicePrompt.trim()) return;
        enqueue(m.voicePrompt.slice(0, 16_000));
        return;
      case 'dtmf':
        if (typeof m.digit === 'string') enqueue(`[dtmf] ${m.digit.slice(0, 8)}`);
        return;
      case 'interrupt':
        // The caller spoke over the answer; the next prompt carries what they said.
        return;
      default:
        return;
    }
  });
  ws.once('close', () => abort.abort());
}
