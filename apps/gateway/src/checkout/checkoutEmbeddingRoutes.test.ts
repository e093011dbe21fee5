// The embedded checkout's server side: the merchant's list of allowed origins (exact origins only, loopback http in
// test mode only), the /checkout.js script (cacheable by ETag and version) and the embedding check for unknown
// payments. The browser side (frame-ancestors, messages, overlay and pop-up) is apps/web/src/embeddedCheckout.test.ts.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createKey,
  createTestGateway,
  markEmailVerified,
  signUp,
  type TestGateway,
} from '../_test/testGateway.ts';

let gw: TestGateway;
let owner: string;
beforeAll(async () => {
  gw = await createTestGateway({ profile: 'production' });
  const s = await signUp(gw.app);
  owner = s.token;
  await markEmailVerified(gw.db, s.userId);
});
afterAll(async () => {
  await gw?.close();
});

const patch = (payload: object, environment = 'test') =>
  gw.app.inject({
    method: 'PATCH',
    url: '/v1/settlement-settings',
    headers: { ...bearer(owner), 'tender-environment': environment },
    payload,
  });
const settings = async (environment = 'test') =>
  (
    await gw.app.inject({
      method: 'GET',
      url: '/v1/settlement-settings',
      headers: { ...bearer(owner), 'tender-environment': environment },
    })
  ).json();

describe(`embedded checkout routes (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('checkout_allowed_origins: none by default, replaced as a whole, per environment, other settings kept', async () => {
    expect((await settings()).checkout_allowed_origins).toEqual([]);
    const r = await patch({ checkout_allowed_origins: ['https://shop.example', 'https://shop.example:8443'] });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      checkout_allowed_origins: ['https://shop.example', 'https://shop.example:8443'],
      default_expires_in_seconds: 1200,
    });
    expect((await patch({ default_expires_in_seconds: 600 })).json().checkout_allowed_origins).toHaveLength(2);
    expect((await settings('live')).checkout_allowed_origins).toEqual([]);
    expect((await patch({ checkout_allowed_origins: ['http://localhost:5173'] })).json()).toMatchObject({
      checkout_allowed_origins: ['http://localhost:5173'],
      default_expires_in_seconds: 600,
    });
    expect((await patch({ checkout_allowed_origins: [] })).json().checkout_allowed_origins).toEqual([]);
  });

  it('refuses anything but exact origins, naming each bad entry', async () => {
    const bad = [
      'https://shop.example/',
      'https://shop.example/checkout',
      'https://Shop.example',
      'https://shop.example:443',
      'https://*.shop.example',
      'http://shop.example',
      'ftp://shop.example',
      'shop.example',
      "https://shop.example;script-src 'unsafe-inline'",
      'https://user@shop.example',
    ];
    const r = await patch({ checkout_allowed_origins: ['https://ok.example', ...bad] });
    expect(r.statusCode).toBe(400);
    const { error } = r.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.map((d: { path: string }) => d.path)).toEqual(
      bad.map((_, i) => `checkout_allowed_origins[${i + 1}]`),
    );
    expect(error.details[0].message).toContain('https://shop.example');
    expect(error.details[2].message).toContain('exact origin https://shop.example');
    expect((await settings()).checkout_allowed_origins).toEqual([]);
    const dup = await patch({ checkout_allowed_origins: ['https://a.example', 'https://a.example'] });
    expect(dup.statusCode).toBe(400);
  });

  it('http://localhost origins are test mode only outside the dev profile', async () => {
    const live = await patch({ checkout_allowed_origins: ['http://127.0.0.1:3000'] }, 'live');
    expect(live.statusCode).toBe(400);
    expect(live.json().error.details[0]).toEqual({
      path: 'checkout_allowed_origins[0]',
      message: 'http://localhost origins are allowed in test mode only',
    });
    expect((await patch({ checkout_allowed_origins: ['https://shop.example'] }, 'live')).statusCode).toBe(200);
    expect((await patch({ checkout_allowed_origins: ['http://[::1]:8080'] }, 'test')).statusCode).toBe(200);
  });

  it('API keys cannot change the list (owner only)', async () => {
    const key = await createKey(gw.app, owner, { environment: 'test', role: 'admin' });
    const r = await gw.app.inject({
      method: 'PATCH',
      url: '/v1/settlement-settings',
      headers: bearer(key.secret),
      payload: { checkout_allowed_origins: ['https://evil.example'] },
    });
    expect(r.statusCode).toBe(403);
  });

  it('/checkout.js is JavaScript any page may load, brotli when accepted, revalidated by ETag, immutable by version', async () => {
    const r = await gw.app.inject({ method: 'GET', url: '/checkout.js' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(r.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(r.body).toContain('openCheckout');
    const etag = r.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{16}"$/);
    const br = await gw.app.inject({ method: 'GET', url: '/checkout.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(r.body);
    const again = await gw.app.inject({ method: 'GET', url: '/checkout.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const v = etag.slice(1, -1);
    const pinned = await gw.app.inject({ method: 'GET', url: `/checkout.js?v=${v}` });
    expect(pinned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stale = await gw.app.inject({ method: 'GET', url: '/checkout.js?v=old' });
    expect(stale.headers['cache-control']).toContain('max-age=300');
  });

  it('the embedding check of an unknown payment allows no origin', async () => {
    const r = await gw.app.inject({
      method: 'GET',
      url: '/public/payment-intents/pi_nothing/embedding?origin=https%3A%2F%2Fshop.example',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({
      object: 'checkout_embedding',
      payment_intent_id: 'pi_nothing',
      origin: 'https://shop.example',
      allowed: false,
    });
    expect((await gw.app.inject({ method: 'GET', url: '/public/payment-intents/pi_x/embedding' })).statusCode).toBe(
      400,
    );
  });
});
