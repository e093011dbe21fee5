import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, covers, KEY_ROLES, PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '../auth/permissions.ts';
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

describe('permission table', () => {
  it('gives owner everything and read_only nothing that writes', () => {
    expect([...ROLE_PERMISSIONS.owner].sort()).toEqual([...PERMISSIONS].sort());
    expect(ROLE_PERMISSIONS.read_only.filter((p) => p !== 'read' && p !== 'audit:read')).toEqual([]);
    expect(can('developer', 'keys:manage')).toBe(false);
    expect(can('admin', 'keys:manage')).toBe(true);
    expect(can('admin', 'account:manage')).toBe(false);
  });
  it('orders roles so that no role hands out more than it holds', () => {
    expect(covers('owner', 'admin')).toBe(true);
    expect(covers('admin', 'developer')).toBe(true);
    expect(covers('developer', 'admin')).toBe(false);
    expect(covers('read_only', 'developer')).toBe(false);
    for (const r of ROLES) expect(covers(r, r)).toBe(true);
    expect(KEY_ROLES).not.toContain('owner');
  });
});

describe(`authentication and permissions (${db})`, () => {
  let g: TestGateway;
  let owner: SignedUp;
  const keys: Record<string, string> = {};
  beforeAll(async () => {
    g = await createTestGateway();
    owner = await signUp(g.app);
    await markEmailVerified(g.db, owner.userId);
    for (const role of KEY_ROLES) keys[role] = (await createKey(g.app, owner.token, { role, name: role })).secret;
    keys.live = (await createKey(g.app, owner.token, { environment: 'live', role: 'admin' })).secret;
  });
  afterAll(() => g?.close());

  const me = (headers: Record<string, string>) => g.app.inject({ method: 'GET', url: '/v1/me', headers });
  const err = (r: { statusCode: number; json(): { error: { code: string } } }) => [r.statusCode, r.json().error.code];

  it('401 AUTHENTICATION_REQUIRED without credentials or with another scheme, with WWW-Authenticate', async () => {
    const none = await me({});
    expect(err(none)).toEqual([401, 'AUTHENTICATION_REQUIRED']);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(err(await me({ authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }))).toEqual([
      401,
      'AUTHENTICATION_REQUIRED',
    ]);
    expect(err(await me({ authorization: 'Bearer' }))).toEqual([401, 'AUTHENTICATION_REQUIRED']);
  });

  it('401 for unknown keys, unknown sessions and tokens of no known kind', async () => {
    expect(err(await me(bearer(`sk_test_${'x'.repeat(40)}`)))).toEqual([401, 'INVALID_API_KEY']);
    expect(err(await me(bearer(`sk_live_${'x'.repeat(40)}`)))).toEqual([401, 'INVALID_API_KEY']);
    expect(err(await me(bearer(`sess_${'x'.repeat(40)}`)))).toEqual([401, 'INVALID_SESSION']);
    expect(err(await me(bearer('pk_test_whatever')))).toEqual([401, 'INVALID_CREDENTIALS']);
    // A key with one character changed is just unknown.
    const k = keys.admin!;
    const tampered = k.slice(0, -1) + (k.endsWith('a') ? 'b' : 'a');
    expect(err(await me(bearer(tampered)))).toEqual([401, 'INVALID_API_KEY']);
  });

  it('answers 401 before looking at the body, so an anonymous caller learns nothing about input rules', async () => {
    const r = await g.app.inject({ method: 'POST', url: '/v1/api-keys', payload: { bogus: true } });
    expect(err(r)).toEqual([401, 'AUTHENTICATION_REQUIRED']);
  });

  it('takes the environment from the key prefix', async () => {
    const t = (await me(bearer(keys.admin!))).json();
    expect(t).toMatchObject({ environment: 'test', role: 'admin', credential: { type: 'api_key' } });
    expect(t.user).toBeNull();
    expect((await me(bearer(keys.live!))).json().environment).toBe('live');
  });

  it('lets a session choose live with the Tender-Environment header (default test)', async () => {
    expect((await me(bearer(owner.token))).json().environment).toBe('test');
    expect((await me({ ...bearer(owner.token), 'tender-environment': 'live' })).json().environment).toBe('live');
    expect((await me({ ...bearer(owner.token), 'tender-environment': 'test' })).json().environment).toBe('test');
    const bad = await me({ ...bearer(owner.token), 'tender-environment': 'prod' });
    expect(err(bad)).toEqual([400, 'VALIDATION_FAILED']);
    expect(bad.json().error.details).toEqual([
      { path: 'header:tender-environment', message: 'The tender-environment header must be one of test, live' },
    ]);
  });

  it('refuses a key whose prefix contradicts the Tender-Environment header', async () => {
    expect(err(await me({ ...bearer(keys.admin!), 'tender-environment': 'live' }))).toEqual([
      400,
      'ENVIRONMENT_MISMATCH',
    ]);
    expect((await me({ ...bearer(keys.admin!), 'tender-environment': 'test' })).statusCode).toBe(200);
  });

  it('answers API keys on every session-only endpoint with 403 SESSION_REQUIRED', async () => {
    const routes: [string, string][] = [
      ['POST', '/v1/auth/logout'],
      ['GET', '/v1/auth/email'],
      ['POST', '/v1/auth/email/verify'],
      ['POST', '/v1/auth/email/change'],
      ['POST', '/v1/api-keys'],
    ];
    for (const [method, url] of routes) {
      const r = await g.app.inject({ method: method as 'GET', url, headers: bearer(keys.admin!), payload: {} });
      expect([url, ...err(r)]).toEqual([url, 403, 'SESSION_REQUIRED']);
    }
  });

  it('still answers 401, not 403, for a revoked key on a session-only endpoint', async () => {
    const k = await createKey(g.app, owner.token);
    await g.app.inject({ method: 'POST', url: `/v1/api-keys/${k.id}/revoke`, headers: bearer(owner.token) });
    const r = await g.app.inject({ method: 'GET', url: '/v1/auth/email', headers: bearer(k.secret) });
    expect(err(r)).toEqual([401, 'INVALID_API_KEY']);
    expect(r.json().error.message).toBe('This API key has been revoked');
  });

  it('gives a read-only key 403 on every write endpoint that accepts API keys', async () => {
    // Every documented non-GET operation open to API keys, including those later issues add.
    const doc = (await g.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    const writes: [string, string][] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (method === 'get' || !op.security?.some((s) => 'apiKey' in s)) continue;
        writes.push([method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x_unknown')]);
      }
    }
    expect(writes.length).toBeGreaterThan(0);
    for (const [method, url] of writes) {
      const r = await g.app.inject({ method: method as 'POST', url, headers: bearer(keys.read_only!), payload: {} });
      expect([method, url, ...err(r)]).toEqual([method, url, 403, 'PERMISSION_DENIED']);
    }
    // …while it reads.
    expect((await me(bearer(keys.read_only!))).json()).toMatchObject({
      role: 'read_only',
      permissions: ['read', 'audit:read'],
    });
    expect(
      (await g.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(keys.read_only!) })).statusCode,
    ).toBe(200);
  });

  it('lets an admin key revoke keys but not a developer key', async () => {
    const victim = await createKey(g.app, owner.token, { role: 'read_only' });
    const dev = await g.app.inject({
      method: 'POST',
      url: `/v1/api-keys/${victim.id}/revoke`,
      headers: bearer(keys.developer!),
    });
    expect(err(dev)).toEqual([403, 'PERMISSION_DENIED']);
    const admin = await g.app.inject({
      method: 'POST',
      url: `/v1/api-keys/${victim.id}/revoke`,
      headers: bearer(keys.admin!),
    });
    expect(admin.statusCode).toBe(200);
    expect(err(await me(bearer(victim.secret)))).toEqual([401, 'INVALID_API_KEY']);
  });

  it('documents every auth and account route in OpenAPI 3.1 with tags, summary, security and responses', async () => {
    const doc = (await g.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'operatorBasic', 'session']);
    expect(doc.components.securitySchemes.session.description).toContain('tender-environment: live');
    const expected: [string, string, string[][], number][] = [
      ['post', '/v1/auth/signup', [], 201],
      ['post', '/v1/auth/login', [], 200],
      ['post', '/v1/auth/idp', [], 200],
      ['get', '/public/auth/idp', [], 200],
      ['post', '/v1/auth/logout', [['session']], 200],
      ['get', '/v1/auth/email', [['session']], 200],
      ['post', '/v1/auth/email/verify', [['session']], 200],
      ['post', '/v1/auth/email/change', [['session']], 200],
      ['post', '/public/auth/email/confirm', [], 200],
      ['get', '/v1/me', [['apiKey'], ['session']], 200],
      ['post', '/v1/api-keys', [['session']], 201],
      ['get', '/v1/api-keys', [['apiKey'], ['session']], 200],
      ['post', '/v1/api-keys/{id}/revoke', [['apiKey'], ['session']], 200],
      ['get', '/v1/audit-events', [['apiKey'], ['session']], 200],
    ];
    for (const [method, path, security, ok] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags.length).toBeGreaterThan(0);
      expect(op.summary).toBeTruthy();
      expect(op.description).toBeTruthy();
      expect((op.security ?? []).map((s: Record<string, unknown>) => Object.keys(s))).toEqual(security);
      expect(op.responses[String(ok)].content['application/json'].schema).toBeDefined();
      if (security.length) expect(op.responses['401']).toBeDefined();
    }
  });
});
