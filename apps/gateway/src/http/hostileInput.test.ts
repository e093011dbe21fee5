import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createTestGateway, signUp, type TestGateway } from '../_test/testGateway.ts';
import { encodeCursor } from './cursor.ts';

// What storage cannot hold, and dates PostgreSQL has no year for, in the places a hostile test found 500s: each is
// a 400 VALIDATION_FAILED naming the field, in the envelope, with the request id.

let g: TestGateway;
let key: string;
let merchantId: string;

beforeAll(async () => {
  g = await createTestGateway({ rateLimit: false });
  const owner = await signUp(g.app);
  key = (await createKey(g.app, owner.token)).secret;
  merchantId = owner.merchantId;
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

  it('answers 400 naming cursor for forged cursors on every list: beyond bigint, negative, wrong tag, bad dates', async () => {
    // A link of this merchant, written as the API writes one (creating it needs a served network with a vault, and
    // this gateway serves none): its nested list is one of the lists under test.
    const linkId = 'plink_forged_cursors';
    await g.db.query(
      `insert into payment_links (id, merchant_id, environment, name, amount_units, currency, decimals, checkout_methods,
         intent_expires_in_seconds, created_at, updated_at)
       values ($1, $2, 'test', 'Forged cursors', 1000000, 'USDC', 6, '{WALLET,ADDRESS}', 3600, now(), now())`,
      [linkId, merchantId],
    );
    const b64 = (json: string) => Buffer.from(json, 'utf8').toString('base64url');
    // Lists ordered by a bigint seq (or epoch microseconds), with the tag each one writes.
    const seqLists: [string, string][] = [
      ['/v1/events', 'evt'],
      ['/v1/invoices', 'inv'],
      ['/v1/payment-links', 'plink'],
      [`/v1/payment-links/${linkId}/payment-intents`, 'plink_pi'],
      ['/v1/audit-events', 'a'],
      ['/v1/webhook-endpoints', 'we'],
      ['/v1/webhook-deliveries', 'whd'],
    ];
    // Lists ordered by (created_at, id).
    const instantLists: [string, string][] = [
      ['/v1/refund-requests', 're'],
      ['/v1/api-keys', 'k'],
    ];
    const forged: [string, string][] = [];
    for (const [url, tag] of seqLists) {
      for (const parts of [
        [tag, '9999999999999999999'], // beyond bigint: the report's 500
        [tag, '9223372036854775808'],
        [tag, '-1'],
        [tag, '1e3'],
        [tag, 'abc'],
        [tag, ''],
        [tag, 12],
        [tag, null],
        [tag, '1', 'extra'],
        [tag === 'evt' ? 'inv' : 'evt', '1'], // another list's cursor
        [tag],
      ]) {
        forged.push([url, encodeCursor(parts as string[])]);
      }
      forged.push([url, b64('{"seq":"1"}')], [url, b64('"1"')], [url, b64('[')]);
    }
    for (const [url, tag] of instantLists) {
      for (const parts of [
        [tag, '0000-01-01T00:00:00Z', 'x'], // year 0: JavaScript parses it, PostgreSQL has no year 0
        [tag, '+275760-09-13T00:00:00.000Z', 'x'],
        [tag, '10000-01-01T00:00:00Z', 'x'],
        [tag, '2026-02-30T00:00:00Z', 'x'],
        [tag, '2026-01-01T00:00:00+02:00', 'x'],
        [tag, 'yesterday', 'x'],
        [tag, 1767225600000, 'x'],
        [tag, '2026-01-01T00:00:00Z', 7],
        [tag, '2026-01-01T00:00:00Z', ''],
        [tag, '2026-01-01T00:00:00Z'],
        [tag === 're' ? 'k' : 're', '2026-01-01T00:00:00Z', 'x'],
      ]) {
        forged.push([url, encodeCursor(parts as string[])]);
      }
    }
    for (const [url, cursor] of forged) {
      const r = await g.app.inject({ method: 'GET', url: `${url}?cursor=${cursor}`, headers: bearer(key) });
      const what = `${url} ${Buffer.from(cursor, 'base64url').toString('utf8')}`;
      const error = r.json().error ?? { code: `none: ${r.body.slice(0, 200)}` };
      expect([what, r.statusCode, error.code]).toEqual([what, 400, 'VALIDATION_FAILED']);
      expect(error.details.map((d: { path: string }) => d.path)).toEqual(['cursor']);
    }
    // The cursors the lists hand out still work, at the edges of their ranges too.
    for (const [url, tag] of seqLists) {
      for (const seq of ['0', '9223372036854775807']) {
        const r = await g.app.inject({
          method: 'GET',
          url: `${url}?cursor=${encodeCursor([tag, seq])}`,
          headers: bearer(key),
        });
        expect([url, seq, r.statusCode]).toEqual([url, seq, 200]);
      }
    }
    for (const [url, tag] of instantLists) {
      for (const at of ['0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z']) {
        const r = await g.app.inject({
          method: 'GET',
          url: `${url}?cursor=${encodeCursor([tag, at, 'x'])}`,
          headers: bearer(key),
        });
        expect([url, at, r.statusCode]).toEqual([url, at, 200]);
      }
    }
  });
});
