import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderRefusal, ProviderTemporaryFailure } from '../../paywall/providerFailure.ts';
import { startPrism, type Prism } from '../_test/prism.ts';
import { TEST_CREDENTIALS_INVALID_TO, TwilioRefuses } from '../_test/twilioRefuses.ts';
import RequestClient from 'twilio/lib/base/RequestClient.js';
import { createTwilioProvider } from './twilioProvider.ts';
import type { TelephonyProvider } from './telephonyProvider.ts';

const ACCOUNT = 'AC' + '0123456789abcdef'.repeat(2);
const TOKEN = 'test-auth-token-0123456789';

/** The library's client aimed at a closed port: no HTTP answer at all. */
class Unreachable extends RequestClient {
  override request<T>(o: RequestClient.RequestOptions<T>) {
    return super.request({ ...o, uri: o.uri.replace(/^https:\/\/api\.twilio\.com/, 'http://127.0.0.1:1') });
  }
}

let prism: Prism;
let provider: TelephonyProvider;

beforeAll(async () => {
  prism = await startPrism();
  provider = createTwilioProvider({ accountSid: ACCOUNT, authToken: TOKEN, httpClient: prism.httpClient });
}, 120_000);
afterAll(async () => prism?.close());

describe('Twilio provider against Prism serving Twilio’s OpenAPI description', () => {
  it('finds and buys a local number with its voice webhook and status callback; every request is valid', async () => {
    expect(await provider.hasLocalNumber('US', '808')).toBe(true);
    const a = await provider.buyLocalNumber(
      'US',
      '808',
      { voiceUrl: 'https://agents.example/provider/twilio/voice/n1', statusCallbackUrl: 'https://agents.example/s' },
      'tender n1',
    );
    const b = await provider.buyLocalNumber(
      'CA',
      '416',
      { voiceUrl: 'https://agents.example/provider/twilio/voice/n2', statusCallbackUrl: 'https://agents.example/s' },
      'tender n2',
    );
    expect(a.providerSid).toMatch(/^PN[0-9a-fA-F]{32}$/);
    expect(a.e164).toMatch(/^\+[1-9]\d{6,14}$/);
    expect(b.providerSid).not.toBe(a.providerSid);
    await provider.releaseNumber(a.providerSid);
    expect(await provider.numberExists(b.providerSid)).toBe(true);
    expect(prism.violations).toEqual([]);
  });

  it('places a call with a time limit and status callbacks, extends and ends it; every request is valid', async () => {
    const placed = await provider.placeCall({
      fromE164: '+18089251571',
      toE164: '+14155550123',
      timeLimitSeconds: 60,
      statusCallbackUrl: 'https://agents.example/provider/twilio/status',
      relayUrl: 'wss://agents.example/provider/twilio/relay?callId=c1',
      greeting: 'Hello from the agent',
    });
    expect(prism.violations).toEqual([]);
    expect(placed.providerCallId).toMatch(/^CA[0-9a-fA-F]{32}$/);
    await provider.setCallTimeLimit(placed.providerCallId, 120);
    await provider.endCall(placed.providerCallId);
    const state = await provider.fetchCall(placed.providerCallId);
    expect(state?.status).toEqual(expect.any(String));
    expect(prism.violations).toEqual([]);
  });

  it('a request Twilio’s schema rejects is seen as a refusal, not a success', async () => {
    // TimeLimit is an integer in Twilio's schema: a fraction is refused (Prism answers 422).
    await expect(provider.setCallTimeLimit('CA' + '0'.repeat(32), 1.5)).rejects.toThrow(
      /refused the operation \(HTTP 422/,
    );
    expect(prism.violations.length).toBeGreaterThan(0);
    prism.violations.length = 0;
  });

  it('a refusal by Twilio (test credentials: 400, error 21211) carries its status, code and message', async () => {
    const refusing = createTwilioProvider({ accountSid: ACCOUNT, authToken: TOKEN, httpClient: new TwilioRefuses() });
    const err = await refusing
      .placeCall({
        fromE164: '+15005550006',
        toE164: '+15005550001',
        timeLimitSeconds: 60,
        statusCallbackUrl: 'https://agents.example/provider/twilio/status',
        relayUrl: 'wss://agents.example/provider/twilio/relay?callId=c1',
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderRefusal);
    expect((err as ProviderRefusal).provider).toEqual({
      name: 'twilio',
      status: 400,
      code: '21211',
      message: TEST_CREDENTIALS_INVALID_TO.message,
    });
    expect([(err as ProviderRefusal).status, (err as ProviderRefusal).code]).toEqual([502, 'PROVIDER_REFUSED']);
    // Every candidate number refused for a reason other than "taken meanwhile": final, not a retry loop.
    await expect(
      refusing.buyLocalNumber(
        'US',
        '808',
        { voiceUrl: 'https://a.example/v', statusCallbackUrl: 'https://a.example/s' },
        'x',
      ),
    ).rejects.toBeInstanceOf(ProviderRefusal);
  });

  it('no answer from the provider is a temporary failure', async () => {
    const down = createTwilioProvider({
      accountSid: ACCOUNT,
      authToken: TOKEN,
      httpClient: new Unreachable({ autoRetry: false, timeout: 2000 }),
    });
    await expect(down.hasLocalNumber('US', '415')).rejects.toBeInstanceOf(ProviderTemporaryFailure);
  });

  it('TwiML connects the call to ConversationRelay and never records; signatures are Twilio’s', () => {
    const xml = provider.connectTwiml('wss://agents.example/provider/twilio/relay?callId=c1', { greeting: 'Hi' });
    expect(xml).toContain('<Connect><ConversationRelay url="wss://agents.example/provider/twilio/relay?callId=c1"');
    expect(xml).toContain('welcomeGreeting="Hi"');
    expect(xml).not.toMatch(/record/i);
    expect(provider.sayAndHangUpTwiml('Bye')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say>Bye</Say><Hangup/></Response>',
    );
    const url = 'https://agents.example/provider/twilio/status';
    const params = { CallSid: 'CA1', CallStatus: 'completed' };
    const sig = twilio.getExpectedTwilioSignature(TOKEN, url, params);
    expect(provider.verifySignature(sig, url, params)).toBe(true);
    expect(provider.verifySignature(sig, url, { ...params, CallStatus: 'in-progress' })).toBe(false);
    expect(provider.verifySignature(undefined, url, params)).toBe(false);
    expect(provider.verifySignature(twilio.getExpectedTwilioSignature('other', url, params), url, params)).toBe(false);
  });
});
