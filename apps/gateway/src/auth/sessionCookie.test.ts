// The dashboard's session cookie over HTTP: set by sign-in (HttpOnly, SameSite=Lax, Secure over https), accepted
// only without an Authorization header, CSRF-checked on unsafe methods (Origin / Sec-Fetch-Site), cleared by logout,
// and re-checked on the live event stream like a bearer session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createTestGateway, signUp, type TestGateway } from '../_test/testGateway.ts';
import { clearedSessionCookie, sessionCookie, sessionCookieName } from './sessionCookie.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`the dashboard session cookie (${db})`, () => {
  let g: TestGateway;
  let baseUrl: string;
  beforeAll(async () => {
    g = await createTestGateway();
    baseUrl = await g.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => g?.close());

  /** Signs up and in; returns the cookie pair the browser would send back. */
  async function signedIn(): Promise<{ cookie: string; token: string; setCookie: string; password: string }> {
    const s = await signUp(g.app);
    const r = await g.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: s.email, password: s.password },
    });
    expect(r.statusCode).toBe(200);
    const setCookie = String(r.headers['set-cookie']);
    const token = r.json().session.token as string;
    return { cookie: `tender_session=${token}`, token, setCookie, password: s.password };
  }
  const same = { origin: 'http://gateway.test', 'sec-fetch-site': 'same-origin' };

  it('sign-in sets an HttpOnly SameSite=Lax cookie holding the session; the body keeps its token', async () => {
    const s = await signedIn();
    expect(s.setCookie).toMatch(/^tender_session=sess_[A-Za-z0-9]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    expect(s.setCookie).not.toContain('Secure');
    const signup = await g.app.inject({
      method: 'POST',
      url: '/v1/auth/signup',
      payload: { business_name: 'Cookie Co', email: `cookie-${Date.now()}@example.com`, password: 'p'.repeat(12) },
    });
    expect(String(signup.headers['set-cookie'])).toContain(`tender_session=${signup.json().session.token};`);
    const me = await g.app.inject({ method: 'GET', url: '/v1/me', headers: { cookie: `a=b; ${s.cookie}; c=d` } });
    expect(me.statusCode).toBe(200);
  });

  it('over https the cookie is Secure and __Host- prefixed', () => {
    const ctx = {
      config: {
        publicUrl: 'https://pay.example',
        dashboardUrl: 'https://pay.example',
        profile: 'production',
        roles: [],
      },
    };
    const now = new Date('2026-01-01T00:00:00Z');
    const c = sessionCookie(ctx, 'sess_x', new Date(now.getTime() + 3600_000), now);
    expect(c).toBe('__Host-tender_session=sess_x; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600; Secure');
    expect(sessionCookieName(ctx)).toBe('__Host-tender_session');
    expect(clearedSessionCookie(ctx)).toContain('Max-Age=0; Secure');
  });

  it('unsafe methods with the cookie need the gateway’s own origin; a cross-site form POST changes nothing', async () => {
    const s = await signedIn();
    const create = (
      headers: Record<string, string>,
      payload: unknown = { name: 'csrf', environment: 'test', role: 'read_only' },
    ) =>
      g.app.inject({
        method: 'POST',
        url: '/v1/api-keys',
        headers: { cookie: s.cookie, ...headers },
        payload: payload as object,
      });
    const keys = async () =>
      (await g.app.inject({ method: 'GET', url: '/v1/api-keys', headers: bearer(s.token) })).json().data.length;
    const before = await keys();
    const refused: Record<string, string>[] = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'http://gateway.test', 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
      {},
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of refused) {
      const r = await create(headers);
      expect([r.statusCode, r.json().error.code]).toEqual([403, 'CSRF_REJECTED']);
    }
    // A classic form POST from another site (urlencoded body, cross-site Origin): refused before anything is read.
    const form = await g.app.inject({
      method: 'POST',
      url: '/v1/api-keys',
      headers: {
        cookie: s.cookie,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'name=csrf',
    });
    expect(form.statusCode).toBeGreaterThanOrEqual(400);
    expect(form.statusCode).toBeLessThan(500);
    const logoutAttempt = await g.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: { cookie: s.cookie, origin: 'https://evil.example' },
    });
    expect(logoutAttempt.json().error.code).toBe('CSRF_REJECTED');
    expect(await keys()).toBe(before);

    // From the gateway's own pages: accepted (Origin, the request's own host, or Sec-Fetch-Site alone).
    expect((await create(same)).statusCode).toBe(201);
    expect((await create({ origin: 'http://localhost:4000', host: 'localhost:4000' })).statusCode).toBe(201);
    expect((await create({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect(await keys()).toBe(before + 3);
    // Reads need no origin check.
    const read = await g.app.inject({ method: 'GET', url: '/v1/api-keys', headers: { cookie: s.cookie } });
    expect(read.statusCode).toBe(200);
  });

  it('a bearer credential wins over the cookie and is never origin-checked; API keys work as before', async () => {
    const s = await signedIn();
    const other = await signedIn();
    const key = await createKey(g.app, s.token, { role: 'developer' });
    const me = await g.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { ...bearer(key.secret), cookie: other.cookie, origin: 'https://evil.example' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().merchant.id).not.toBe(
      (await g.app.inject({ method: 'GET', url: '/v1/me', headers: { cookie: other.cookie } })).json().merchant.id,
    );
    const post = await g.app.inject({
      method: 'POST',
      url: '/v1/payment-links',
      headers: { ...bearer(key.secret), origin: 'https://evil.example' },
      payload: {},
    });
    expect(post.json().error?.code).not.toBe('CSRF_REJECTED');
    const none = await g.app.inject({ method: 'GET', url: '/v1/me', headers: { cookie: 'tender_session=sess_nope' } });
    expect([none.statusCode, none.json().error.code]).toEqual([401, 'INVALID_SESSION']);
    const garbage = await g.app.inject({ method: 'GET', url: '/v1/me', headers: { cookie: 'tender_session=x' } });
    expect([garbage.statusCode, garbage.json().error.code]).toEqual([401, 'AUTHENTICATION_REQUIRED']);
  });

  it('logout by cookie ends the session and clears the cookie; its live stream ends within seconds', async () => {
    const s = await signedIn();
    const abort = new AbortController();
    const stream = await fetch(`${baseUrl}/v1/events/stream`, { headers: { cookie: s.cookie }, signal: abort.signal });
    expect(stream.status).toBe(200);
    const body = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    const out = await g.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { cookie: s.cookie, ...same } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toBe('tender_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0');
    const started = Date.now();
    let text = '';
    const timer = setTimeout(() => abort.abort(), 5_000);
    try {
      for (;;) {
        const { value, done } = await body.read();
        if (done) break;
        text += value;
      }
    } finally {
      clearTimeout(timer);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(text).toContain('closed: INVALID_SESSION');
    const me = await g.app.inject({ method: 'GET', url: '/v1/me', headers: { cookie: s.cookie } });
    expect([me.statusCode, me.json().error.code]).toEqual([401, 'INVALID_SESSION']);
  });
});
