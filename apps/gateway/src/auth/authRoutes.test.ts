import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestGateway, signUp, uniqueEmail, type TestGateway } from '../_test/testGateway.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** A distinct client address per test, so per-IP buckets never leak between tests. */
let ipSeq = 0;
const nextIp = () => `10.1.0.${++ipSeq}`;

describe(`auth: signup, login, logout, sessions (${db})`, () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await createTestGateway({
      auth: {
        sessionTtlSeconds: 3600,
        sessionIdleSeconds: 600,
        rateLimits: {
          loginPerIp: { limit: 8, windowSeconds: 60 },
          loginFailuresPerAccount: { limit: 3, windowSeconds: 60 },
          loginFailuresPerDevice: { limit: 3, windowSeconds: 60 },
          signupPerIp: { limit: 40, windowSeconds: 60 },
          signupPerEmail: { limit: 3, windowSeconds: 60 },
        },
      },
    });
  });
  afterAll(() => g?.close());

  const post = (url: string, payload: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
    g.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip, headers });
  const signupBody = (over: Record<string, unknown> = {}) => ({
    business_name: 'Acme Ltd',
    email: uniqueEmail(),
    password: 'a'.repeat(12),
    ...over,
  });
  const detailPaths = (r: { json(): { error: { details?: { path: string }[] } } }) =>
    (r.json().error.details ?? []).map((d) => d.path);

  describe('POST /v1/auth/signup', () => {
    it('creates merchant, owner and session: 201, token shown once and never cached', async () => {
      const body = signupBody();
      const r = await post('/v1/auth/signup', body);
      expect(r.statusCode).toBe(201);
      expect(r.headers['cache-control']).toBe('no-store');
      const j = r.json();
      expect(j.merchant).toMatchObject({ object: 'merchant', business_name: 'Acme Ltd' });
      expect(j.merchant.id).toMatch(/^acct_/);
      expect(j.user).toMatchObject({ object: 'user', email: body.email, email_verified: false, role: 'owner' });
      expect(j.session.token).toMatch(/^sess_[0-9A-Za-z]{40}$/);
      expect(j.session.idle_timeout_seconds).toBe(600);
      expect(new Date(j.session.expires_at).getTime() - g.clock.now().getTime()).toBe(3600_000);
      expect(j.created).toBe(true);
      // No mailer in this gateway: the response says so instead of pretending a link went out.
      expect(j.email_verification).toBe('unavailable');
      const me = await g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(j.session.token) });
      expect(me.statusCode).toBe(200);
      expect(me.json().merchant.id).toBe(j.merchant.id);
    });

    it('stores the password as argon2id and the session token only as a hash', async () => {
      const body = signupBody({ password: 'unguessable-password-1' });
      const j = (await post('/v1/auth/signup', body)).json();
      const [u] = await g.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [
        j.user.id,
      ]);
      expect(u?.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      expect(u?.password_hash).not.toContain('unguessable');
      const rows = await g.db.query<Record<string, unknown>>('select * from sessions where user_id = $1', [j.user.id]);
      expect(JSON.stringify(rows)).not.toContain(j.session.token);
      expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it.each([
      ['business_name', 1, 400],
      ['business_name', 2, 201],
      ['business_name', 120, 201],
      ['business_name', 121, 400],
      ['password', 11, 400],
      ['password', 12, 201],
      ['password', 200, 201],
      ['password', 201, 400],
    ])('%s of %i characters → %i', async (field, length, status) => {
      const r = await post('/v1/auth/signup', signupBody({ [field]: 'b'.repeat(length) }));
      expect(r.statusCode).toBe(status);
      if (status === 400) {
        expect(r.json().error).toMatchObject({ type: 'invalid_request_error', code: 'VALIDATION_FAILED' });
        expect(detailPaths(r)).toEqual([field]);
        expect(r.json().error.request_id).toMatch(/^req_/);
      }
    });

    it('takes an email of 320 characters and refuses 321 or a malformed one', async () => {
      const at320 = `${uniqueEmail().split('@')[0]!.padEnd(308, 'e')}@example.com`;
      expect(at320).toHaveLength(320);
      expect((await post('/v1/auth/signup', signupBody({ email: at320 }))).statusCode).toBe(201);
      const r = await post('/v1/auth/signup', signupBody({ email: `x${at320}` }));
      expect([r.statusCode, detailPaths(r)]).toEqual([400, ['email']]);
      for (const bad of ['not-an-email', 'a@', '@b.com', '']) {
        const b = await post('/v1/auth/signup', signupBody({ email: bad }));
        expect([bad, b.statusCode, detailPaths(b)]).toEqual([bad, 400, ['email']]);
      }
    });

    it('names every missing, mistyped and unknown field in one 400', async () => {
      const r = await post('/v1/auth/signup', { business_name: 7, password: null, admin: true });
      expect(r.statusCode).toBe(400);
      expect(detailPaths(r).sort()).toEqual(['admin', 'business_name', 'email', 'password']);
    });

    it('does not reveal that an address is registered: a second signup with it succeeds as a separate account', async () => {
      const email = uniqueEmail();
      const a = await post('/v1/auth/signup', signupBody({ email, password: 'first-password-1' }));
      const b = await post(
        '/v1/auth/signup',
        signupBody({ email: email.toUpperCase(), password: 'second-password-2' }),
      );
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
      expect(a.json().merchant.id).not.toBe(b.json().merchant.id);
      // Each password signs in to its own account.
      const la = await post('/v1/auth/login', { email, password: 'first-password-1' });
      const lb = await post('/v1/auth/login', { email, password: 'second-password-2' });
      expect(la.json().merchant.id).toBe(a.json().merchant.id);
      expect(lb.json().merchant.id).toBe(b.json().merchant.id);
    });

    it('rate limits signups per email with 429 RATE_LIMITED and Retry-After', async () => {
      const email = uniqueEmail();
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await post('/v1/auth/signup', signupBody({ email }))).statusCode);
      expect(codes).toEqual([201, 201, 201, 429]);
      const r = await post('/v1/auth/signup', signupBody({ email }));
      expect(r.json().error).toMatchObject({ type: 'rate_limit_error', code: 'RATE_LIMITED' });
      expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
    });
  });

  describe('POST /v1/auth/login', () => {
    it('signs in with the right password and records it', async () => {
      const s = await signUp(g.app);
      const r = await post('/v1/auth/login', { email: s.email, password: s.password });
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('no-store');
      const j = r.json();
      expect(j).toMatchObject({ created: false, merchant: { id: s.merchantId }, user: { id: s.userId } });
      expect(j.session.token).not.toBe(s.token);
      const me = await g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(j.session.token) });
      expect(me.json().credential).toEqual({ type: 'session', id: j.session.id });
    });

    it('accepts the email in any letter case', async () => {
      const s = await signUp(g.app);
      const r = await post('/v1/auth/login', { email: s.email.toUpperCase(), password: s.password });
      expect(r.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown email identically (401 INVALID_CREDENTIALS)', async () => {
      const s = await signUp(g.app);
      const wrong = await post('/v1/auth/login', { email: s.email, password: 'not the password' });
      const unknown = await post('/v1/auth/login', { email: uniqueEmail('nobody'), password: 'not the password' });
      for (const r of [wrong, unknown]) {
        expect(r.statusCode).toBe(401);
        expect(r.json().error).toMatchObject({
          type: 'authentication_error',
          code: 'INVALID_CREDENTIALS',
          message: 'Email or password is incorrect',
        });
      }
      const strip = (b: { error: Record<string, unknown> }) => ({ ...b.error, request_id: undefined });
      expect(strip(wrong.json())).toEqual(strip(unknown.json()));
    });

    it.each([
      [0, 400],
      [1, 401],
      [200, 401],
      [201, 400],
    ])('password of %i characters → %i', async (length, status) => {
      const r = await post('/v1/auth/login', { email: uniqueEmail(), password: 'x'.repeat(length) });
      expect(r.statusCode).toBe(status);
      if (status === 400) expect(detailPaths(r)).toEqual(['password']);
    });

    it('refuses a malformed or 321-character email and missing fields', async () => {
      const long = `${'e'.repeat(309)}@example.com`;
      expect(long).toHaveLength(321);
      expect(detailPaths(await post('/v1/auth/login', { email: long, password: 'x' }))).toEqual(['email']);
      expect(detailPaths(await post('/v1/auth/login', { email: 'nope', password: 'x' }))).toEqual(['email']);
      expect(detailPaths(await post('/v1/auth/login', {})).sort()).toEqual(['email', 'password']);
    });

    it('locks an account after repeated failures for clients that never signed in, even for the right password, whether or not it exists', async () => {
      const s = await signUp(g.app);
      const ghost = uniqueEmail('ghost');
      for (const email of [s.email, ghost]) {
        const codes: number[] = [];
        for (let i = 0; i < 3; i++)
          codes.push((await post('/v1/auth/login', { email, password: 'wrong password' })).statusCode);
        expect(codes).toEqual([401, 401, 401]);
        const blocked = await post('/v1/auth/login', { email, password: s.password });
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().error.code).toBe('RATE_LIMITED');
        expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The budget recovers once the window has slid past the failures.
      g.clock.advance(120);
      expect((await post('/v1/auth/login', { email: s.email, password: s.password })).statusCode).toBe(200);
    });

    it('a stranger hammering an account cannot lock out the owner on a client that signed in before; the stranger stays limited', async () => {
      const s = await signUp(g.app);
      const ownerIp = nextIp();
      const first = await post('/v1/auth/login', { email: s.email, password: s.password }, ownerIp);
      expect(first.statusCode).toBe(200);
      const device = first.json().device_token as string;
      expect(device).toMatch(/^ldt_[0-9A-Za-z]{40}$/);

      // The stranger, from addresses of its own, fills the account's failure budget and is then refused, even
      // with the right password (it cannot know whether it guessed right).
      const stranger: number[] = [];
      for (let i = 0; i < 6; i++)
        stranger.push((await post('/v1/auth/login', { email: s.email, password: `guess ${i}` })).statusCode);
      expect(stranger).toEqual([401, 401, 401, 429, 429, 429]);
      expect((await post('/v1/auth/login', { email: s.email, password: s.password })).statusCode).toBe(429);

      // The owner's client still signs in with the right password, and keeps its device token.
      const owner = await post(
        '/v1/auth/login',
        { email: s.email, password: s.password, device_token: device },
        ownerIp,
      );
      expect(owner.statusCode).toBe(200);
      expect(owner.json().device_token).toBe(device);
      expect(
        (await g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(owner.json().session.token) })).statusCode,
      ).toBe(200);
      // The stranger is still limited.
      expect((await post('/v1/auth/login', { email: s.email, password: 'guess 7' })).statusCode).toBe(429);

      // A device token of another account gives a stranger nothing here.
      const other = await signUp(g.app);
      const otherDevice = (await post('/v1/auth/login', { email: other.email, password: other.password })).json()
        .device_token as string;
      expect(
        (await post('/v1/auth/login', { email: s.email, password: s.password, device_token: otherDevice })).statusCode,
      ).toBe(429);

      // The device has a failure budget of its own: a stolen device token gives no more guesses than the account's.
      const own: number[] = [];
      for (let i = 0; i < 4; i++)
        own.push(
          (await post('/v1/auth/login', { email: s.email, password: `typo ${i}`, device_token: device }, ownerIp))
            .statusCode,
        );
      expect(own).toEqual([401, 401, 401, 429]);
    });

    it('limits attempts per IP across accounts', async () => {
      const ip = nextIp();
      const codes: number[] = [];
      for (let i = 0; i < 9; i++) {
        codes.push((await post('/v1/auth/login', { email: uniqueEmail(), password: 'whatever' }, ip)).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 429]);
      // Another address is not affected.
      expect((await post('/v1/auth/login', { email: uniqueEmail(), password: 'whatever' })).statusCode).toBe(401);
    });
  });

  describe('sessions and POST /v1/auth/logout', () => {
    it('ends the session: 200, then the token is refused', async () => {
      const s = await signUp(g.app);
      const r = await post('/v1/auth/logout', undefined, nextIp(), bearer(s.token));
      expect([r.statusCode, r.json()]).toEqual([200, { status: 'logged_out' }]);
      const me = await g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(s.token) });
      expect([me.statusCode, me.json().error.code]).toEqual([401, 'INVALID_SESSION']);
      const again = await post('/v1/auth/logout', undefined, nextIp(), bearer(s.token));
      expect(again.statusCode).toBe(401);
    });

    it('logout needs credentials (401) and refuses API keys (403 SESSION_REQUIRED)', async () => {
      expect((await post('/v1/auth/logout', undefined)).statusCode).toBe(401);
      const s = await signUp(g.app);
      const key = await g.app.inject({
        method: 'POST',
        url: '/v1/api-keys',
        headers: bearer(s.token),
        payload: { name: 'k', environment: 'test', role: 'admin' },
      });
      const r = await post('/v1/auth/logout', undefined, nextIp(), bearer(key.json().secret));
      expect([r.statusCode, r.json().error.code]).toEqual([403, 'SESSION_REQUIRED']);
    });

    it('ends a session left idle, and keeps one in use alive until its lifetime ends', async () => {
      const idle = await signUp(g.app);
      const active = await signUp(g.app);
      const me = (token: string) => g.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(token) });
      // 50 minutes of use every 5 minutes: the active one stays valid, the idle one (10 min timeout) ends.
      for (let i = 0; i < 10; i++) {
        g.clock.advance(300);
        expect((await me(active.token)).statusCode).toBe(200);
      }
      const r = await me(idle.token);
      expect([r.statusCode, r.json().error.code]).toEqual([401, 'INVALID_SESSION']);
      expect(r.json().error.message).toContain('inactivity');
      // Past the one-hour lifetime, even a session in use ends.
      g.clock.advance(300);
      expect((await me(active.token)).statusCode).toBe(200);
      g.clock.advance(300);
      const expired = await me(active.token);
      expect([expired.statusCode, expired.json().error.message]).toEqual([
        401,
        'This session has expired; sign in again',
      ]);
    });

    it('records signup, login success and failure, and logout in the audit log', async () => {
      const s = await signUp(g.app);
      await post('/v1/auth/login', { email: s.email, password: 'wrong password' });
      const l = (await post('/v1/auth/login', { email: s.email, password: s.password })).json();
      await post('/v1/auth/logout', undefined, nextIp(), bearer(l.session.token));
      const events = await g.app.inject({ method: 'GET', url: '/v1/audit-events', headers: bearer(s.token) });
      expect(events.json().data.map((e: { action: string }) => e.action)).toEqual([
        'auth.logout',
        'auth.login.succeeded',
        'auth.login.failed',
        'account.signed_up',
      ]);
      const failed = events.json().data[2];
      expect(failed).toMatchObject({ actor: { type: 'anonymous', id: null }, target: { type: 'user', id: s.userId } });
      expect(JSON.stringify(events.json())).not.toContain(s.password);
    });
  });
});
