import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type CapturedMail } from '../_test/smtpCapture.ts';
import { bearer, createKey, createTestGateway, signUp, uniqueEmail, type TestGateway } from '../_test/testGateway.ts';
import { createSmtpMailer } from '../email/smtpMailer.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const PASSWORD = 'a long new password';

describe(`team: members, invitations, memberships (${db})`, () => {
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

  let ip = 0;
  const addr = () => `10.7.${Math.floor(++ip / 200)}.${ip % 200}`;
  type Inject = Awaited<ReturnType<TestGateway['app']['inject']>>;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
    g.app.inject({
      method,
      url,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
      remoteAddress: addr(),
    });
  const invite = (token: string, email: string, role: string) =>
    call('POST', '/v1/team/invitations', token, { email, role });
  const accept = (invitationToken: string, p: { password?: string; session?: string } = {}) =>
    call('POST', '/public/team/invitations/accept', p.session, {
      token: invitationToken,
      ...(p.password ? { password: p.password } : {}),
    });
  const login = (email: string, password: string) => call('POST', '/v1/auth/login', undefined, { email, password });
  const members = async (token: string) => (await call('GET', '/v1/team/members', token)).json().data;
  const code = (r: Inject) => [r.statusCode, r.json().error?.code];

  /** The token of the `n`-th invitation mail to `to`, waiting for it. */
  const mailedToken = async (to: string, n = 0): Promise<string> => {
    for (;;) {
      const got = smtp.mails.filter(
        (m: CapturedMail) => m.to.includes(to.toLowerCase()) && m.subject.startsWith('You are invited'),
      );
      if (got.length > n) {
        const m = /\/accept-invitation\?token=([A-Za-z0-9_%-]+)/.exec(got[n]!.text);
        return decodeURIComponent(m![1]!);
      }
      await smtp.waitFor(to);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** An owner's merchant with one invited member who joined with a password as a new person. */
  const teamWith = async (role: string) => {
    const owner = await signUp(g.app, { business_name: 'Team Co' });
    const email = uniqueEmail(role);
    expect((await invite(owner.token, email, role)).statusCode).toBe(201);
    const joined = await accept(await mailedToken(email), { password: PASSWORD });
    expect(joined.statusCode).toBe(200);
    return { owner, email, token: joined.json().session.token as string, userId: joined.json().user.id as string };
  };

  it('invites by mail; a new person accepts with a password, joins with the role and gets a session', async () => {
    const owner = await signUp(g.app, { business_name: 'Invite Co' });
    const email = uniqueEmail('new');
    const created = await invite(owner.token, email, 'developer');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ object: 'team_invitation', email, role: 'developer', status: 'pending' });
    const expires = new Date(created.json().expires_at).getTime() - new Date(created.json().created_at).getTime();
    expect(expires).toBe(7 * 86_400_000);
    const token = await mailedToken(email);
    expect(token).toMatch(/^tit_/);
    const mail = smtp.mails.find((m) => m.to.includes(email))!;
    expect(mail.subject).toBe('You are invited to join Invite Co on Tender');
    expect(mail.text).toMatch(/^http:\/\/dashboard\.test\/accept-invitation\?token=tit_/m);
    // Only the hash is stored: neither the table nor the job holds the token.
    expect(JSON.stringify(await g.db.query('select * from team_invitations'))).not.toContain(token);
    expect(JSON.stringify(await g.db.query('select payload from jobs'))).not.toContain(token);

    const r = await accept(token, { password: PASSWORD });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      merchant: { id: owner.merchantId, business_name: 'Invite Co' },
      user: { email, email_verified: true, role: 'developer' },
      created: true,
    });
    const me = (await call('GET', '/v1/me', body.session.token)).json();
    expect([me.merchant.id, me.role]).toEqual([owner.merchantId, 'developer']);
    // Signing in later lands in the same merchant with the same role.
    const again = await login(email, PASSWORD);
    expect([again.statusCode, again.json().merchant.id, again.json().user.role]).toEqual([
      200,
      owner.merchantId,
      'developer',
    ]);
    const list = await members(owner.token);
    expect(list.map((m: { email: string; role: string; you: boolean }) => [m.email, m.role, m.you])).toEqual([
      [owner.email, 'owner', true],
      [email, 'developer', false],
    ]);
    expect(list[1].joined_at).toBeTruthy();
    const invitations = (await call('GET', '/v1/team/invitations', owner.token)).json().data;
    expect(invitations[0]).toMatchObject({ id: created.json().id, status: 'accepted' });
    const audit = (await call('GET', '/v1/audit-events?limit=100', owner.token)).json().data;
    const actions = audit.map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['team.invitation.created', 'team.member.joined']));
  });

  it('refuses used, revoked, expired and unknown links with precise codes', async () => {
    const owner = await signUp(g.app, { business_name: 'Links Co' });
    const used = uniqueEmail('used');
    await invite(owner.token, used, 'read_only');
    const usedToken = await mailedToken(used);
    expect((await accept(usedToken, { password: PASSWORD })).statusCode).toBe(200);
    expect(code(await accept(usedToken, { password: PASSWORD }))).toEqual([400, 'INVITATION_USED']);

    const revoked = uniqueEmail('revoked');
    const inv = (await invite(owner.token, revoked, 'read_only')).json();
    const revokedToken = await mailedToken(revoked);
    const del = await call('DELETE', `/v1/team/invitations/${inv.id}`, owner.token);
    expect([del.statusCode, del.json().status]).toEqual([200, 'revoked']);
    expect(code(await call('DELETE', `/v1/team/invitations/${inv.id}`, owner.token))).toEqual([
      409,
      'INVITATION_NOT_PENDING',
    ]);
    expect(code(await accept(revokedToken, { password: PASSWORD }))).toEqual([400, 'INVITATION_REVOKED']);

    const late = uniqueEmail('late');
    await invite(owner.token, late, 'read_only');
    const lateToken = await mailedToken(late);
    g.clock.advance(7 * 86_400 + 1);
    expect(code(await accept(lateToken, { password: PASSWORD }))).toEqual([400, 'INVITATION_EXPIRED']);
    // Seven days also outlive the owner's session: sign in again.
    const fresh = (await login(owner.email, owner.password)).json().session.token as string;
    const listed = (await call('GET', '/v1/team/invitations', fresh)).json().data;
    expect(listed.find((i: { email: string }) => i.email === late).status).toBe('expired');
    // An expired invitation no longer blocks a new one for the address.
    expect((await invite(fresh, late, 'read_only')).statusCode).toBe(201);

    expect(code(await accept('tit_' + 'x'.repeat(40), { password: PASSWORD }))).toEqual([
      400,
      'INVITATION_TOKEN_INVALID',
    ]);
    expect(code(await accept(usedToken))).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('refuses a second invitation to a pending address or to a member', async () => {
    const owner = await signUp(g.app, { business_name: 'Dup Co' });
    const email = uniqueEmail('dup');
    expect((await invite(owner.token, email, 'developer')).statusCode).toBe(201);
    expect(code(await invite(owner.token, email.toUpperCase(), 'admin'))).toEqual([409, 'INVITATION_PENDING']);
    expect(code(await invite(owner.token, owner.email, 'admin'))).toEqual([409, 'ALREADY_MEMBER']);
  });

  it('enforces the invitee’s role: read_only reads the team but writes nothing', async () => {
    const t = await teamWith('read_only');
    expect(code(await call('POST', '/v1/payment-links', t.token, { amount: '1.00', currency: 'USDC' }))).toEqual([
      403,
      'PERMISSION_DENIED',
    ]);
    expect((await members(t.token)).length).toBe(2);
    expect(code(await invite(t.token, uniqueEmail(), 'read_only'))).toEqual([403, 'PERMISSION_DENIED']);
    expect(code(await call('PATCH', `/v1/team/members/${t.owner.userId}`, t.token, { role: 'admin' }))).toEqual([
      403,
      'PERMISSION_DENIED',
    ]);
    // Team routes are for people: an API key, even an admin one, is refused.
    const key = await createKey(g.app, t.owner.token, { role: 'admin' });
    expect(code(await call('GET', '/v1/team/members', key.secret))).toEqual([403, 'SESSION_REQUIRED']);
  });

  it('admins manage the team but never owners', async () => {
    const t = await teamWith('admin');
    expect(code(await invite(t.token, uniqueEmail(), 'owner'))).toEqual([403, 'ROLE_NOT_ALLOWED']);
    expect((await invite(t.token, uniqueEmail(), 'admin')).statusCode).toBe(201);
    const ownerUrl = `/v1/team/members/${t.owner.userId}`;
    expect(code(await call('PATCH', ownerUrl, t.token, { role: 'developer' }))).toEqual([403, 'ROLE_NOT_ALLOWED']);
    expect(code(await call('DELETE', ownerUrl, t.token))).toEqual([403, 'ROLE_NOT_ALLOWED']);
    expect(code(await call('PATCH', `/v1/team/members/${t.userId}`, t.token, { role: 'owner' }))).toEqual([
      403,
      'ROLE_NOT_ALLOWED',
    ]);
    // An owner's invitation cannot be revoked by an admin either.
    const ownerInvite = (await invite(t.owner.token, uniqueEmail(), 'owner')).json();
    expect(code(await call('DELETE', `/v1/team/invitations/${ownerInvite.id}`, t.token))).toEqual([
      403,
      'ROLE_NOT_ALLOWED',
    ]);
    // An admin may step down.
    const down = await call('PATCH', `/v1/team/members/${t.userId}`, t.token, { role: 'developer' });
    expect([down.statusCode, down.json().role]).toEqual([200, 'developer']);
    expect((await call('GET', '/v1/me', t.token)).json().role).toBe('developer');
  });

  it('keeps the last owner; ownership moves by promoting another member first', async () => {
    const t = await teamWith('admin');
    const self = `/v1/team/members/${t.owner.userId}`;
    expect(code(await call('PATCH', self, t.owner.token, { role: 'admin' }))).toEqual([409, 'LAST_OWNER']);
    expect(code(await call('DELETE', self, t.owner.token))).toEqual([409, 'LAST_OWNER']);
    const up = await call('PATCH', `/v1/team/members/${t.userId}`, t.owner.token, { role: 'owner' });
    expect([up.statusCode, up.json().role]).toEqual([200, 'owner']);
    const down = await call('PATCH', self, t.owner.token, { role: 'admin' });
    expect([down.statusCode, down.json().role]).toEqual([200, 'admin']);
    // Now the new owner is the last one.
    expect(code(await call('PATCH', `/v1/team/members/${t.userId}`, t.token, { role: 'admin' }))).toEqual([
      409,
      'LAST_OWNER',
    ]);
    const audit = (await call('GET', '/v1/audit-events?limit=100', t.token)).json().data;
    expect(audit.filter((e: { action: string }) => e.action === 'team.member.role_changed').length).toBe(2);
  });

  it('two owners demoting each other at once leave one owner', async () => {
    const t = await teamWith('owner');
    const [a, b] = await Promise.all([
      call('PATCH', `/v1/team/members/${t.userId}`, t.owner.token, { role: 'admin' }),
      call('PATCH', `/v1/team/members/${t.owner.userId}`, t.token, { role: 'admin' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const owners = (await members(t.owner.token)).filter((m: { role: string }) => m.role === 'owner');
    expect(owners.length).toBe(1);
  });

  it('removal ends the member’s sessions and device tokens in this merchant', async () => {
    const t = await teamWith('developer');
    const second = await login(t.email, PASSWORD);
    expect(second.statusCode).toBe(200);
    const r = await call('DELETE', `/v1/team/members/${t.userId}`, t.owner.token);
    expect([r.statusCode, r.json().deleted, r.json().sessions_ended]).toEqual([200, true, 2]);
    expect(code(await call('GET', '/v1/me', t.token))).toEqual([401, 'INVALID_SESSION']);
    expect(code(await call('GET', '/v1/me', second.json().session.token))).toEqual([401, 'INVALID_SESSION']);
    expect(await g.db.query('select 1 from login_devices where user_id = $1', [t.userId])).toEqual([]);
    // They belong to no merchant now: the right password gets a precise refusal, not a session.
    expect(code(await login(t.email, PASSWORD))).toEqual([403, 'NO_MERCHANT_MEMBERSHIP']);
    expect((await members(t.owner.token)).length).toBe(1);
    const audit = (await call('GET', '/v1/audit-events?limit=100', t.owner.token)).json().data;
    expect(audit.find((e: { action: string }) => e.action === 'team.member.removed')).toBeTruthy();
    // Invited again, the same person joins with their password (the address is theirs, verified by the first link).
    await invite(t.owner.token, t.email, 'read_only');
    const back = await accept(await mailedToken(t.email, 1), { password: PASSWORD });
    expect([back.statusCode, back.json().user.id, back.json().user.role, back.json().created]).toEqual([
      200,
      t.userId,
      'read_only',
      false,
    ]);
  });

  it('another merchant can neither see nor act on this merchant’s members and invitations', async () => {
    const t = await teamWith('developer');
    const other = await signUp(g.app, { business_name: 'Other Co' });
    const pending = (await invite(t.owner.token, uniqueEmail(), 'developer')).json();
    expect((await members(other.token)).map((m: { id: string }) => m.id)).toEqual([other.userId]);
    expect((await call('GET', '/v1/team/invitations', other.token)).json().data).toEqual([]);
    const url = `/v1/team/members/${t.userId}`;
    expect(code(await call('PATCH', url, other.token, { role: 'read_only' }))).toEqual([404, 'RESOURCE_NOT_FOUND']);
    expect(code(await call('DELETE', url, other.token))).toEqual([404, 'RESOURCE_NOT_FOUND']);
    expect(code(await call('DELETE', `/v1/team/invitations/${pending.id}`, other.token))).toEqual([
      404,
      'RESOURCE_NOT_FOUND',
    ]);
    expect((await call('GET', '/v1/me', t.token)).json().role).toBe('developer');
  });

  it('two accepts of one link join once', async () => {
    const owner = await signUp(g.app, { business_name: 'Race Co' });
    const email = uniqueEmail('race');
    await invite(owner.token, email, 'developer');
    const token = await mailedToken(email);
    const results = await Promise.all([1, 2, 3].map(() => accept(token, { password: PASSWORD })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    expect(results.filter((r) => r.statusCode === 400).map((r) => r.json().error.code)).toEqual([
      'INVITATION_USED',
      'INVITATION_USED',
    ]);
    expect((await members(owner.token)).length).toBe(2);
    expect((await g.db.query('select id from users where lower(email) = lower($1)', [email])).length).toBe(1);
  });

  it('a signed-in person joins a second merchant, lists and switches between them', async () => {
    const home = await signUp(g.app, { business_name: 'Home Co' });
    const other = await signUp(g.app, { business_name: 'Second Co' });
    await invite(other.token, home.email, 'admin');
    const token = await mailedToken(home.email);
    const stranger = await signUp(g.app, { business_name: 'Stranger Co' });
    expect(code(await accept(token, { session: stranger.token }))).toEqual([403, 'INVITATION_EMAIL_MISMATCH']);
    expect(code(await accept(token, { session: home.token, password: PASSWORD }))).toEqual([400, 'VALIDATION_FAILED']);
    const joined = await accept(token, { session: home.token });
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toMatchObject({
      merchant: { id: other.merchantId },
      user: { id: home.userId, role: 'admin' },
      created: false,
    });
    // The session it was accepted with still acts in the home merchant.
    expect((await call('GET', '/v1/me', home.token)).json().merchant.id).toBe(home.merchantId);
    const mine = (await call('GET', '/v1/auth/merchants', home.token)).json().data;
    // In order of joining; two joins in one test can share a timestamp, so compare them sorted by name.
    expect(
      mine
        .map((m: { business_name: string; role: string; current: boolean }) => [m.business_name, m.role, m.current])
        .sort(),
    ).toEqual([
      ['Home Co', 'owner', true],
      ['Second Co', 'admin', false],
    ]);
    expect(code(await call('POST', '/v1/auth/switch', home.token, { merchant_id: stranger.merchantId }))).toEqual([
      403,
      'NOT_A_MEMBER',
    ]);
    const sw = await call('POST', '/v1/auth/switch', home.token, { merchant_id: other.merchantId });
    expect([sw.statusCode, sw.json().merchant.id, sw.json().user.role]).toEqual([200, other.merchantId, 'admin']);
    expect(code(await call('GET', '/v1/me', home.token))).toEqual([401, 'INVALID_SESSION']);
    const me = (await call('GET', '/v1/me', sw.json().session.token)).json();
    expect([me.merchant.id, me.role, me.user.id]).toEqual([other.merchantId, 'admin', home.userId]);
    // Sign-in still lands in the home merchant.
    expect((await login(home.email, home.password)).json().merchant.id).toBe(home.merchantId);
    // Removed from the home merchant's team is impossible (last owner); removed from the second one ends only that.
    const removed = await call('DELETE', `/v1/team/members/${home.userId}`, other.token);
    expect(removed.statusCode).toBe(200);
    expect(code(await call('GET', '/v1/me', sw.json().session.token))).toEqual([401, 'INVALID_SESSION']);
    expect((await login(home.email, home.password)).statusCode).toBe(200);
  });

  it('an address held verified by an account joins as that account only with its password', async () => {
    const holder = await signUp(g.app, { business_name: 'Holder Co' });
    await g.db.query('update users set email_verified_at = now() where id = $1', [holder.userId]);
    const owner = await signUp(g.app, { business_name: 'Inviter Co' });
    await invite(owner.token, holder.email, 'developer');
    const token = await mailedToken(holder.email);
    expect(code(await accept(token, { password: 'not the right password' }))).toEqual([
      409,
      'INVITATION_ACCOUNT_EXISTS',
    ]);
    const ok = await accept(token, { password: holder.password });
    expect([ok.statusCode, ok.json().user.id, ok.json().merchant.id]).toEqual([200, holder.userId, owner.merchantId]);
  });
});
