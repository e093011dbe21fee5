import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@tender/platform';
import { hashPassword } from '../auth/passwords.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  markEmailVerified,
  signUp,
  TEST_PASSWORD_HASHING,
  uniqueEmail,
  type SignedUp,
  type TestGateway,
} from '../_test/testGateway.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`API keys (${db})`, () => {
  let g: TestGateway;
  let owner: SignedUp;
  beforeAll(async () => {
    g = await createTestGateway();
    owner = await signUp(g.app);
  });
  afterAll(() => g?.close());

  const create = (payload: unknown, token = owner.token) =>
    g.app.inject({ method: 'POST', url: '/v1/api-keys', headers: bearer(token), payload: payload as object });
  const list = (query = '', token = owner.token) =>
    g.app.inject({ method: 'GET', url: `/v1/api-keys${query}`, headers: bearer(token) });

  it('creates a test key: 201, secret shown once, stored only as a hash', async () => {
    const r = await create({ name: 'Backend', environment: 'test', role: 'developer' });
    expect(r.statusCode).toBe(201);
    expect(r.headers['cache-control']).toBe('no-store');
    const k = r.json();
    expect(k).toMatchObject({
      object: 'api_key',
      name: 'Backend',
      environment: 'test',
      role: 'developer',
      prefix: 'sk_test_',
    });
    expect(k.id).toMatch(/^key_/);
    expect(k.secret).toMatch(/^sk_test_[0-9A-Za-z]{40}$/);
    expect(k.last4).toBe(k.secret.slice(-4));
    expect(k.revoked_at).toBeNull();
    const rows = await g.db.query('select * from api_keys where id = $1', [k.id]);
    expect(JSON.stringify(rows)).not.toContain(k.secret);
    expect(JSON.stringify(rows)).not.toContain(k.secret.slice(8));
    // It works at once, with its role and environment.
    const me = await g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(k.secret) });
    expect(me.json()).toMatchObject({
      role: 'developer',
      environment: 'test',
      credential: { type: 'api_key', id: k.id },
    });
    // And never appears again.
    expect(JSON.stringify((await list()).json())).not.toContain(k.secret);
  });

  it('defaults the role to developer', async () => {
    expect((await create({ name: 'd', environment: 'test' })).json().role).toBe('developer');
  });

  it('needs a verified email for a live key', async () => {
    const s = await signUp(g.app);
    const r = await create({ name: 'prod', environment: 'live', role: 'admin' }, s.token);
    expect([r.statusCode, r.json().error.code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);
    await markEmailVerified(g.db, s.userId);
    const ok = await create({ name: 'prod', environment: 'live', role: 'admin' }, s.token);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().secret).toMatch(/^sk_live_[0-9A-Za-z]{40}$/);
    expect(ok.json().prefix).toBe('sk_live_');
    const me = await g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(ok.json().secret) });
    expect(me.json().environment).toBe('live');
  });

  it.each([
    [{ name: '', environment: 'test' }, ['name']],
    [{ name: 'n'.repeat(101), environment: 'test' }, ['name']], // 101 characters
    [{ name: 'n', environment: 'prod' }, ['environment']],
    [{ name: 'n', environment: 'test', role: 'owner' }, ['role']],
    [{ name: 'n', environment: 'test', role: 'superuser' }, ['role']],
    [{ environment: 'test' }, ['name']],
    [{ name: 'n' }, ['environment']],
    [{ name: 'n', environment: 'test', secret: 'sk_test_mine' }, ['secret']],
  ])('refuses %j naming %j', async (payload, paths) => {
    const r = await create(payload);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.details.map((d: { path: string }) => d.path)).toEqual(paths);
  });

  it('takes names of 1 and 100 characters', async () => {
    expect((await create({ name: 'n', environment: 'test' })).statusCode).toBe(201);
    expect((await create({ name: 'n'.repeat(100), environment: 'test' })).statusCode).toBe(201);
  });

  it('is created from a session only: an admin key gets 403 SESSION_REQUIRED', async () => {
    const admin = await createKey(g.app, owner.token, { role: 'admin' });
    const r = await create({ name: 'n', environment: 'test' }, admin.secret);
    expect([r.statusCode, r.json().error.code]).toEqual([403, 'SESSION_REQUIRED']);
  });

  it('needs keys:manage: a developer user cannot create keys', async () => {
    // A team member with the developer role (team management is a later issue; the row is made here).
    const email = uniqueEmail('dev');
    await g.db.query(
      `insert into users (id, merchant_id, role, email, password_hash) values ($1, $2, 'developer', $3, $4)`,
      [newId('user'), owner.merchantId, email, await hashPassword('developer-password', TEST_PASSWORD_HASHING)],
    );
    const login = await g.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email, password: 'developer-password' },
    });
    const token = login.json().session.token;
    const r = await create({ name: 'n', environment: 'test', role: 'read_only' }, token);
    expect([r.statusCode, r.json().error.code]).toEqual([403, 'PERMISSION_DENIED']);
    expect((await list('', token)).statusCode).toBe(200);
  });

  it('lists newest first with prefix and last four only, and pages with an opaque cursor', async () => {
    const s = await signUp(g.app);
    await markEmailVerified(g.db, s.userId);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      made.push((await createKey(g.app, s.token, { name: `k${i}`, environment: i === 4 ? 'live' : 'test' })).id);
      g.clock.advance(1);
    }
    const all = (await list('?limit=100', s.token)).json();
    expect(all.data.map((k: { id: string }) => k.id)).toEqual([...made].reverse());
    expect(all).toMatchObject({ object: 'list', has_more: false, next_cursor: null });
    for (const k of all.data) {
      expect(Object.keys(k).sort()).toEqual(
        [
          'created_at',
          'environment',
          'id',
          'last4',
          'last_used_at',
          'name',
          'object',
          'prefix',
          'revoked_at',
          'role',
        ].sort(),
      );
    }
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const page = (await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`, s.token)).json();
      seen.push(...page.data.map((k: { id: string }) => k.id));
      if (!page.has_more) break;
      expect(page.data).toHaveLength(2);
      cursor = page.next_cursor;
    }
    expect(seen).toEqual([...made].reverse());
    const live = (await list('?environment=live', s.token)).json();
    expect(live.data.map((k: { id: string }) => k.id)).toEqual([made[4]]);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?limit=abc', 'limit'],
    ['?cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['?cursor=', 'cursor'],
    ['?environment=staging', 'environment'],
    ['?colour=blue', 'colour'],
  ])('list refuses %s', async (query, path) => {
    const r = await list(query);
    expect(r.statusCode).toBe(400);
    expect(r.json().error.details.map((d: { path: string }) => d.path)).toEqual([path]);
  });

  it('takes limit 1 and 100', async () => {
    const one = (await list('?limit=1')).json();
    expect(one.data).toHaveLength(1);
    expect(one.has_more).toBe(true);
    expect((await list('?limit=100')).statusCode).toBe(200);
  });

  it('revokes: the key stops working at once, revoking again changes nothing, unknown ids are 404', async () => {
    const k = await createKey(g.app, owner.token, { role: 'developer' });
    // Used first, so that this process holds the key in its lookup cache (apiKeyCache.ts).
    const before = await g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(k.secret) });
    expect(before.statusCode).toBe(200);
    const revoke = (id: string) =>
      g.app.inject({ method: 'POST', url: `/v1/api-keys/${id}/revoke`, headers: bearer(owner.token) });
    const r = await revoke(k.id);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id: k.id, object: 'api_key' });
    expect(r.json().revoked_at).not.toBeNull();
    expect(r.json()).not.toHaveProperty('secret');
    const me = await g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(k.secret) });
    expect([me.statusCode, me.json().error.code]).toEqual([401, 'INVALID_API_KEY']);
    const again = await revoke(k.id);
    expect(again.json().revoked_at).toBe(r.json().revoked_at);
    const unknown = await revoke('key_doesnotexist');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    const events = (
      await g.app.inject({ method: 'GET', url: '/v1/audit-events?limit=100', headers: bearer(owner.token) })
    ).json();
    const revokedEvents = events.data.filter(
      (e: { action: string; target: { id: string } }) => e.action === 'api_key.revoked' && e.target.id === k.id,
    );
    expect(revokedEvents).toHaveLength(1);
  });

  it('records when a key was last used', async () => {
    const k = await createKey(g.app, owner.token);
    await g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(k.secret) });
    const listed = (await list('?limit=100')).json().data.find((x: { id: string }) => x.id === k.id);
    expect(listed.last_used_at).toBe(g.clock.now().toISOString());
  });
});
