import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createTestGateway, signUp, type TestGateway } from '../_test/testGateway.ts';

// What storage cannot hold, and dates PostgreSQL has no year for, in the places a hostile test found 500s: each is
// a 400 VALIDATION_FAILED naming the field, in the envelope, with the request id.

let g: TestGateway;
let key: string;

beforeAll(async () => {
  g = await createTestGateway({ rateLimit: false });
  const owner = await signUp(g.app);
  key = (await createKey(g.app, owner.token)).secret;
});
afterAll(() => g?.close());

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';

describe('hostile input on the gateway', () => {
  it('answers 400 naming the field for NUL, lone surrogates and year 0000, in bodies, paths and queries', async () => {
    const cases: { method: 'GET' | 'POST' | 'PATCH'; url: string; body?: unknown; field: string; auth?: boolean }[] = [
      {
        method: 'POST',
        url: '/v1/payment-intents',
        body: { amount: '1', order_reference: NUL },
        field: 'order_reference',
      },
      { method: 'POST', url: '/v1/payment-intents', body: { amount: '1', description: LONE }, field: 'description' },
      { method: 'POST', url: '/v1/payment-intents', body: { amount: '1', metadata: { k: NUL } }, field: 'metadata.k' },
      {
        method: 'POST',
        url: '/v1/payment-intents',
        body: { amount: '1', metadata: { [NUL]: 'v' } },
        field: 'metadata.a\\u0000b',
      },
      {
        method: 'POST',
        url: '/v1/auth/signup',
        body: { business_name: NUL, email: 'x@example.com', password: 'correct horse battery' },
        field: 'business_name',
        auth: false,
      },
      {
        method: 'POST',
        url: '/v1/webhook-endpoints',
        body: { url: 'https://example.com/h', enabled_events: ['*'], description: LONE },
        field: 'description',
      },
      { method: 'GET', url: '/v1/payments?q=%00', field: 'q' },
      { method: 'GET', url: '/v1/payments?from=0000-01-01T00:00:00Z', field: 'from' },
      { method: 'GET', url: '/v1/payment-intents/pi_%00', field: 'id' },
      { method: 'GET', url: '/v1/payments/%00', field: 'id' },
      { method: 'GET', url: '/v1/webhook-deliveries/wd_%00', field: 'id' },
      { method: 'GET', url: '/v1/webhook-endpoints/we_%00', field: 'id' },
    ];
    for (const c of cases) {
      const r = await g.app.inject({
        method: c.method,
        url: c.url,
        headers: c.auth === false ? {} : bearer(key),
        ...(c.body !== undefined ? { payload: c.body as object } : {}),
      });
      const error = r.json().error ?? { code: `none: ${r.body.slice(0, 200)}` };
      expect([c.url, r.statusCode, error.code]).toEqual([c.url, 400, 'VALIDATION_FAILED']);
      expect(error.details.map((d: { path: string }) => d.path)).toContain(c.field);
      expect(error.request_id).toBe(r.headers['request-id']);
    }
    // The UTF-8 bytes of a lone surrogate in a URL decode to U+FFFD, which can be stored: an ordinary search.
    const encoded = await g.app.inject({ method: 'GET', url: '/v1/payments?q=%ED%A0%80', headers: bearer(key) });
    expect(encoded.statusCode).toBe(200);
  });
});
