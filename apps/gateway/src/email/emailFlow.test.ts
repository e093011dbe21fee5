import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, linkToken, type CapturedMail } from '../_test/smtpCapture.ts';
import {
  bearer,
  createTestGateway,
  signUp,
  uniqueEmail,
  type SignedUp,
  type TestGateway,
} from '../_test/testGateway.ts';
import { createSmtpMailer } from './smtpMailer.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`email verification and change over real SMTP (${db})`, () => {
  let g: TestGateway;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    g = await createTestGateway({
      mailer: createSmtpMailer({ url: smtp.url, from: 'Tender <no-reply@tender.test>' }),
      jobs: true,
    });
  });
  afterAll(async () => {
    await g?.close();
    await smtp?.close();
  });

  const get = (token: string) => g.app.inject({ method: 'GET', url: '/v1/auth/email', headers: bearer(token) });
  const post = (url: string, token: string | null, payload?: unknown) =>
    g.app.inject({
      method: 'POST',
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload: payload as object } : {}),
    });
  const confirm = (token: string) => post('/public/auth/email/confirm', null, { token });
  /** Waits for the next mail to `to` beyond the `seen` ones already received. */
  const nextMail = async (to: string, seen = 0): Promise<CapturedMail> => {
    for (;;) {
      const got = smtp.mails.filter((m) => m.to.includes(to.toLowerCase()));
      if (got.length > seen) return got[seen]!;
      await smtp.waitFor(to);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to.toLowerCase())).length;

  it('mails a verification link on signup; following it verifies the address, once', async () => {
    const email = uniqueEmail('verify');
    const r = await post('/v1/auth/signup', null, { business_name: 'Mailed Co', email, password: 'p'.repeat(12) });
    expect(r.json().email_verification).toBe('queued');
    const token = r.json().session.token;
    expect((await get(token)).json()).toEqual({
      email,
      has_email: true,
      verified: false,
      pending_email: null,
      sign_in_methods: ['password'],
      can_send_email: true,
    });

    const mail = await nextMail(email);
    expect(mail.subject).toBe('Verify your Tender email address');
    expect(mail.text).toContain('Mailed Co');
    expect(mail.text).toMatch(/^http:\/\/dashboard\.test\/verify-email\?token=etk_/m);
    const link = linkToken(mail);
    // The plaintext link exists only in the mail: the database holds its hash.
    const rows = await g.db.query('select * from email_tokens');
    expect(JSON.stringify(rows)).not.toContain(link);
    const jobs = await g.db.query('select payload from jobs');
    expect(JSON.stringify(jobs)).not.toContain(link);

    const c = await confirm(link);
    expect([c.statusCode, c.json()]).toEqual([200, { status: 'verified', purpose: 'verify', email }]);
    expect((await get(token)).json()).toMatchObject({ verified: true, has_email: true });
    const again = await confirm(link);
    expect([again.statusCode, again.json().error.code]).toEqual([400, 'EMAIL_TOKEN_INVALID']);

    const events = (await g.app.inject({ method: 'GET', url: '/v1/audit-events', headers: bearer(token) })).json();
    expect(events.data.map((e: { action: string }) => e.action)).toContain('email.verified');
    // Live keys are now allowed.
    const live = await post('/v1/api-keys', token, { name: 'live', environment: 'live' });
    expect(live.statusCode).toBe(201);
  });

  it('POST /v1/auth/email/verify sends a new link that replaces the older one; 409 once verified', async () => {
    const s = await signUp(g.app);
    const first = linkToken(await nextMail(s.email, 0));
    const r = await post('/v1/auth/email/verify', s.token);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'queued', email: s.email });
    expect(new Date(r.json().expires_at).getTime() - g.clock.now().getTime()).toBe(86_400_000);
    const second = linkToken(await nextMail(s.email, 1));
    expect(second).not.toBe(first);
    expect((await confirm(first)).json().error.code).toBe('EMAIL_TOKEN_INVALID');
    expect((await confirm(second)).statusCode).toBe(200);
    const done = await post('/v1/auth/email/verify', s.token);
    expect([done.statusCode, done.json().error.code]).toEqual([409, 'EMAIL_ALREADY_VERIFIED']);
  });

  it('changes the address only when the link mailed to the new address is opened', async () => {
    const s = await signUp(g.app);
    await nextMail(s.email);
    const to = uniqueEmail('new');
    const r = await post('/v1/auth/email/change', s.token, { email: to, reauth: { password: s.password } });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'queued', email: to });
    expect(new Date(r.json().expires_at).getTime() - g.clock.now().getTime()).toBe(3_600_000);
    const status = (await get(s.token)).json();
    expect(status).toMatchObject({ email: s.email, pending_email: { email: to } });

    const mail = await nextMail(to);
    expect(mail.subject).toBe('Confirm your new Tender email address');
    // Until the link is used, the old address still signs in and the new one does not.
    const login = (email: string) => post('/v1/auth/login', null, { email, password: s.password });
    expect((await login(s.email)).statusCode).toBe(200);
    expect((await login(to)).statusCode).toBe(401);

    const c = await confirm(linkToken(mail));
    expect(c.json()).toEqual({ status: 'verified', purpose: 'change', email: to });
    expect((await get(s.token)).json()).toMatchObject({ email: to, verified: true, pending_email: null });
    expect((await login(to)).statusCode).toBe(200);
    expect((await login(s.email)).statusCode).toBe(401);
    const actions = (await g.app.inject({ method: 'GET', url: '/v1/audit-events', headers: bearer(s.token) }))
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['email.change_requested', 'email.changed']));
  });

  it('tells the old verified address once the change is made, without naming the new one', async () => {
    const s = await signUp(g.app, { business_name: 'Notice Co' });
    await confirm(linkToken(await nextMail(s.email, 0)));
    const to = uniqueEmail('moved');
    await post('/v1/auth/email/change', s.token, { email: to, reauth: { password: s.password } });
    const link = linkToken(await nextMail(to));
    // Nothing goes to the old address before the link is opened.
    await new Promise((res) => setTimeout(res, 200));
    expect(mailsTo(s.email)).toBe(1);
    expect((await confirm(link)).statusCode).toBe(200);
    const notice = await nextMail(s.email, 1);
    expect(notice.subject).toBe('Your Tender account email address was changed');
    expect(notice.text).toContain('Notice Co');
    expect(notice.text).toContain(`${s.email} no longer signs in`);
    expect(notice.text).not.toContain(to);
    expect(notice.text.toLowerCase()).not.toContain(to.split('@')[0]!.toLowerCase());
    // One notice per change, even if the confirmation is retried.
    expect((await confirm(link)).statusCode).toBe(400);
    await new Promise((res) => setTimeout(res, 300));
    expect(mailsTo(s.email)).toBe(2);
    const jobs = await g.db.query<{ n: number }>(
      `select count(*)::int as n from jobs where queue = 'gateway.email_changed_notice' and payload->>'to' = $1`,
      [s.email],
    );
    expect(jobs[0]!.n).toBe(1);
  });

  it('tells no one when the old address was never verified', async () => {
    const s = await signUp(g.app);
    await nextMail(s.email);
    const to = uniqueEmail('unverified-old');
    await post('/v1/auth/email/change', s.token, { email: to, reauth: { password: s.password } });
    expect((await confirm(linkToken(await nextMail(to)))).statusCode).toBe(200);
    await new Promise((res) => setTimeout(res, 300));
    expect(mailsTo(s.email)).toBe(1);
  });

  it('refuses a change without the right password (401 REAUTHENTICATION_FAILED) and mails nothing', async () => {
    const s = await signUp(g.app);
    await nextMail(s.email);
    const to = uniqueEmail('nope');
    const r = await post('/v1/auth/email/change', s.token, { email: to, reauth: { password: 'not my password' } });
    expect([r.statusCode, r.json().error.code]).toEqual([401, 'REAUTHENTICATION_FAILED']);
    // The session itself is still fine.
    expect((await get(s.token)).statusCode).toBe(200);
    await new Promise((res) => setTimeout(res, 300));
    expect(mailsTo(to)).toBe(0);
  });

  it('409 EMAIL_UNCHANGED for the current verified address', async () => {
    const s = await signUp(g.app);
    await confirm(linkToken(await nextMail(s.email)));
    const r = await post('/v1/auth/email/change', s.token, {
      email: s.email.toUpperCase(),
      reauth: { password: s.password },
    });
    expect([r.statusCode, r.json().error.code]).toEqual([409, 'EMAIL_UNCHANGED']);
  });

  it('expires links: a change link is refused after an hour', async () => {
    const s = await signUp(g.app);
    await nextMail(s.email);
    const to = uniqueEmail('late');
    await post('/v1/auth/email/change', s.token, { email: to, reauth: { password: s.password } });
    const link = linkToken(await nextMail(to));
    g.clock.advance(3601);
    const r = await confirm(link);
    expect([r.statusCode, r.json().error.code]).toEqual([400, 'EMAIL_TOKEN_EXPIRED']);
    // (The session went idle meanwhile: sign in again to look.)
    const again = await post('/v1/auth/login', null, { email: s.email, password: s.password });
    expect((await get(again.json().session.token)).json().email).toBe(s.email);
  });

  it('an address verified by one account cannot be verified by another (409 EMAIL_IN_USE)', async () => {
    const email = uniqueEmail('shared');
    const first = await signUp(g.app, { email });
    const firstLink = linkToken(await nextMail(email, 0));
    const second = await signUp(g.app, { email });
    const secondLink = linkToken(await nextMail(email, 1));
    expect((await confirm(firstLink)).statusCode).toBe(200);
    const r = await confirm(secondLink);
    expect([r.statusCode, r.json().error.code]).toEqual([409, 'EMAIL_IN_USE']);
    expect((await get(first.token)).json().verified).toBe(true);
    expect((await get(second.token)).json().verified).toBe(false);
  });

  it.each([
    [19, 'VALIDATION_FAILED'],
    [20, 'EMAIL_TOKEN_INVALID'],
    [200, 'EMAIL_TOKEN_INVALID'],
    [201, 'VALIDATION_FAILED'],
  ])('confirm token of length %i: 400 %s', async (length, code) => {
    const r = await confirm('t'.repeat(length));
    expect([r.statusCode, r.json().error.code]).toEqual([400, code]);
    if (code === 'VALIDATION_FAILED')
      expect(r.json().error.details.map((d: { path: string }) => d.path)).toEqual(['token']);
  });

  it('confirm refuses a missing token and unknown fields', async () => {
    const r = await post('/public/auth/email/confirm', null, { tok: 'x'.repeat(30) });
    expect(
      r
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['tok', 'token']);
  });

  describe('email change input rules', () => {
    let s: SignedUp;
    beforeAll(async () => {
      s = await signUp(g.app);
    });
    const change = (payload: unknown) => post('/v1/auth/email/change', s.token, payload);
    const paths = async (payload: unknown) => {
      const r = await change(payload);
      expect(r.statusCode).toBe(400);
      return r.json().error.details.map((d: { path: string }) => d.path);
    };
    const at320 = () => `${uniqueEmail('c').split('@')[0]!.padEnd(308, 'c')}@example.com`;

    it('email: required, format, max 320', async () => {
      expect(await paths({ reauth: { password: 'x' } })).toEqual(['email']);
      expect(await paths({ email: 'nope', reauth: { password: 'x' } })).toEqual(['email']);
      expect(await paths({ email: `c${at320()}`, reauth: { password: 'x' } })).toEqual(['email']);
      const ok = await change({ email: at320(), reauth: { password: s.password } });
      expect(ok.statusCode).toBe(200);
    });

    it('reauth: required, an object with password or id_token, nothing else', async () => {
      expect(await paths({ email: uniqueEmail() })).toEqual(['reauth']);
      expect(await paths({ email: uniqueEmail(), reauth: {} })).toEqual(['reauth']);
      expect(await paths({ email: uniqueEmail(), reauth: 'pw' })).toEqual(['reauth']);
      expect(await paths({ email: uniqueEmail(), reauth: { password: 'x', otp: '1' } })).toEqual(['reauth.otp']);
    });

    it('reauth.password 1 to 200, reauth.id_token 20 to 8000', async () => {
      expect(await paths({ email: uniqueEmail(), reauth: { password: '' } })).toEqual(['reauth.password']);
      expect(await paths({ email: uniqueEmail(), reauth: { password: 'p'.repeat(201) } })).toEqual(['reauth.password']);
      expect(await paths({ email: uniqueEmail(), reauth: { id_token: 'i'.repeat(19) } })).toEqual(['reauth.id_token']);
      expect(await paths({ email: uniqueEmail(), reauth: { id_token: 'i'.repeat(8001) } })).toEqual([
        'reauth.id_token',
      ]);
      // In range: the rules pass and re-authentication decides.
      for (const password of ['p', 'p'.repeat(200)]) {
        const r = await change({ email: uniqueEmail(), reauth: { password } });
        expect([r.statusCode, r.json().error.code]).toEqual([401, 'REAUTHENTICATION_FAILED']);
      }
      // No identity provider configured here: an id_token in range is answered 503.
      for (const idToken of ['i'.repeat(20), 'i'.repeat(8000)]) {
        const r = await change({ email: uniqueEmail(), reauth: { id_token: idToken } });
        expect([r.statusCode, r.json().error.code]).toEqual([503, 'IDP_NOT_CONFIGURED']);
      }
    });
  });
});

describe(`email without an SMTP relay (${db})`, () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await createTestGateway({ mailer: null });
  });
  afterAll(() => g?.close());

  it('says plainly that it cannot send, and pretends nothing', async () => {
    const s = await signUp(g.app);
    const status = await g.app.inject({ method: 'GET', url: '/v1/auth/email', headers: bearer(s.token) });
    expect(status.json()).toMatchObject({ email: s.email, verified: false, can_send_email: false });
    const verify = await g.app.inject({ method: 'POST', url: '/v1/auth/email/verify', headers: bearer(s.token) });
    expect([verify.statusCode, verify.json().error.code, verify.json().error.type]).toEqual([
      503,
      'EMAIL_UNAVAILABLE',
      'api_error',
    ]);
    expect(verify.json().error.message).toContain('SMTP_URL');
    const change = await g.app.inject({
      method: 'POST',
      url: '/v1/auth/email/change',
      headers: bearer(s.token),
      payload: { email: uniqueEmail(), reauth: { password: s.password } },
    });
    expect([change.statusCode, change.json().error.code]).toEqual([503, 'EMAIL_UNAVAILABLE']);
    // No link and no job exist.
    expect(await g.db.query('select 1 from email_tokens')).toEqual([]);
    expect(await g.db.query('select 1 from jobs')).toEqual([]);
  });
});
