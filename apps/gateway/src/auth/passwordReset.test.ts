import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type CapturedMail } from '../_test/smtpCapture.ts';
import {
  bearer,
  createTestGateway,
  markEmailVerified,
  signUp,
  uniqueEmail,
  type TestGateway,
} from '../_test/testGateway.ts';
import { createSmtpMailer } from '../email/smtpMailer.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const RESET_SUBJECT = 'Reset your Tender password';
const NO_ACCOUNT_SUBJECT = 'Tender password reset: no account with this address';

/** Every `token` of the reset-password links in a mail, in order. */
function resetTokens(mail: CapturedMail): string[] {
  return [...mail.text.matchAll(/https?:\/\/\S+\/reset-password\?token=([A-Za-z0-9_%-]+)/g)].map((m) =>
    decodeURIComponent(m[1]!),
  );
}

describe(`password reset over real SMTP (${db})`, () => {
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

  let ipSeq = 0;
  /** Each call from its own client address unless one is given, so per-IP limits only bite where meant. */
  const forgot = (email: string, ip = `10.0.0.${++ipSeq % 250}`) =>
    g.app.inject({ method: 'POST', url: '/v1/auth/password/forgot', payload: { email }, remoteAddress: ip });
  const reset = (token: string, password: string) =>
    g.app.inject({ method: 'POST', url: '/public/auth/password/reset', payload: { token, password } });
  const login = (email: string, password: string, device_token?: string) =>
    g.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email, password, ...(device_token ? { device_token } : {}) },
    });
  const me = (token: string) => g.app.inject({ method: 'GET', url: '/v1/auth/email', headers: bearer(token) });
  /** The `n`-th mail (0-based) to `to` with this subject, waiting for it. */
  const mailTo = async (to: string, subject: string, n = 0): Promise<CapturedMail> => {
    for (;;) {
      const got = smtp.mails.filter((m) => m.to.includes(to.toLowerCase()) && m.subject === subject);
      if (got.length > n) return got[n]!;
      await smtp.waitFor(to);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('mails a single-use link; the reset sets the password and ends every session and device', async () => {
    const s = await signUp(g.app, { business_name: 'Reset Co' });
    const other = await login(s.email, s.password);
    const deviceToken: string = other.json().device_token;
    const otherSession: string = other.json().session.token;

    const r = await forgot(s.email);
    expect([r.statusCode, r.json()]).toEqual([202, { status: 'accepted' }]);
    const mail = await mailTo(s.email, RESET_SUBJECT);
    expect(mail.text).toContain('"Reset Co"');
    expect(mail.text).toMatch(/^http:\/\/dashboard\.test\/reset-password\?token=prt_/m);
    const [token] = resetTokens(mail);
    // Only the hash is stored: neither the table nor the job holds the token.
    expect(JSON.stringify(await g.db.query('select * from password_resets'))).not.toContain(token);
    expect(JSON.stringify(await g.db.query('select payload from jobs'))).not.toContain(token);

    const done = await reset(token!, 'a brand new password');
    expect([done.statusCode, done.json()]).toEqual([
      200,
      { status: 'password_reset', email: s.email, sessions_ended: 2 },
    ]);
    // Both old sessions are refused; the old password no longer works; the new one does.
    for (const t of [s.token, otherSession]) {
      const old = await me(t);
      expect([old.statusCode, old.json().error.code]).toEqual([401, 'INVALID_SESSION']);
    }
    expect((await login(s.email, s.password)).statusCode).toBe(401);
    const fresh = await login(s.email, 'a brand new password', deviceToken);
    expect(fresh.statusCode).toBe(200);
    // The old device token was forgotten: the new sign-in got a new one.
    expect(fresh.json().device_token).not.toBe(deviceToken);

    const again = await reset(token!, 'yet another password');
    expect([again.statusCode, again.json().error.code]).toEqual([400, 'PASSWORD_RESET_TOKEN_INVALID']);

    const actions = (
      await g.app.inject({ method: 'GET', url: '/v1/audit-events', headers: bearer(fresh.json().session.token) })
    )
      .json()
      .data.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.password_reset.requested', 'auth.password_reset.completed']));
    const [completed] = await g.db.query<{ data: Record<string, unknown> }>(
      `select data from audit_events where merchant_id = $1 and action = 'auth.password_reset.completed'`,
      [s.merchantId],
    );
    expect(completed?.data).toMatchObject({ sessions_ended: 2, devices_forgotten: 1 });
  });

  it('answers an unknown address the same way and tells the address no account uses it', async () => {
    const email = uniqueEmail('nobody');
    const r = await forgot(email);
    expect([r.statusCode, r.json()]).toEqual([202, { status: 'accepted' }]);
    const mail = await mailTo(email, NO_ACCOUNT_SUBJECT);
    expect(mail.text).toContain(
      `Someone asked to reset a password for ${email}; there is no Tender account with this address.`,
    );
    expect(resetTokens(mail)).toEqual([]);
    expect(await g.db.query('select 1 from password_resets where lower(email) = lower($1)', [email])).toEqual([]);
  });

  it('a newer request replaces the older link; a link expires after one hour', async () => {
    const s = await signUp(g.app);
    await forgot(s.email);
    const [first] = resetTokens(await mailTo(s.email, RESET_SUBJECT, 0));
    await forgot(s.email);
    const [second] = resetTokens(await mailTo(s.email, RESET_SUBJECT, 1));
    expect(second).not.toBe(first);
    const stale = await reset(first!, 'another good password');
    expect([stale.statusCode, stale.json().error.code]).toEqual([400, 'PASSWORD_RESET_TOKEN_INVALID']);
    g.clock.advance(3600);
    const late = await reset(second!, 'another good password');
    expect([late.statusCode, late.json().error.code]).toEqual([400, 'PASSWORD_RESET_TOKEN_EXPIRED']);
    // Nothing changed: the old password still signs in.
    expect((await login(s.email, s.password)).statusCode).toBe(200);
  });

  it('reaches the verified holder alone, or every unverified claimant with a link each', async () => {
    const email = uniqueEmail('shared');
    const a = await signUp(g.app, { email, business_name: 'Alpha' });
    const b = await signUp(g.app, { email, business_name: 'Beta' });
    await forgot(email);
    const both = await mailTo(email, RESET_SUBJECT, 0);
    expect(both.text).toContain('Alpha:');
    expect(both.text).toContain('Beta:');
    expect(resetTokens(both)).toHaveLength(2);

    await markEmailVerified(g.db, b.userId);
    await forgot(email);
    const one = await mailTo(email, RESET_SUBJECT, 1);
    expect(one.text).toContain('"Beta"');
    const [token] = resetTokens(one);
    expect((await reset(token!, 'beta new password')).json().sessions_ended).toBe(1);
    // Alpha's password and session are untouched.
    expect((await me(a.token)).statusCode).toBe(200);
    expect((await login(email, a.password)).statusCode).toBe(200);
  });

  it('refuses a link once the account moved to another address', async () => {
    const s = await signUp(g.app);
    await forgot(s.email);
    const [token] = resetTokens(await mailTo(s.email, RESET_SUBJECT));
    await g.db.query('update users set email = $2 where id = $1', [s.userId, uniqueEmail('moved')]);
    const r = await reset(token!, 'another good password');
    expect([r.statusCode, r.json().error.code]).toEqual([400, 'PASSWORD_RESET_TOKEN_INVALID']);
    expect(r.json().error.message).toContain('no longer uses');
  });

  it('limits requests per address and per client IP (429 with Retry-After), whether or not the address is known', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i++) expect((await forgot(email)).statusCode).toBe(202);
    const sixth = await forgot(email);
    expect([sixth.statusCode, sixth.json().error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

    const ip = '192.0.2.77';
    for (let i = 0; i < 20; i++) expect((await forgot(uniqueEmail('ip'), ip)).statusCode).toBe(202);
    const over = await forgot(uniqueEmail('ip'), ip);
    expect([over.statusCode, over.json().error.message]).toEqual([
      429,
      expect.stringContaining('password reset requests from this address'),
    ]);
  });

  it('validates input with precise messages and changes nothing', async () => {
    const bad = await g.app.inject({ method: 'POST', url: '/v1/auth/password/forgot', payload: { email: 'nope' } });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const s = await signUp(g.app);
    await forgot(s.email);
    const [token] = resetTokens(await mailTo(s.email, RESET_SUBJECT));
    const short = await reset(token!, 'short');
    expect([short.statusCode, short.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(JSON.stringify(short.json().error)).toContain('password');
    const unknown = await reset('prt_' + 'x'.repeat(40), 'a long enough password');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([400, 'PASSWORD_RESET_TOKEN_INVALID']);
    // The short-password attempt used nothing: the link still works and the session lived until it did.
    expect((await me(s.token)).statusCode).toBe(200);
    expect((await reset(token!, 'a long enough password')).statusCode).toBe(200);
  });
});

describe(`password reset without an SMTP relay (${db})`, () => {
  let g: TestGateway;
  beforeAll(async () => {
    g = await createTestGateway({ mailer: null });
  });
  afterAll(async () => g?.close());

  it('answers 503 EMAIL_UNAVAILABLE and queues nothing', async () => {
    const r = await g.app.inject({
      method: 'POST',
      url: '/v1/auth/password/forgot',
      payload: { email: uniqueEmail() },
    });
    expect([r.statusCode, r.json().error.code]).toEqual([503, 'EMAIL_UNAVAILABLE']);
    expect(await g.db.query(`select 1 from jobs where queue = 'gateway.password_reset'`)).toEqual([]);
  });
});
