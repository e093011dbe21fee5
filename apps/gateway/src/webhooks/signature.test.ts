import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_DELAYS_MS, resolveWebhookSettings, retryDelayMs, automaticAttempts } from './settings.ts';
import { signatureHeader, signatureV1 } from './signature.ts';
import {
  InvalidPayloadError,
  InvalidSignatureError,
  MalformedSignatureError,
  MissingSignatureError,
  StaleSignatureError,
  verifyWebhook,
  WebhookVerificationError,
} from '../../../../packages/sdk/src/verifyWebhook.ts';

// Computed outside this code base: printf '%s' '1700000000.<body>' | openssl dgst -sha256 -hmac 'whsec_test_secret'
const VECTOR = {
  secret: 'whsec_test_secret',
  t: 1_700_000_000,
  body: '{"id":"evt_1","type":"payment.confirmed"}',
  v1: '29c9b7c0c0e311b8c696c29a9229e9b3882b9db6ef6408630aba68aa022ced68',
};

const body = JSON.stringify({
  id: 'evt_abc',
  object: 'event',
  type: 'payment.confirmed',
  created: 1_700_000_000,
  livemode: false,
  api_version: '2026-10-01',
  data: { object: { id: 'pi_1', order_reference: 'A-1', note: 'naïve ✓' } },
});
const at = (t: number) => ({ now: () => t * 1000 });

describe('signature', () => {
  it('matches an HMAC-SHA256 computed by openssl over "<t>.<body>"', () => {
    expect(signatureV1(VECTOR.secret, VECTOR.t, VECTOR.body)).toBe(VECTOR.v1);
    expect(signatureHeader(VECTOR.t, VECTOR.body, [VECTOR.secret])).toBe(`t=${VECTOR.t},v1=${VECTOR.v1}`);
  });

  it('carries one v1 per active secret, newest first', () => {
    const h = signatureHeader(10, 'x', ['whsec_new', 'whsec_old']);
    expect(h).toBe(`t=10,v1=${signatureV1('whsec_new', 10, 'x')},v1=${signatureV1('whsec_old', 10, 'x')}`);
  });
});

describe('verifyWebhook', () => {
  const secret = 'whsec_s3cret';
  const t = 1_800_000_000;
  const header = signatureHeader(t, body, [secret]);

  it('accepts the raw body as a string or as bytes and returns the parsed event', () => {
    expect(verifyWebhook(body, header, secret, at(t)).id).toBe('evt_abc');
    const ev = verifyWebhook(Buffer.from(body, 'utf8'), [header], secret, at(t + 299));
    expect(ev.data.object).toMatchObject({ order_reference: 'A-1' });
  });

  it('accepts the openssl vector (independent implementation)', () => {
    const event = { id: 'evt_1', type: 'payment.confirmed', created: 1, data: { object: {} } };
    const raw = JSON.stringify(event);
    const v1 = signatureV1(VECTOR.secret, VECTOR.t, raw);
    expect(verifyWebhook(raw, `t=${VECTOR.t},v1=${v1}`, VECTOR.secret, at(VECTOR.t)).id).toBe('evt_1');
    // The vector body is not an event: the signature passes, the payload check does not.
    expect(() => verifyWebhook(VECTOR.body, `t=${VECTOR.t},v1=${VECTOR.v1}`, VECTOR.secret, at(VECTOR.t))).toThrow(
      InvalidPayloadError,
    );
  });

  it('rejects missing, malformed, bad, tampered and stale signatures with typed errors', () => {
    const cases: [unknown, () => unknown][] = [
      [MissingSignatureError, () => verifyWebhook(body, undefined, secret, at(t))],
      [MissingSignatureError, () => verifyWebhook(body, '  ', secret, at(t))],
      [MalformedSignatureError, () => verifyWebhook(body, 'v1=abc', secret, at(t))],
      [MalformedSignatureError, () => verifyWebhook(body, `t=${t}`, secret, at(t))],
      [MalformedSignatureError, () => verifyWebhook(body, `t=abc,v1=${'0'.repeat(64)}`, secret, at(t))],
      [MalformedSignatureError, () => verifyWebhook(body, [header, header], secret, at(t))],
      [InvalidSignatureError, () => verifyWebhook(body, header, 'whsec_other', at(t))],
      [InvalidSignatureError, () => verifyWebhook(body.replace('A-1', 'A-2'), header, secret, at(t))],
      [InvalidSignatureError, () => verifyWebhook(body, header.replace(`t=${t}`, `t=${t + 1}`), secret, at(t))],
      [InvalidSignatureError, () => verifyWebhook(`${body} `, header, secret, at(t))],
      [StaleSignatureError, () => verifyWebhook(body, header, secret, at(t + 301))],
      [StaleSignatureError, () => verifyWebhook(body, header, secret, at(t - 301))],
      [StaleSignatureError, () => verifyWebhook(body, header, secret, { ...at(t + 61), toleranceSeconds: 60 })],
    ];
    for (const [type, fn] of cases) {
      let thrown: unknown;
      try {
        fn();
      } catch (err) {
        thrown = err;
      }
      expect(thrown, String(fn)).toBeInstanceOf(type as typeof Error);
      expect(thrown).toBeInstanceOf(WebhookVerificationError);
    }
  });

  it('passes when any v1 matches any of the given secrets (rotation on either side)', () => {
    const both = signatureHeader(t, body, ['whsec_new', 'whsec_old']);
    expect(verifyWebhook(body, both, 'whsec_old', at(t)).id).toBe('evt_abc');
    expect(verifyWebhook(body, both, 'whsec_new', at(t)).id).toBe('evt_abc');
    expect(verifyWebhook(body, header, ['whsec_next', secret], at(t)).id).toBe('evt_abc');
    // Unknown schemes are ignored, so that a future v2 breaks no receiver.
    expect(verifyWebhook(body, `${header},v2=zzz`, secret, at(t)).id).toBe('evt_abc');
  });

  it('refuses a parsed object in place of the raw body', () => {
    expect(() => verifyWebhook(JSON.parse(body) as never, header, secret, at(t))).toThrow(/raw request body/);
  });
});

describe('retry schedule', () => {
  const s = resolveWebhookSettings({}, 'production');

  it('is 1 attempt + 8 retries over about 10 hours, the first retry within a minute', () => {
    expect(automaticAttempts(s)).toBe(9);
    expect(DEFAULT_RETRY_DELAYS_MS).toHaveLength(8);
    const total = DEFAULT_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(9.5);
    expect(total / 3_600_000).toBeLessThan(10.5);
    expect(retryDelayMs(s, 1, () => 0.999_999)).toBeLessThan(60_000);
    expect(retryDelayMs(s, 9)).toBeUndefined();
  });

  it('jitters each delay within ±20%', () => {
    for (let attempt = 1; attempt <= 8; attempt++) {
      const base = DEFAULT_RETRY_DELAYS_MS[attempt - 1]!;
      expect(retryDelayMs(s, attempt, () => 0)).toBe(Math.round(base * 0.8));
      expect(retryDelayMs(s, attempt, () => 0.5)).toBe(base);
      expect(retryDelayMs(s, attempt, () => 0.999_999)).toBeLessThanOrEqual(Math.round(base * 1.2));
    }
  });
});
