import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcIssuer } from '../_test/oidcIssuer.ts';
import {
  bearer,
  createTestGateway,
  markEmailVerified,
  signUp,
  uniqueEmail,
  type TestGateway,
} from '../_test/testGateway.ts';
import { startSmtpCapture } from '../_test/smtpCapture.ts';
import { createSmtpMailer } from '../email/smtpMailer.ts';
import { createJoseOidcVerifier } from './oidc/joseOidcVerifier.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const CLIENT_ID = 'tender-test-client';

describe(`identity-provider sign-in (${db})`, () => {
  let g: TestGateway;
  let idp: Awaited<ReturnType<typeof startOidcIssuer>>;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let subSeq = 0;
  const nextSub = () => `user-${process.pid}-${++subSeq}`;

  beforeAll(async () => {
    idp = await startOidcIssuer();
    smtp = await startSmtpCapture();
    g = await createTestGateway({
      // cooldown 0: a token with an unknown kid refetches the JWKS at once (the default waits 30 s between fetches).
      oidc: createJoseOidcVerifier({ issuer: idp.issuer, clientId: CLIENT_ID, cooldownMs: 0 }),
      mailer: createSmtpMailer({ url: smtp.url, from: 'Tender <no-reply@tender.test>' }),
    });
  });
  afterAll(async () => {
    await g?.close();
    await idp?.close();
    await smtp?.close();
  });

  const signIn = (payload: Record<string, unknown>) => g.app.inject({ method: 'POST', url: '/v1/auth/idp', payload });
  const err = (r: { statusCode: number; json(): { error: { code: string } } }) => [r.statusCode, r.json().error.code];

  it('signs up a new merchant on first sign-in, then signs in to it', async () => {
    const sub = nextSub();
    const email = uniqueEmail('idp');
    const first = await signIn({
      id_token: await idp.sign({ sub, email, email_verified: true, name: 'Ada' }),
      business_name: 'Ada Widgets',
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const j = first.json();
    expect(j).toMatchObject({
      created: true,
      merchant: { business_name: 'Ada Widgets' },
      user: { email, email_verified: true, role: 'owner' },
      email_verification: 'not_needed',
    });
    expect(j.session.token).toMatch(/^sess_/);
    const status = await g.app.inject({ method: 'GET', url: '/v1/auth/email', headers: bearer(j.session.token) });
    expect(status.json()).toMatchObject({ email, verified: true, sign_in_methods: ['identity_provider'] });

    const again = await signIn({
      id_token: await idp.sign({ sub, email, email_verified: true }),
      business_name: 'Ignored',
    });
    expect(again.json()).toMatchObject({
      created: false,
      merchant: { id: j.merchant.id, business_name: 'Ada Widgets' },
    });
    expect(again.json().session.token).not.toBe(j.session.token);
    const actions = (await g.app.inject({ method: 'GET', url: '/v1/audit-events', headers: bearer(j.session.token) }))
      .json()
      .data.map((e: { action: string; data: { method?: string } }) => `${e.action}:${e.data.method}`);
    expect(actions).toEqual(['auth.login.succeeded:identity_provider', 'account.signed_up:identity_provider']);
  });

  it('names the merchant after the token when business_name is absent; no email unless the provider verified it', async () => {
    const r = await signIn({
      id_token: await idp.sign({ sub: nextSub(), name: 'Grace', email: uniqueEmail(), email_verified: false }),
    });
    expect(r.json()).toMatchObject({
      created: true,
      merchant: { business_name: 'Grace' },
      user: { email: null, email_verified: false },
    });
    const status = await g.app.inject({
      method: 'GET',
      url: '/v1/auth/email',
      headers: bearer(r.json().session.token),
    });
    expect(status.json()).toMatchObject({ has_email: false, email: null, verified: false });
    const nameless = await signIn({ id_token: await idp.sign({ sub: nextSub() }) });
    expect(nameless.json().merchant.business_name).toBe('My business');
  });

  it('never takes over an existing account by email', async () => {
    const owner = await signUp(g.app);
    await markEmailVerified(g.db, owner.userId);
    const r = await signIn({ id_token: await idp.sign({ sub: nextSub(), email: owner.email, email_verified: true }) });
    expect(err(r)).toEqual([409, 'IDP_ACCOUNT_EXISTS']);
    // An unverified claim on the address is not an account's own: a new, separate account is made.
    const claimant = await signUp(g.app);
    const other = await signIn({
      id_token: await idp.sign({ sub: nextSub(), email: claimant.email, email_verified: true }),
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().created).toBe(true);
    expect(other.json().merchant.id).not.toBe(claimant.merchantId);
    // Nothing was linked to the existing accounts.
    const links = await g.db.query('select 1 from identity_links where user_id in ($1, $2)', [
      owner.userId,
      claimant.userId,
    ]);
    expect(links).toEqual([]);
  });

  it.each([
    ['wrong audience', async () => idp.sign({ sub: 'x' }, { aud: 'another-client' }), /another client/],
    [
      'expired token',
      async () => idp.sign({ sub: 'x' }, { issuedAt: Math.floor(Date.now() / 1000) - 3600, expiresIn: 600 }),
      /expired/,
    ],
    ['wrong issuer', async () => idp.sign({ sub: 'x' }, { iss: 'https://evil.example' }), /another issuer/],
    [
      'bad signature (published kid, unpublished key)',
      async () => idp.sign({ sub: 'x' }, { key: await idp.strayKey('k1') }),
      /signature/,
    ],
    ['unknown key id', async () => idp.sign({ sub: 'x' }, { key: await idp.strayKey('nobody') }), /does not publish/],
    ['several audiences without azp', async () => idp.sign({ sub: 'x' }, { aud: [CLIENT_ID, 'other'] }), /azp/],
    ['not a JWT', async () => 'x'.repeat(40), /well-formed/],
  ])('401 INVALID_ID_TOKEN for %s', async (_label, make, message) => {
    const r = await signIn({ id_token: await make() });
    expect(err(r)).toEqual([401, 'INVALID_ID_TOKEN']);
    expect(r.json().error.message).toMatch(message);
  });

  it('checks the nonce when the caller sends one (the browser flow), else takes the token without', async () => {
    const sub = nextSub();
    const nonce = 'n-0123456789abcdef0123456789abcdef';
    const ok = await signIn({ id_token: await idp.sign({ sub, nonce }), nonce });
    expect(ok.statusCode).toBe(200);
    const other = await signIn({ id_token: await idp.sign({ sub, nonce: 'another-sign-in-nonce' }), nonce });
    expect(err(other)).toEqual([401, 'INVALID_ID_TOKEN']);
    expect(other.json().error.message).toBe(
      'The id_token was rejected: its nonce claim differs from the nonce of this sign-in (the token was issued ' +
        'for another sign-in)',
    );
    const none = await signIn({ id_token: await idp.sign({ sub }), nonce });
    expect(err(none)).toEqual([401, 'INVALID_ID_TOKEN']);
    expect(none.json().error.message).toBe(
      'The id_token was rejected: it carries no nonce claim, but this sign-in sent a nonce',
    );
    // Case and whitespace count: the nonce is compared exactly.
    expect(err(await signIn({ id_token: await idp.sign({ sub, nonce }), nonce: nonce.toUpperCase() }))).toEqual([
      401,
      'INVALID_ID_TOKEN',
    ]);
    // An API caller without a browser flow sends no nonce; a token that carries one still signs in.
    const without = await signIn({ id_token: await idp.sign({ sub, nonce }) });
    expect(without.statusCode).toBe(200);
    expect(without.json()).toMatchObject({ created: false, merchant: { id: ok.json().merchant.id } });
  });

  it('GET /public/auth/idp names the provider from its discovery document, fetched once, without credentials', async () => {
    const get = () => g.app.inject({ method: 'GET', url: '/public/auth/idp' });
    const first = await get();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      enabled: true,
      name: new URL(idp.issuer).host,
      issuer: idp.issuer,
      client_id: CLIENT_ID,
      authorization_endpoint: `${idp.issuer}/authorize`,
    });
    const fetched = idp.discoveryFetches();
    expect((await get()).json()).toEqual(first.json());
    expect(idp.discoveryFetches()).toBe(fetched);

    const saved = g.ctx.oidc;
    g.ctx.oidc = createJoseOidcVerifier({ issuer: idp.issuer, clientId: CLIENT_ID, name: 'Example ID' });
    try {
      expect((await get()).json()).toMatchObject({ enabled: true, name: 'Example ID' });
    } finally {
      g.ctx.oidc = saved;
    }
  });

  it('GET /public/auth/idp: 503 IDP_UNAVAILABLE for a provider without the id_token response', async () => {
    const codeOnly = await startOidcIssuer({ responseTypes: ['code'] });
    const saved = g.ctx.oidc;
    g.ctx.oidc = createJoseOidcVerifier({ issuer: codeOnly.issuer, clientId: CLIENT_ID });
    try {
      const r = await g.app.inject({ method: 'GET', url: '/public/auth/idp' });
      expect(err(r)).toEqual([503, 'IDP_UNAVAILABLE']);
      expect(r.json().error.message).toBe(
        'The identity provider does not offer response_type=id_token (it offers code), which the dashboard’s ' +
          'sign-in needs',
      );
    } finally {
      g.ctx.oidc = saved;
      await codeOnly.close();
    }
  });

  it('refuses an unsigned (alg none) or HMAC token', async () => {
    const header = (alg: string) => Buffer.from(JSON.stringify({ alg, typ: 'JWT', kid: 'k1' })).toString('base64url');
    const body = Buffer.from(
      JSON.stringify({
        iss: idp.issuer,
        aud: CLIENT_ID,
        sub: 'x',
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 600,
      }),
    ).toString('base64url');
    for (const t of [`${header('none')}.${body}.`, `${header('HS256')}.${body}.${'A'.repeat(43)}`]) {
      expect(err(await signIn({ id_token: t }))).toEqual([401, 'INVALID_ID_TOKEN']);
    }
  });

  it('caches the JWKS and refetches when the provider rotates its key', async () => {
    const sub = nextSub();
    expect((await signIn({ id_token: await idp.sign({ sub }) })).statusCode).toBe(200);
    const before = idp.jwksFetches();
    for (let i = 0; i < 3; i++) expect((await signIn({ id_token: await idp.sign({ sub }) })).statusCode).toBe(200);
    expect(idp.jwksFetches()).toBe(before);
    const oldKeyToken = await idp.sign({ sub });
    await idp.rotate(); // the old key is withdrawn, a new kid appears
    const r = await signIn({ id_token: await idp.sign({ sub }) });
    expect(r.statusCode).toBe(200);
    expect(r.json().created).toBe(false);
    expect(idp.jwksFetches()).toBe(before + 1);
    // A token signed with the withdrawn key no longer verifies.
    expect(err(await signIn({ id_token: oldKeyToken }))).toEqual([401, 'INVALID_ID_TOKEN']);
  });

  it.each([
    ['id_token of 19', { id_token: 'i'.repeat(19) }, ['id_token']],
    ['id_token of 8001', { id_token: 'i'.repeat(8001) }, ['id_token']],
    ['no id_token', {}, ['id_token']],
    ['business_name of 0', { id_token: 'i'.repeat(20), business_name: '' }, ['business_name']],
    ['business_name of 121', { id_token: 'i'.repeat(20), business_name: 'b'.repeat(121) }, ['business_name']],
    ['an unknown field', { id_token: 'i'.repeat(20), email: 'x@y.z' }, ['email']],
    ['nonce of 0', { id_token: 'i'.repeat(20), nonce: '' }, ['nonce']],
    ['nonce of 201', { id_token: 'i'.repeat(20), nonce: 'n'.repeat(201) }, ['nonce']],
  ])('400 for %s', async (_label, payload, paths) => {
    const r = await signIn(payload);
    expect(err(r)).toEqual([400, 'VALIDATION_FAILED']);
    expect(r.json().error.details.map((d: { path: string }) => d.path)).toEqual(paths);
  });

  it('takes id_token of 20 and 8000 characters and business_name of 1 and 120', async () => {
    for (const len of [20, 8000])
      expect(err(await signIn({ id_token: 'i'.repeat(len) }))).toEqual([401, 'INVALID_ID_TOKEN']);
    const token = await idp.sign({ sub: nextSub() });
    expect(token.length).toBeGreaterThanOrEqual(20);
    const one = await signIn({ id_token: token, business_name: 'B' });
    expect(one.json().merchant.business_name).toBe('B');
    const long = await signIn({ id_token: await idp.sign({ sub: nextSub() }), business_name: 'b'.repeat(120) });
    expect(long.json().merchant.business_name).toBe('b'.repeat(120));
  });

  it('re-authenticates an email change with a fresh id_token of the linked identity only', async () => {
    const sub = nextSub();
    const j = (await signIn({ id_token: await idp.sign({ sub }) })).json();
    const change = async (idToken: string) =>
      g.app.inject({
        method: 'POST',
        url: '/v1/auth/email/change',
        headers: bearer(j.session.token),
        payload: { email: uniqueEmail('reauth'), reauth: { id_token: idToken } },
      });
    // Ages are measured on the gateway's clock.
    const nowS = Math.floor(g.clock.now().getTime() / 1000);
    const stale = await idp.sign({ sub }, { issuedAt: nowS - 301 });
    const r1 = await change(stale);
    expect(err(r1)).toEqual([401, 'REAUTHENTICATION_FAILED']);
    expect(r1.json().error.message).toMatch(/issued \d+ s ago/);
    expect(err(await change(await idp.sign({ sub: nextSub() })))).toEqual([401, 'REAUTHENTICATION_FAILED']);
    expect(err(await change(await idp.sign({ sub }, { aud: 'other' })))).toEqual([401, 'INVALID_ID_TOKEN']);
    // A password proof cannot stand in: this account has none.
    const pw = await g.app.inject({
      method: 'POST',
      url: '/v1/auth/email/change',
      headers: bearer(j.session.token),
      payload: { email: uniqueEmail(), reauth: { password: 'anything' } },
    });
    expect(err(pw)).toEqual([401, 'REAUTHENTICATION_FAILED']);
    const ok = await change(await idp.sign({ sub }, { issuedAt: nowS - 290 }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('queued');
  });

  it('rate limits sign-in attempts per IP (429 in the envelope)', async () => {
    const saved = g.ctx.auth;
    g.ctx.auth = { ...saved, rateLimits: { ...saved?.rateLimits, idpPerIp: { limit: 2, windowSeconds: 60 } } };
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await g.app.inject({
          method: 'POST',
          url: '/v1/auth/idp',
          payload: { id_token: await idp.sign({ sub: nextSub() }) },
          remoteAddress: '10.9.9.9',
        });
        codes.push(r.statusCode);
        if (r.statusCode === 429) {
          expect(r.json().error).toMatchObject({ type: 'rate_limit_error', code: 'RATE_LIMITED' });
          expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      g.ctx.auth = saved;
    }
  });
});

describe('identity-provider sign-in, not configured or unreachable', () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await createTestGateway({ oidc: null });
  });
  afterAll(() => g?.close());

  it('503 IDP_NOT_CONFIGURED when the deployment has no provider', async () => {
    const r = await g.app.inject({ method: 'POST', url: '/v1/auth/idp', payload: { id_token: 'x'.repeat(30) } });
    expect([r.statusCode, r.json().error.code]).toEqual([503, 'IDP_NOT_CONFIGURED']);
    expect(r.json().error.message).toContain('OIDC_ISSUER');
  });

  it('GET /public/auth/idp answers {enabled: false}: the dashboard shows no button', async () => {
    const r = await g.app.inject({ method: 'GET', url: '/public/auth/idp' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ enabled: false });
  });

  it('503 IDP_UNAVAILABLE when the provider cannot be reached', async () => {
    g.ctx.oidc = createJoseOidcVerifier({ issuer: 'http://127.0.0.1:9', clientId: CLIENT_ID, timeoutMs: 2000 });
    try {
      const r = await g.app.inject({ method: 'POST', url: '/v1/auth/idp', payload: { id_token: 'x'.repeat(30) } });
      expect([r.statusCode, r.json().error.code]).toEqual([503, 'IDP_UNAVAILABLE']);
      const d = await g.app.inject({ method: 'GET', url: '/public/auth/idp' });
      expect([d.statusCode, d.json().error.code]).toEqual([503, 'IDP_UNAVAILABLE']);
      expect(d.json().error.message).toBe('The identity provider’s configuration cannot be read; try again shortly');
    } finally {
      g.ctx.oidc = null;
    }
  });
});
