import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import WebSocket from 'ws';
import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  openAgentsDb,
  paidCall,
  payerClient,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
  type Payer,
} from '../_test/agentsTestKit.ts';
import { eventually } from '../events/_test/eventsKit.ts';
import { ProviderTemporaryFailure } from '../paywall/paywall.ts';
import { TestClient, type Frame } from '../realtime/_test/wsClient.ts';
import { REALTIME_PATH } from '../realtime/protocol.ts';
import { startPrism, type Prism } from './_test/prism.ts';
import { TEST_CREDENTIALS_INVALID_TO, TwilioRefuses } from './_test/twilioRefuses.ts';
import { listRefundsOwed } from '../paywall/refundsOwed.ts';
import { LINES, TWILIO_PATHS } from './phoneServices.ts';
import { sweepPhone } from './phoneSweep.ts';
import { createTwilioProvider } from './provider/twilioProvider.ts';
import type { TelephonyProvider } from './provider/telephonyProvider.ts';

// Numbers and calls end to end: x402 on the devnet, the real Twilio adapter against Prism serving Twilio's OpenAPI
// description (every request validated by Twilio's schema), the agents server listening on a real port, the agent's
// events socket and a ConversationRelay client speaking Twilio's protocol with Twilio's signatures.

const ACCOUNT = 'AC' + 'fedcba9876543210'.repeat(2);
const AUTH_TOKEN = 'phone-test-auth-token-0123456789';
const PUBLIC = 'https://agents.example';
const DAY = 86_400_000;

let chain: Chain;
let db: Database;
let prism: Prism;
let h: AgentsHarness;
let port: number;
let offsetMs = 0;
let failNextBuy = 0;
/** The next placeCall / hasLocalNumber is answered by Twilio's refusal (test credentials: 400, error 21211). */
let refuseNextPlace = 0;
let refuseNextOffer = 0;
let ada: Payer;
let bob: Payer;

beforeAll(async () => {
  [chain, db, prism] = await Promise.all([startChain(), openAgentsDb(), startPrism()]);
  const real = createTwilioProvider({ accountSid: ACCOUNT, authToken: AUTH_TOKEN, httpClient: prism.httpClient });
  const refusing = createTwilioProvider({
    accountSid: ACCOUNT,
    authToken: AUTH_TOKEN,
    httpClient: new TwilioRefuses(),
  });
  const telephony: TelephonyProvider = {
    ...real,
    placeCall: async (c) => {
      if (refuseNextPlace > 0) {
        refuseNextPlace--;
        return refusing.placeCall(c);
      }
      return real.placeCall(c);
    },
    hasLocalNumber: async (...args) => {
      if (refuseNextOffer > 0) {
        refuseNextOffer--;
        return refusing.hasLocalNumber(...args);
      }
      return real.hasLocalNumber(...args);
    },
    buyLocalNumber: async (...args) => {
      if (failNextBuy > 0) {
        failNextBuy--;
        throw new ProviderTemporaryFailure('injected: provider 503');
      }
      return real.buyLocalNumber(...args);
    },
  };
  h = await startAgents({
    db,
    chain,
    telephony,
    now: () => new Date(Date.now() + offsetMs),
    env: {
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TELEPHONY_WEBHOOK_BASE_URL: PUBLIC,
      PHONE_SWEEP_MS: '600000',
      VOICE_TURN_TIMEOUT_MS: '3000',
    },
  });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  port = (h.app.server.address() as AddressInfo).port;
  ada = payerClient(chain.payers[0]!);
  bob = payerClient(chain.payers[1]!);
}, 180_000);

afterAll(async () => {
  await h?.close();
  await Promise.all([prism?.close(), chain?.devnet.stop(), db?.close()]);
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sign = (url: string, params: Record<string, string>) =>
  twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, params);

/** A provider webhook POST as Twilio sends it: form-encoded, signed over the public URL. */
async function providerPost(path: string, params: Record<string, string>, signature?: string) {
  const r = await h.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? sign(`${PUBLIC}${path}`, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
  return { status: r.statusCode, body: r.body };
}

/** Twilio's side of ConversationRelay: a signed WebSocket to the relay URL. */
async function relayClient(
  callId: string,
  signature?: string,
): Promise<{ ws: WebSocket; frames: Frame[]; next(type: string): Promise<Frame> }> {
  const path = `${TWILIO_PATHS.relay}?callId=${callId}`;
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
    headers: { 'x-twilio-signature': signature ?? sign(`${PUBLIC.replace(/^http/, 'ws')}${path}`, {}) },
  });
  const frames: Frame[] = [];
  const waiters: { type: string; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (d) => {
    const f = JSON.parse(String(d)) as Frame;
    const w = waiters.findIndex((x) => x.type === f.type);
    if (w >= 0) waiters.splice(w, 1)[0]!.resolve(f);
    else frames.push(f);
  });
  await new Promise<void>((res, rej) => {
    ws.once('open', () => res());
    ws.once('unexpected-response', (_q, r) => rej(new Error(`upgrade refused: ${r.statusCode}`)));
    ws.once('error', rej);
  });
  return {
    ws,
    frames,
    next: (type) => {
      const i = frames.findIndex((f) => f.type === type);
      if (i >= 0) return Promise.resolve(frames.splice(i, 1)[0]!);
      return new Promise((res, rej) => {
        const t = setTimeout(() => rej(new Error(`no ${type} frame; got ${JSON.stringify(frames)}`)), 10_000);
        waiters.push({ type, resolve: (f) => (clearTimeout(t), res(f)) });
      });
    },
  };
}

async function eventsSocket(token: string): Promise<TestClient> {
  const r = await call(h.app, 'GET', '/api/v1/events/realtime-token', { headers: bearer(token) });
  return TestClient.open(`ws://127.0.0.1:${port}${REALTIME_PATH}`, r.body.data.realtime.token as string);
}

const eventsOf = (type: string, resourceId: string) =>
  db.query<{ payload: Record<string, unknown>; source: string }>(
    `select payload, source from agent_events where type = $1 and resource_id = $2 order by created_at`,
    [type, resourceId],
  );

let adaToken = '';
let adaNumber = '';
let adaE164 = '';
let adaCall = '';

describe('phone numbers and calls (devnet x402, Twilio adapter against Prism, real sockets)', () => {
  it('an agent buys a US number with x402; the token is issued once; a replay repeats nothing', async () => {
    const before = await chain.balance(ada.address);
    const body = { agentName: 'Ada', areaCode: '808', beginMessage: 'Ada speaking' };
    const r = await paidCall(h.app, ada, 'POST', '/api/v1/phone/purchase-us-number-30-days', body);
    expect(r.challenge.status).toBe(402);
    expect(r.paid.status).toBe(201);
    const d = r.paid.body.data;
    expect(r.paid.body.authentication).toMatchObject({ status: 'issued', walletAddress: ada.address });
    adaToken = r.paid.body.authentication.accessToken;
    expect(adaToken).toMatch(/^at_v1_/);
    expect(d).toMatchObject({
      country: 'US',
      agentName: 'Ada',
      areaCode: '808',
      status: 'active',
      entitlementDays: 30,
    });
    expect(Date.parse(d.expiresAt) - Date.parse(d.createdAt)).toBe(30 * DAY);
    expect(d.inboundAllowanceSeconds).toBe(0);
    adaNumber = d.phoneNumberId;
    adaE164 = d.number;
    expect(adaE164).toMatch(/^\+1\d{10}$/);

    const again = await call(h.app, 'POST', '/api/v1/phone/purchase-us-number-30-days', {
      body,
      headers: { 'payment-signature': r.signature, 'idempotency-key': r.key },
    });
    expect(again.status).toBe(201);
    expect(again.body.authentication).toMatchObject({ status: 'already_issued', accessToken: null });
    expect(again.body.data.phoneNumberId).toBe(adaNumber);
    expect(before - (await chain.balance(ada.address))).toBe(5_000_000n);
    const n = await db.query(
      'select id from agent_phone_numbers where tenant_id = (select tenant_id from agent_phone_numbers where id = $1)',
      [adaNumber],
    );
    expect(n).toHaveLength(1);
    expect(prism.violations).toEqual([]);
  });

  it('a provider failure after settlement answers PROVIDER_TEMPORARY_FAILURE; the same key and proof complete it without a second charge', async () => {
    const before = await chain.balance(ada.address);
    failNextBuy = 1;
    const body = { agentName: 'Ada 2', areaCode: '808' };
    const r = await paidCall(h.app, ada, 'POST', '/api/v1/phone/purchase-us-number-30-days', body, { token: adaToken });
    expect([r.paid.status, r.paid.body.error?.code]).toEqual([502, 'PROVIDER_TEMPORARY_FAILURE']);
    const retry = await call(h.app, 'POST', '/api/v1/phone/purchase-us-number-30-days', {
      body,
      headers: { ...bearer(adaToken), 'payment-signature': r.signature, 'idempotency-key': r.key },
    });
    expect(retry.status).toBe(201);
    expect(retry.body.data.status).toBe('active');
    expect(before - (await chain.balance(ada.address))).toBe(5_000_000n);
    const paidRequest = (
      await db.query<{ id: string }>(`select id from agent_paid_requests where idempotency_key = $1`, [r.key])
    )[0]!.id;
    const [completed, ...more] = await eventsOf('payment.completed', paidRequest);
    expect(more).toEqual([]);
    expect(completed!.source).toBe('agentos.internal');
    expect(completed!.payload).toMatchObject({
      serviceId: 'phone.number.us.30d',
      amount: '5',
      amountUnits: '5000000',
      currency: 'USDT',
      payer: ada.address,
    });
  });

  it('every x402 settlement of the tenant is an event: payment.completed, and payment.failed when it cannot settle', async () => {
    const email = await paidCall(
      h.app,
      ada,
      'POST',
      '/api/v1/email/mailboxes',
      { localPart: 'ada-phone', displayName: 'Ada' },
      { token: adaToken },
    );
    expect(email.paid.status).toBe(201);
    const id = (
      await db.query<{ id: string }>(`select id from agent_paid_requests where idempotency_key = $1`, [email.key])
    )[0]!.id;
    expect((await eventsOf('payment.completed', id))[0]!.payload).toMatchObject({
      serviceId: 'email.mailbox.create',
      amount: '0.25',
    });

    // A proof replayed after its validity window: refused before settlement, nothing charged, payment.failed.
    const body = { agentName: 'Late', areaCode: '808' };
    const first = await call(h.app, 'POST', '/api/v1/phone/purchase-us-number-30-days', {
      body,
      headers: { ...bearer(adaToken), 'idempotency-key': 'late-1' },
    });
    const { header } = await ada.pay(String(first.headers['payment-required']));
    offsetMs = 3_600_000;
    const late = await call(h.app, 'POST', '/api/v1/phone/purchase-us-number-30-days', {
      body,
      headers: { ...bearer(adaToken), 'payment-signature': header, 'idempotency-key': 'late-1' },
    });
    offsetMs = 0;
    expect(late.status).toBe(402);
    const failed = await db.query<{ payload: Record<string, unknown> }>(
      `select payload from agent_events where type = 'payment.failed' and payload->>'serviceId' = 'phone.number.us.30d'`,
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]!.payload).toMatchObject({ payer: ada.address, amountUnits: '5000000', charged: false });
  });

  it('a provider refusal is precise: 502 PROVIDER_REFUSED with Twilio’s code before payment, a refund owed after settlement', async () => {
    const twilioSays = { name: 'twilio', status: 400, code: '21211', message: TEST_CREDENTIALS_INVALID_TO.message };
    // Before any challenge (the precheck asks for numbers on offer): nothing is charged.
    refuseNextOffer = 1;
    const offer = await call(h.app, 'POST', '/api/v1/phone/purchase-us-number-30-days', {
      body: { agentName: 'Refused', areaCode: '808' },
      headers: { ...bearer(adaToken), 'idempotency-key': 'refused-offer' },
    });
    expect([offer.status, offer.body.error.code]).toEqual([502, 'PROVIDER_REFUSED']);
    expect(offer.body.error.provider).toEqual(twilioSays);
    expect(offer.body.error.message).toContain('error 21211');
    expect(offer.headers['payment-required']).toBeUndefined();

    // After settlement (the call is placed once paid): the payment is owed back, on this answer and every replay.
    const before = await chain.balance(ada.address);
    refuseNextPlace = 1;
    const body = { phoneNumberId: adaNumber, toNumber: '+15005550001' };
    const r = await paidCall(h.app, ada, 'POST', '/api/v1/phone/call-1-minute', body, { token: adaToken });
    expect([r.paid.status, r.paid.body.error.code]).toEqual([422, 'REFUND_OWED']);
    expect(r.paid.body.error.provider).toEqual(twilioSays);
    expect(r.paid.body.error.message).toContain('error 21211');
    expect(r.paid.headers['payment-response']).toBeDefined();
    expect(before - (await chain.balance(ada.address))).toBe(300_000n);
    const again = await call(h.app, 'POST', '/api/v1/phone/call-1-minute', {
      body,
      headers: { ...bearer(adaToken), 'payment-signature': r.signature, 'idempotency-key': r.key },
    });
    expect([again.status, again.body.error.code, again.body.error.refund.id]).toEqual([
      422,
      'REFUND_OWED',
      r.paid.body.error.refund.id,
    ]);
    const refunds = await listRefundsOwed(db);
    expect(refunds.find((x) => x.id === r.paid.body.error.refund.id)).toMatchObject({
      walletAddress: ada.address,
      amountUnits: '300000',
    });
    // The call the provider never placed is not left behind as a live call.
    expect(
      await db.query(`select 1 from agent_phone_calls where to_e164 = '+15005550001' and ended_at is null`),
    ).toHaveLength(0);
  });

  it('another tenant’s number or call is refused before any payment challenge', async () => {
    const b = await paidCall(h.app, bob, 'POST', '/api/v1/phone/purchase-canada-number-30-days', {
      agentName: 'Bob',
      areaCode: '416',
    });
    expect(b.paid.status).toBe(201);
    const bobToken = b.paid.body.authentication.accessToken as string;
    const calls = await call(h.app, 'POST', '/api/v1/phone/call-1-minute', {
      body: { phoneNumberId: adaNumber, toNumber: '+14155550100' },
      headers: bearer(bobToken),
    });
    expect([calls.status, calls.body.error.code, calls.headers['payment-required']]).toEqual([
      403,
      'RESOURCE_NOT_OWNED',
      undefined,
    ]);
    for (const path of ['/api/v1/phone/renew-number-30-days', '/api/v1/phone/add-inbound-minutes-10']) {
      const r = await call(h.app, 'POST', path, { body: { phoneNumberId: adaNumber }, headers: bearer(bobToken) });
      expect([r.status, r.body.error.code]).toEqual([403, 'RESOURCE_NOT_OWNED']);
    }
    const unknown = await call(h.app, 'POST', '/api/v1/phone/renew-number-30-days', {
      body: { phoneNumberId: '00000000-0000-4000-8000-000000000000' },
      headers: bearer(bobToken),
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    (globalThis as { bobToken?: string }).bobToken = bobToken;
  });

  it('a 1-minute call: voice.turn for "hello", the answer spoken, +60 s, ended at the authorised time, phone.call.ended, transcript', async () => {
    const agent = await eventsSocket(adaToken);
    const placed = await paidCall(
      h.app,
      ada,
      'POST',
      '/api/v1/phone/call-1-minute',
      { phoneNumberId: adaNumber, toNumber: '+14155550123', initialGreeting: 'Hello, this is Ada' },
      { token: adaToken },
    );
    expect(placed.paid.status).toBe(201);
    const c = placed.paid.body.data;
    expect(c).toMatchObject({
      direction: 'outbound',
      fromNumber: adaE164,
      toNumber: '+14155550123',
      authorisedSeconds: 60,
      status: 'initiated',
    });
    expect(c.providerCallId).toMatch(/^CA[0-9a-fA-F]{32}$/);
    adaCall = c.callId;

    const bobToken = (globalThis as { bobToken?: string }).bobToken!;
    const foreign = await call(h.app, 'POST', '/api/v1/phone/extend-call-1-minute', {
      body: { callId: adaCall },
      headers: bearer(bobToken),
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([403, 'RESOURCE_NOT_OWNED']);
    expect((await call(h.app, 'GET', `/api/v1/phone/calls/${adaCall}`, { headers: bearer(bobToken) })).status).toBe(
      403,
    );

    const relay = await relayClient(adaCall);
    relay.ws.send(
      JSON.stringify({
        type: 'setup',
        sessionId: 'VX1',
        callSid: c.providerCallId,
        from: adaE164,
        to: '+14155550123',
        direction: 'outbound-api',
      }),
    );
    relay.ws.send(JSON.stringify({ type: 'prompt', voicePrompt: 'hello', lang: 'en-US', last: true }));
    const turn = await agent.next((f) => f.type === 'voice.turn');
    expect(turn).toMatchObject({
      callId: adaCall,
      phoneNumberId: adaNumber,
      providerCallId: c.providerCallId,
      direction: 'outbound',
      transcript: 'hello',
    });
    agent.send({ type: 'voice.response', turnId: turn.turnId, text: 'Hi, Ada here.', hangup: false });
    expect(await relay.next('text')).toMatchObject({ type: 'text', token: 'Hi, Ada here.', last: true });

    const ext = await paidCall(
      h.app,
      ada,
      'POST',
      '/api/v1/phone/extend-call-1-minute',
      { callId: adaCall },
      { token: adaToken },
    );
    expect(ext.paid.status).toBe(200);
    expect(ext.paid.body.data).toMatchObject({ authorisedSeconds: 120, secondsAdded: 60, status: 'connected' });
    const connectedAt = Date.parse(ext.paid.body.data.connectedAt);
    expect(Date.parse(ext.paid.body.data.endsBy) - connectedAt).toBe(120_000);

    // One second before the authorised time nothing ends; at it, the sweep ends the call.
    offsetMs = connectedAt + 119_000 - Date.now();
    await sweepPhone(h.ctx);
    expect(
      (await call(h.app, 'GET', `/api/v1/phone/calls/${adaCall}`, { headers: bearer(adaToken) })).body.data.status,
    ).toBe('connected');
    offsetMs = connectedAt + 120_500 - Date.now();
    await sweepPhone(h.ctx);
    const got = await call(h.app, 'GET', `/api/v1/phone/calls/${adaCall}`, { headers: bearer(adaToken) });
    expect(got.body.data).toMatchObject({
      status: 'ended',
      endReason: 'time_limit',
      durationSeconds: 120,
      hasTranscript: true,
    });
    offsetMs = 0;

    const ended = await agent.next((f) => f.type === 'event.delivery' && f.event.type === 'phone.call.ended');
    expect(ended.event.payload).toMatchObject({
      callId: adaCall,
      direction: 'outbound',
      reason: 'time_limit',
      durationSeconds: 120,
      hasTranscript: true,
    });
    agent.ack(ended.event.eventId as string);

    // Twilio's status callback (and its retry) after our end changes nothing and makes no second event.
    const params = { AccountSid: ACCOUNT, CallSid: c.providerCallId, CallStatus: 'completed', CallDuration: '120' };
    expect((await providerPost(TWILIO_PATHS.status, params)).status).toBe(204);
    expect((await providerPost(TWILIO_PATHS.status, params)).status).toBe(204);
    expect(await eventsOf('phone.call.ended', adaCall)).toHaveLength(1);

    const t = await call(h.app, 'GET', `/api/v1/phone/calls/${adaCall}/transcript`, { headers: bearer(adaToken) });
    expect(t.body.data.recording).toBe(false);
    expect(t.body.data.entries.map((e: Frame) => [e.speaker, e.text])).toEqual([
      ['caller', 'hello'],
      ['agent', 'Hi, Ada here.'],
    ]);
    const late = await call(h.app, 'POST', '/api/v1/phone/extend-call-1-minute', {
      body: { callId: adaCall },
      headers: bearer(adaToken),
    });
    expect([late.status, late.body.error.code]).toEqual([409, 'CALL_NOT_ACTIVE']);
    relay.ws.close();
    await agent.close();
    expect(prism.violations).toEqual([]);
  }, 60_000);

  it('a slow or invalid answer speaks the fallback and the call goes on; digits are sent; hangup ends the call', async () => {
    const agent = await eventsSocket(adaToken);
    const placed = await paidCall(
      h.app,
      ada,
      'POST',
      '/api/v1/phone/call-1-minute',
      { phoneNumberId: adaNumber, toNumber: '+14155550125' },
      { token: adaToken },
    );
    const c = placed.paid.body.data;
    const relay = await relayClient(c.callId);
    relay.ws.send(JSON.stringify({ type: 'setup', callSid: c.providerCallId }));

    relay.ws.send(JSON.stringify({ type: 'prompt', voicePrompt: 'are you slow?', last: true }));
    const slow = await agent.next((f) => f.type === 'voice.turn');
    expect(await relay.next('text')).toMatchObject({ token: LINES.fallback }); // after VOICE_TURN_TIMEOUT_MS
    expect(await agent.next((f) => f.type === 'voice.timeout')).toMatchObject({ turnId: slow.turnId });

    relay.ws.send(JSON.stringify({ type: 'prompt', voicePrompt: 'say too much', last: true }));
    const invalid = await agent.next((f) => f.type === 'voice.turn');
    agent.send({ type: 'voice.response', turnId: invalid.turnId, text: 'x'.repeat(2001) });
    expect(await relay.next('text')).toMatchObject({ token: LINES.fallback });

    relay.ws.send(JSON.stringify({ type: 'dtmf', digit: '5' }));
    const dtmf = await agent.next((f) => f.type === 'voice.turn');
    expect(dtmf.transcript).toBe('[dtmf] 5');
    agent.send({ type: 'voice.response', turnId: dtmf.turnId, text: 'Connecting you.', digits: '12#' });
    expect(await relay.next('text')).toMatchObject({ token: 'Connecting you.' });
    expect(await relay.next('sendDigits')).toMatchObject({ digits: '12#' });

    relay.ws.send(JSON.stringify({ type: 'prompt', voicePrompt: 'bye', last: true }));
    const bye = await agent.next((f) => f.type === 'voice.turn');
    agent.send({ type: 'voice.response', turnId: bye.turnId, text: 'Goodbye.', hangup: true });
    expect(await relay.next('text')).toMatchObject({ token: 'Goodbye.' });
    await relay.next('end');
    const ended = await agent.next((f) => f.type === 'event.delivery' && f.event.type === 'phone.call.ended');
    expect(ended.event.payload).toMatchObject({ callId: c.callId, reason: 'agent_hangup', hasTranscript: true });
    const t = await call(h.app, 'GET', `/api/v1/phone/calls/${c.callId}/transcript`, { headers: bearer(adaToken) });
    expect(t.body.data.entries.map((e: Frame) => e.text)).toEqual([
      'are you slow?',
      LINES.fallback,
      'say too much',
      LINES.fallback,
      '[dtmf] 5',
      'Connecting you.',
      'bye',
      'Goodbye.',
    ]);
    relay.ws.close();
    await agent.close();
  }, 30_000);

  it('no agent socket: the caller hears that the agent is unreachable and the call ends', async () => {
    const placed = await paidCall(
      h.app,
      ada,
      'POST',
      '/api/v1/phone/call-5-minutes',
      { phoneNumberId: adaNumber, toNumber: '+14155550124' },
      { token: adaToken },
    );
    expect(placed.paid.body.data.authorisedSeconds).toBe(300);
    const relay = await relayClient(placed.paid.body.data.callId);
    relay.ws.send(JSON.stringify({ type: 'setup', callSid: placed.paid.body.data.providerCallId }));
    relay.ws.send(JSON.stringify({ type: 'prompt', voicePrompt: 'anyone there?', last: true }));
    expect(await relay.next('text')).toMatchObject({ token: LINES.unreachable });
    await relay.next('end');
    const got = await eventually(async () => {
      const r = await call(h.app, 'GET', `/api/v1/phone/calls/${placed.paid.body.data.callId}`, {
        headers: bearer(adaToken),
      });
      return r.body.data.status === 'ended' ? r.body.data : undefined;
    });
    expect(got.endReason).toBe('agent_unreachable');
    relay.ws.close();
  }, 30_000);

  it('an inbound call with no allowance left ends with the message; after 10 inbound minutes it connects', async () => {
    const voicePath = `${TWILIO_PATHS.voice}/${adaNumber}`;
    const inbound = {
      AccountSid: ACCOUNT,
      CallSid: 'CA' + '1'.repeat(32),
      From: '+14155550199',
      To: adaE164,
      CallStatus: 'ringing',
      Direction: 'inbound',
    };
    const r = await providerPost(voicePath, inbound);
    expect(r.status).toBe(200);
    expect(r.body).toContain(`<Say>${LINES.allowanceExhausted}</Say><Hangup/>`);
    const c = (
      await db.query<{ id: string }>('select id from agent_phone_calls where provider_call_id = $1', [inbound.CallSid])
    )[0]!;
    const [ev] = await eventsOf('phone.call.ended', c.id);
    expect(ev!.payload).toMatchObject({ direction: 'inbound', reason: 'ALLOWANCE_EXHAUSTED', durationSeconds: 0 });

    const add = await paidCall(
      h.app,
      ada,
      'POST',
      '/api/v1/phone/add-inbound-minutes-10',
      { phoneNumberId: adaNumber },
      { token: adaToken },
    );
    expect(add.paid.body.data).toMatchObject({ inboundAllowanceSeconds: 600, secondsAdded: 600 });
    const second = { ...inbound, CallSid: 'CA' + '2'.repeat(32) };
    const ok = await providerPost(voicePath, second);
    expect(ok.body).toContain('<Connect><ConversationRelay url="wss://agents.example/provider/twilio/relay?callId=');
    expect(ok.body).toContain('welcomeGreeting="Ada speaking"');
    const row = (
      await db.query<{ authorised_seconds: number }>(
        'select authorised_seconds from agent_phone_calls where provider_call_id = $1',
        [second.CallSid],
      )
    )[0]!;
    expect(row.authorised_seconds).toBe(600);
    // Twilio retries the webhook: the same call, not a second one.
    await providerPost(voicePath, second);
    expect(
      await db.query('select 1 from agent_phone_calls where provider_call_id = $1', [second.CallSid]),
    ).toHaveLength(1);

    // A concurrent inbound call gets only what the live one does not hold: nothing here.
    const third = { ...inbound, CallSid: 'CA' + '5'.repeat(32) };
    expect((await providerPost(voicePath, third)).body).toContain(`<Say>${LINES.allowanceExhausted}</Say>`);
    // Once the live call ended after 100 s, the next one gets the 500 s left.
    const live = (
      await db.query<{ id: string }>('select id from agent_phone_calls where provider_call_id = $1', [second.CallSid])
    )[0]!;
    expect(
      (
        await providerPost(TWILIO_PATHS.status, {
          CallSid: second.CallSid,
          CallStatus: 'completed',
          CallDuration: '100',
        })
      ).status,
    ).toBe(204);
    expect((await eventsOf('phone.call.ended', live.id))[0]!.payload).toMatchObject({
      durationSeconds: 100,
      reason: 'completed',
    });
    const fourth = { ...inbound, CallSid: 'CA' + '6'.repeat(32) };
    expect((await providerPost(voicePath, fourth)).body).toContain('<Connect>');
    const row4 = (
      await db.query<{ authorised_seconds: number }>(
        'select authorised_seconds from agent_phone_calls where provider_call_id = $1',
        [fourth.CallSid],
      )
    )[0]!;
    expect(row4.authorised_seconds).toBe(500);
    const listed = (
      await call(h.app, 'GET', '/api/v1/phone/numbers', { headers: bearer(adaToken) })
    ).body.data.numbers.find((x: Frame) => x.phoneNumberId === adaNumber);
    expect(listed.inboundAllowanceSeconds).toBe(500);
  });

  it('forged or unsigned provider requests are refused (403) and audited', async () => {
    const params = { AccountSid: ACCOUNT, CallSid: 'CA' + '3'.repeat(32), CallStatus: 'completed' };
    expect((await providerPost(TWILIO_PATHS.status, params, 'forged')).status).toBe(403);
    const wrongKey = twilio.getExpectedTwilioSignature(
      'another-token-0123456789',
      `${PUBLIC}${TWILIO_PATHS.status}`,
      params,
    );
    expect((await providerPost(TWILIO_PATHS.status, params, wrongKey)).status).toBe(403);
    expect((await providerPost(`${TWILIO_PATHS.voice}/${adaNumber}`, params, '')).status).toBe(403);
    await expect(relayClient(adaCall, 'forged')).rejects.toThrow(/403/);
    const audit = await db.query<{ kind: string; reason: string }>(
      `select kind, reason from agent_phone_provider_requests where accepted = false order by id`,
    );
    expect(audit.map((a) => a.kind)).toEqual(['status', 'status', 'voice', 'relay']);
  });

  it('expiry warnings arrive once each at 5, 3 and 1 days before expiry, with every field', async () => {
    const n = (await call(h.app, 'GET', '/api/v1/phone/numbers', { headers: bearer(adaToken) })).body.data.numbers.find(
      (x: Frame) => x.phoneNumberId === adaNumber,
    );
    const expires = Date.parse(n.expiresAt);
    for (const [daysLeft, expected] of [
      [6, 0],
      [4.9, 1],
      [4.5, 1],
      [2.9, 2],
      [0.9, 3],
      [0.5, 3],
    ] as const) {
      offsetMs = expires - daysLeft * DAY - Date.now();
      await Promise.all([sweepPhone(h.ctx), sweepPhone(h.ctx)]); // two processes at once
      expect(await eventsOf('phone.number.expiring', adaNumber)).toHaveLength(expected);
    }
    offsetMs = 0;
    // Our own state's facts (no provider report behind them) carry source agentos.internal (spec: durable events).
    expect(new Set((await eventsOf('phone.number.expiring', adaNumber)).map((e) => e.source))).toEqual(
      new Set(['agentos.internal']),
    );
    const warnings = (await eventsOf('phone.number.expiring', adaNumber)).map((e) => e.payload);
    expect(warnings.map((w) => w.daysBeforeExpiry)).toEqual([5, 3, 1]);
    expect(warnings[0]).toMatchObject({
      phoneNumberId: adaNumber,
      number: adaE164,
      expiresAt: n.expiresAt,
      renewalDeadline: n.renewalDeadline,
      price: '5.00',
      renewal: {
        serviceId: 'phone.number.renew.30d',
        method: 'POST',
        endpoint: '/api/v1/phone/renew-number-30-days',
        requestBody: { phoneNumberId: adaNumber },
      },
    });
    expect(warnings[0]!.releaseWarning).toMatch(/released irreversibly/);
  });

  it('renew adds exactly 30 days to the current expiry; an expired number is suspended; release is irreversible', async () => {
    const before = (
      await call(h.app, 'GET', '/api/v1/phone/numbers', { headers: bearer(adaToken) })
    ).body.data.numbers.find((x: Frame) => x.phoneNumberId === adaNumber);
    const r = await paidCall(
      h.app,
      ada,
      'POST',
      '/api/v1/phone/renew-number-30-days',
      { phoneNumberId: adaNumber },
      { token: adaToken },
    );
    expect(r.paid.status).toBe(200);
    expect(Date.parse(r.paid.body.data.expiresAt) - Date.parse(before.expiresAt)).toBe(30 * DAY);
    const [renewed] = await eventsOf('phone.number.renewed', adaNumber);
    expect(renewed!.payload).toMatchObject({
      previousExpiresAt: before.expiresAt,
      expiresAt: r.paid.body.data.expiresAt,
      daysAdded: 30,
    });

    // Past the new expiry: suspended. Outbound refused with NUMBER_EXPIRING before any challenge; inbound hears it.
    offsetMs = Date.parse(r.paid.body.data.expiresAt) + 1000 - Date.now();
    const out = await call(h.app, 'POST', '/api/v1/phone/call-1-minute', {
      body: { phoneNumberId: adaNumber, toNumber: '+14155550100' },
      headers: bearer(adaToken),
    });
    expect([out.status, out.body.error.code, out.headers['payment-required']]).toEqual([
      409,
      'NUMBER_EXPIRING',
      undefined,
    ]);
    const inbound = await providerPost(`${TWILIO_PATHS.voice}/${adaNumber}`, {
      CallSid: 'CA' + '4'.repeat(32),
      From: '+14155550199',
      To: adaE164,
    });
    expect(inbound.body).toContain(`<Say>${LINES.notInService}</Say><Hangup/>`);
    offsetMs = 0;

    const refused = await call(h.app, 'POST', '/api/v1/phone/release-number', {
      body: { phoneNumberId: adaNumber, confirmRelease: false },
      headers: bearer(adaToken),
    });
    expect([refused.status, refused.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const rel = await call(h.app, 'POST', '/api/v1/phone/release-number', {
      body: { phoneNumberId: adaNumber, confirmRelease: true },
      headers: bearer(adaToken),
    });
    expect(rel.status).toBe(200);
    expect(rel.body.data).toMatchObject({ status: 'released' });
    expect(await eventsOf('phone.number.released', adaNumber)).toHaveLength(1);
    for (const [path, body] of [
      ['/api/v1/phone/release-number', { phoneNumberId: adaNumber, confirmRelease: true }],
      ['/api/v1/phone/renew-number-30-days', { phoneNumberId: adaNumber }],
      ['/api/v1/phone/call-1-minute', { phoneNumberId: adaNumber, toNumber: '+14155550100' }],
    ] as const) {
      const again = await call(h.app, 'POST', path, { body, headers: bearer(adaToken) });
      expect([again.status, again.body.error.code]).toEqual([410, 'NUMBER_RELEASED']);
    }
    expect(prism.violations).toEqual([]);
  });

  it('an expired number is released at the provider after the grace period', async () => {
    const n = (await call(h.app, 'GET', '/api/v1/phone/numbers', { headers: bearer(adaToken) })).body.data.numbers.find(
      (x: Frame) => x.status === 'active',
    );
    offsetMs = Date.parse(n.renewalDeadline) - 1000 - Date.now();
    await sweepPhone(h.ctx);
    expect(await eventsOf('phone.number.released', n.phoneNumberId)).toHaveLength(0);
    offsetMs = Date.parse(n.renewalDeadline) + 1000 - Date.now();
    await sweepPhone(h.ctx);
    offsetMs = 0;
    const [ev] = await eventsOf('phone.number.released', n.phoneNumberId);
    expect(ev!.payload).toMatchObject({ reason: 'expired', irreversible: true });
  });

  it('reconciliation: a call whose end never reached us is ended from the provider’s record, with an event', async () => {
    const n = (await call(h.app, 'GET', '/api/v1/phone/numbers', { headers: bearer(adaToken) })).body.data.numbers[0];
    const callId = '11111111-2222-4333-8444-555555555555';
    const tenant = (
      await db.query<{ tenant_id: string }>('select tenant_id from agent_phone_numbers where id = $1', [
        n.phoneNumberId,
      ])
    )[0]!;
    await db.query(
      `insert into agent_phone_calls (id, tenant_id, phone_number_id, direction, from_e164, to_e164, provider_call_id,
         authorised_seconds, created_at)
       values ($1, $2, $3, 'outbound', $4, '+14155550126', $5, 60, now() - interval '10 minutes')`,
      [callId, tenant.tenant_id, n.phoneNumberId, n.number, 'CA' + '9'.repeat(32)],
    );
    await sweepPhone(h.ctx, { reconcile: true });
    await sweepPhone(h.ctx, { reconcile: true });
    const [ev, ...more] = await eventsOf('phone.reconciliation.call_ended', callId);
    expect(more).toEqual([]);
    // Twilio's example call record says completed.
    expect(ev!.payload).toMatchObject({ callId, providerStatus: 'completed' });
    expect(await eventsOf('phone.call.ended', callId)).toHaveLength(1);
    expect(prism.violations).toEqual([]);
  });

  it('without a provider configured, every phone service is unavailable (503 before any challenge)', async () => {
    const bare = await startAgents({ db, chain });
    try {
      const rec = bare.ctx.catalog.find('phone.number.us.30d')!;
      expect([rec.available, rec.x402Price]).toEqual([false, null]);
      const r = await call(bare.app, 'POST', '/api/v1/phone/purchase-us-number-30-days', {
        body: { agentName: 'x', areaCode: '415' },
      });
      expect([r.status, r.body.error.code, r.headers['payment-required']]).toEqual([
        503,
        'SERVICE_UNAVAILABLE',
        undefined,
      ]);
    } finally {
      await bare.close();
    }
  });
});
