import { hashToken } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_MERCHANT_EMAIL, ensureDevMerchant } from './devMerchant.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  markEmailVerified,
  signUp,
  type SignedUp,
  type TestGateway,
} from '../_test/testGateway.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`tenant isolation (${db})`, () => {
  let g: TestGateway;
  let a: SignedUp;
  let b: SignedUp;
  let aKey: { id: string; secret: string };
  let aLive: { id: string; secret: string };
  let bKey: { id: string; secret: string };
  beforeAll(async () => {
    g = await createTestGateway();
    a = await signUp(g.app, { business_name: 'Merchant A' });
    b = await signUp(g.app, { business_name: 'Merchant B' });
    await markEmailVerified(g.db, a.userId);
    aKey = await createKey(g.app, a.token, { name: 'a-admin', role: 'admin' });
    aLive = await createKey(g.app, a.token, { name: 'a-live', role: 'admin', environment: 'live' });
    bKey = await createKey(g.app, b.token, { name: 'b-admin', role: 'admin' });
  });
  afterAll(() => g?.close());

  const as = (token: string, method: 'GET' | 'POST', url: string) =>
    g.app.inject({ method, url, headers: bearer(token) });

  it("a second merchant's key and session see only their own account", async () => {
    for (const cred of [bKey.secret, b.token]) {
      const me = (await as(cred, 'GET', '/v1/me')).json();
      expect(me.merchant).toMatchObject({ id: b.merchantId, business_name: 'Merchant B' });
      const keys = (await as(cred, 'GET', '/v1/api-keys?limit=100')).json().data;
      expect(keys.map((k: { id: string }) => k.id)).toEqual([bKey.id]);
      const events = (await as(cred, 'GET', '/v1/audit-events?limit=100')).json();
      const text = JSON.stringify(events);
      for (const foreign of [a.merchantId, a.userId, aKey.id, aLive.id, a.email]) expect(text).not.toContain(foreign);
      expect(events.data.length).toBeGreaterThan(0);
    }
  });

  it("cannot revoke the first merchant's keys: their ids answer 404 like unknown ones, and the keys keep working", async () => {
    for (const cred of [bKey.secret, b.token]) {
      for (const id of [aKey.id, aLive.id]) {
        const r = await as(cred, 'POST', `/v1/api-keys/${id}/revoke`);
        expect([r.statusCode, r.json().error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
        expect(r.json().error.message).toBe(`No API key ${id}`);
      }
    }
    expect((await as(aKey.secret, 'GET', '/v1/me')).json().merchant.id).toBe(a.merchantId);
    expect((await as(aLive.secret, 'GET', '/v1/me')).json().merchant.id).toBe(a.merchantId);
    const aKeys = (await as(a.token, 'GET', '/v1/api-keys?limit=100')).json().data;
    expect(aKeys.every((k: { revoked_at: string | null }) => k.revoked_at === null)).toBe(true);
    // Nothing about these attempts lands in A's log either.
    const aEvents = (await as(a.token, 'GET', '/v1/audit-events?limit=100')).json().data;
    expect(aEvents.some((e: { action: string }) => e.action === 'api_key.revoked')).toBe(false);
  });

  it("cursors of one merchant's lists do not reveal another's rows", async () => {
    const page = (await as(a.token, 'GET', '/v1/audit-events?limit=1')).json();
    const r = (
      await as(b.token, 'GET', `/v1/audit-events?limit=100&cursor=${encodeURIComponent(page.next_cursor)}`)
    ).json();
    for (const e of r.data) expect(JSON.stringify(e)).not.toContain(a.merchantId);
    const keysPage = (await as(a.token, 'GET', '/v1/api-keys?limit=1')).json();
    const rk = (
      await as(b.token, 'GET', `/v1/api-keys?limit=100&cursor=${encodeURIComponent(keysPage.next_cursor)}`)
    ).json();
    for (const k of rk.data) expect([bKey.id]).toContain(k.id);
  });

  it("a session cannot change the other account's email or end its sessions", async () => {
    // Email endpoints act on the session's own user only; B's change request never touches A.
    await as(b.token, 'POST', '/v1/auth/logout');
    expect((await as(a.token, 'GET', '/v1/me')).statusCode).toBe(200);
    const status = (await as(a.token, 'GET', '/v1/auth/email')).json();
    expect(status).toMatchObject({ email: a.email, verified: true });
  });
});

describe(`ensureDevMerchant (${db})`, () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await createTestGateway();
  });
  afterAll(() => g?.close());

  const me = (key: string) => g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(key) });

  it('creates the dev merchant once; a restart with the home key keeps that key valid and reuses it', async () => {
    const first = await ensureDevMerchant(g.ctx);
    expect(first.merchantId).toMatch(/^acct_/);
    expect(first.testApiKey).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(first.reused).toBe(false);
    expect((await me(first.testApiKey)).json()).toMatchObject({
      merchant: { id: first.merchantId, business_name: 'Dev merchant' },
      role: 'admin',
      environment: 'test',
    });

    // A restart of the same home, and a second process on it: the same key, still valid, nothing revoked.
    const second = await ensureDevMerchant(g.ctx, { homeKey: first.testApiKey });
    const third = await ensureDevMerchant(g.ctx, { homeKey: first.testApiKey });
    expect(second).toEqual({ merchantId: first.merchantId, testApiKey: first.testApiKey, reused: true });
    expect(third.testApiKey).toBe(first.testApiKey);
    expect((await me(first.testApiKey)).statusCode).toBe(200);

    const [{ n }] = (await g.db.query<{ n: string }>('select count(*) as n from merchants where is_dev')) as [
      { n: string },
    ];
    expect(n).toBe('1');
    const actions = (
      await g.app.inject({ method: 'GET', url: '/v1/audit-events?limit=100', headers: bearer(first.testApiKey) })
    )
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['api_key.created', 'account.created']);
  });

  it("another home gets a key of its own and leaves this home's key valid; a revoked home key is replaced", async () => {
    const mine = await ensureDevMerchant(g.ctx);
    const other = await ensureDevMerchant(g.ctx, {});
    expect(other.testApiKey).not.toBe(mine.testApiKey);
    expect((await me(mine.testApiKey)).statusCode).toBe(200);
    expect((await me(other.testApiKey)).statusCode).toBe(200);

    await g.db.query('update api_keys set revoked_at = now() where token_hash = $1', [hashToken(mine.testApiKey)]);
    const replaced = await ensureDevMerchant(g.ctx, { homeKey: mine.testApiKey });
    expect(replaced.reused).toBe(false);
    expect(replaced.testApiKey).not.toBe(mine.testApiKey);
    expect((await me(replaced.testApiKey)).statusCode).toBe(200);
    // A made-up key is never registered: only keys the dev merchant was issued are kept.
    const madeUp = await ensureDevMerchant(g.ctx, { homeKey: `sk_test_${'x'.repeat(40)}` });
    expect(madeUp.reused).toBe(false);
    expect(madeUp.testApiKey).not.toBe(`sk_test_${'x'.repeat(40)}`);
  });

  it('two starts at once on one home still leave one dev merchant and the home key working', async () => {
    const home = await ensureDevMerchant(g.ctx);
    const [x, y] = await Promise.all([
      ensureDevMerchant(g.ctx, { homeKey: home.testApiKey }),
      ensureDevMerchant(g.ctx, { homeKey: home.testApiKey }),
    ]);
    expect(x.merchantId).toBe(y.merchantId);
    expect([x.testApiKey, y.testApiKey]).toEqual([home.testApiKey, home.testApiKey]);
    expect((await me(home.testApiKey)).statusCode).toBe(200);
  });

  it('refuses the production profile', async () => {
    await expect(ensureDevMerchant({ ...g.ctx, config: { ...g.ctx.config, profile: 'production' } })).rejects.toThrow(
      /dev profile only/,
    );
  });
});

describe(`the dev merchant's owner (${db})`, () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await createTestGateway();
  });
  afterAll(() => g?.close());

  const login = (email: string, password: string) =>
    g.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email, password } });

  it('signs in with the home password, verified (live mode open); a restart keeps it, another home password takes over', async () => {
    const first = await ensureDevMerchant(g.ctx, { ownerPassword: 'home-one-password' });
    expect(first.owner).toEqual({ email: DEV_MERCHANT_EMAIL });
    const signedIn = await login(DEV_MERCHANT_EMAIL, 'home-one-password');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().merchant.id).toBe(first.merchantId);
    const email = await g.app.inject({
      method: 'GET',
      url: '/v1/auth/email',
      headers: bearer(signedIn.json().session.token),
    });
    expect(email.json()).toMatchObject({ email: DEV_MERCHANT_EMAIL, verified: true });

    // A restart of the same home: the same owner, the hash untouched.
    const [before] = await g.db.query<{ password_hash: string }>('select password_hash from users where email = $1', [
      DEV_MERCHANT_EMAIL,
    ]);
    await ensureDevMerchant(g.ctx, { homeKey: first.testApiKey, ownerPassword: 'home-one-password' });
    const owners = await g.db.query<{ password_hash: string }>(
      `select password_hash from users where merchant_id = $1 and role = 'owner'`,
      [first.merchantId],
    );
    expect(owners).toEqual([before]);

    // Another home on the same database: its password works from now on, the old one no longer.
    await ensureDevMerchant(g.ctx, { ownerPassword: 'home-two-password' });
    expect((await login(DEV_MERCHANT_EMAIL, 'home-two-password')).statusCode).toBe(200);
    expect((await login(DEV_MERCHANT_EMAIL, 'home-one-password')).statusCode).toBe(401);
    const signups = await g.db.query(
      `select 1 from audit_events where merchant_id = $1 and action = 'account.signed_up'`,
      [first.merchantId],
    );
    expect(signups).toHaveLength(1);
  });
});
