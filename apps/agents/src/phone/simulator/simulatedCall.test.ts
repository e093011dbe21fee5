import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { WebSocketServer, type WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedCall, type CallEnvironment, type CallParty } from './simulatedCall.ts';

// One simulated call against a stand-in application: the ConversationRelay socket (signed handshake; setup, prompt,
// interrupt, dtmf out; text, sendDigits, end in) and the signed status callback, as Twilio sends them.

const TOKEN = 'simulated-call-token-0123456789ab';
const ACCOUNT = 'AC' + 'c'.repeat(32);
/** Over 100 characters: plays for 5 s (20 characters a second, at most 5 s). */
const GREETING =
  'Ada & co here, thank you for calling; every line is answered by an agent, so please say what you need.';
let http: Server;
let wss: WebSocketServer;
let base = '';
const handshakes: { url: string; valid: boolean }[] = [];
const relayFrames: Record<string, unknown>[] = [];
let app: WebSocket | undefined;
const posted: { url: string; params: Record<string, string>; valid: boolean }[] = [];

beforeAll(async () => {
  http = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const url = `${base}${req.url}`;
      const sig = String(req.headers['x-twilio-signature']);
      posted.push({ url, params, valid: twilio.validateRequest(TOKEN, sig, url, params) });
      res.writeHead(204).end();
    });
  });
  wss = new WebSocketServer({ server: http });
  wss.on('connection', (ws, req) => {
    const url = `${base.replace(/^http/, 'ws')}${req.url}`;
    handshakes.push({ url, valid: twilio.validateRequest(TOKEN, String(req.headers['x-twilio-signature']), url, {}) });
    app = ws;
    ws.on('message', (d) => relayFrames.push(JSON.parse(String(d)) as Record<string, unknown>));
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  wss.close();
  await new Promise((r) => http.close(r));
});

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
};

describe('a simulated call', () => {
  it('speaks ConversationRelay as Twilio does and reports its end with a signed status callback', async () => {
    const env: CallEnvironment = {
      accountSid: ACCOUNT,
      authToken: TOKEN,
      secondMs: 1000,
      log: () => {},
      ended: () => {},
      post: async (url, params) => {
        const r = await fetch(url, {
          method: 'POST',
          headers: { 'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, url, params) },
          body: new URLSearchParams(params),
        });
        return r.text();
      },
    };
    const heard: string[] = [];
    const digits: string[] = [];
    let ended: [string, number] | null = null;
    const party: CallParty = {
      hears: (text) => heard.push(text),
      digits: (d) => digits.push(d),
      connected: () => {},
      ended: (status, seconds) => (ended = [status, seconds]),
    };
    const call = new SimulatedCall(env, 'inbound', '+14155550123', '+18085550150', `${base}/status`, party, null);
    const relayUrl = `${base.replace(/^http/, 'ws')}/relay?callId=c1`;
    await call.execute(
      `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><ConversationRelay url="${relayUrl.replace('&', '&amp;')}" welcomeGreeting="${GREETING.replace('&', '&amp;')}" dtmfDetection="true"/></Connect></Response>`,
    );
    expect(handshakes).toEqual([{ url: relayUrl, valid: true }]);
    await until(() => relayFrames.length === 1);
    expect(relayFrames[0]).toMatchObject({
      type: 'setup',
      callSid: call.sid,
      accountSid: ACCOUNT,
      from: '+14155550123',
      to: '+18085550150',
      direction: 'inbound',
    });
    expect(heard).toEqual([GREETING]);
    expect(call.status).toBe('in-progress');

    // The caller speaks over the greeting (it plays for 5 s): Twilio reports the interruption first.
    call.say('hello');
    await until(() => relayFrames.length === 3);
    expect(relayFrames[1]).toMatchObject({ type: 'interrupt' });
    expect(GREETING.startsWith(String(relayFrames[1]!.utteranceUntilInterrupt))).toBe(true);
    expect(relayFrames[2]).toEqual({ type: 'prompt', voicePrompt: 'hello', lang: 'en-US', last: true });

    // The answer arrives in tokens; keys pressed are one dtmf frame each; digits sent reach the caller.
    app!.send(JSON.stringify({ type: 'text', token: 'Hi ', last: false }));
    app!.send(JSON.stringify({ type: 'text', token: 'there', last: true }));
    app!.send(JSON.stringify({ type: 'sendDigits', digits: '12#' }));
    await until(() => heard.length === 2 && digits.length === 1);
    expect(heard[1]).toBe('Hi there');
    expect(digits).toEqual(['12#']);
    call.dtmf('4#');
    await until(() => relayFrames.length === 5);
    expect(relayFrames.slice(3)).toEqual([
      { type: 'dtmf', digit: '4' },
      { type: 'dtmf', digit: '#' },
    ]);

    // The application ends the session: the call completes, and the status callback says so, signed.
    app!.send(JSON.stringify({ type: 'end' }));
    await until(() => posted.length === 1);
    expect(ended).toEqual(['completed', 0]);
    expect(posted[0]).toMatchObject({
      url: `${base}/status`,
      valid: true,
      params: {
        CallSid: call.sid,
        CallStatus: 'completed',
        CallDuration: '0',
        Direction: 'inbound',
        AccountSid: ACCOUNT,
      },
    });
  });
});
