// Team management in Chromium against a real gateway and a real SMTP socket, at 360 and 1280 px: the owner invites a
// read-only member from the Team page, the mailed link is opened in another browser, a new person accepts with a
// password and lands in the dashboard as read-only (no manage controls on the Team page, no way to create a link, and
// the API refuses it too), then the owner removes them and their tab is sent back to sign-in. Screenshots go to
// test-artifacts/ (team-*.png).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type CapturedMail } from '../../gateway/src/_test/smtpCapture.ts';
import { createTestGateway, uniqueEmail, type TestGateway } from '../../gateway/src/_test/testGateway.ts';
import { createSmtpMailer } from '../../gateway/src/email/smtpMailer.ts';
import { launchChromium, recordConsole, screenshot, seriousA11yViolations } from './_test/browser.ts';
import { ensureWebBuilt } from './buildWeb.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const OWNER_PASSWORD = 'the owner of the shop';
const MEMBER_PASSWORD = 'the new read-only member';

let g: TestGateway;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let browser: Browser;
let base: string;
beforeAll(async () => {
  const { dir } = await ensureWebBuilt();
  smtp = await startSmtpCapture();
  g = await createTestGateway({
    mailer: createSmtpMailer({ url: smtp.url, from: 'Tender <no-reply@tender.test>' }),
    jobs: true,
    webDir: dir,
  });
  base = (await g.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  g.ctx.config.dashboardUrl = base;
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await g?.close();
  await smtp?.close();
});

async function invitationMail(to: string): Promise<CapturedMail> {
  for (;;) {
    const m = smtp.mails.find((x) => x.to.includes(to.toLowerCase()) && x.subject.startsWith('You are invited'));
    if (m) return m;
    await smtp.waitFor(to);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The dashboard's HttpOnly session cookie, as the page's browser holds it (pages cannot read it). */
const sessionOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === 'tender_session')?.value ?? null;

describe(`team in the browser (${db})`, () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px: invite → mail → accept as a new person → read-only enforced → removal ends the session`, async () => {
      const ownerEmail = uniqueEmail(`web-owner-${width}`);
      const memberEmail = uniqueEmail(`web-member-${width}`);
      const signup = await fetch(`${base}/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ business_name: 'Corner Bakery', email: ownerEmail, password: OWNER_PASSWORD }),
      });
      expect(signup.status).toBe(201);
      const viewport = { width, height: 900 };

      // The owner invites from the Team page.
      const ownerContext = await browser.newContext({ viewport });
      const owner = await ownerContext.newPage();
      owner.on('dialog', (d) => void d.accept());
      await owner.goto(`${base}/dashboard/team`);
      await signIn(owner, ownerEmail, OWNER_PASSWORD);
      await owner.getByRole('heading', { name: 'Team', exact: true }).waitFor({ timeout: 20_000 });
      await owner.getByLabel('Email', { exact: true }).fill(memberEmail);
      await owner.getByLabel('Role', { exact: true }).selectOption('read_only');
      await owner.getByRole('button', { name: 'Send invitation' }).click();
      await owner.getByTestId('invitation-sent').waitFor();
      await owner.getByTestId('invitation').filter({ hasText: memberEmail }).getByText('pending').waitFor();
      await screenshot(owner, `team-1-owner-invited-${width}.png`);
      expect(await seriousA11yViolations(owner)).toEqual([]);

      // The invited person opens the mailed link in a browser of their own and joins with a new password.
      const mail = await invitationMail(memberEmail);
      const url = mail.text.split(/\s+/).find((w) => w.startsWith(`${base}/accept-invitation?token=`));
      expect(url).toBeDefined();
      const token = decodeURIComponent(new URL(url!).searchParams.get('token')!);
      const memberContext = await browser.newContext({ viewport });
      const member = await memberContext.newPage();
      const logs = recordConsole(member);
      await member.goto(url!);
      await member.getByRole('heading', { name: 'Join the team' }).waitFor();
      expect(member.url()).toBe(`${base}/accept-invitation`);
      await screenshot(member, `team-2-accept-${width}.png`);
      expect(await seriousA11yViolations(member)).toEqual([]);
      await member.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
      await member.getByLabel('Password, again').fill(MEMBER_PASSWORD);
      await member.getByRole('button', { name: 'Accept invitation' }).click();
      await member.getByRole('heading', { name: 'You joined Corner Bakery' }).waitFor();
      expect(await member.getByTestId('accept-done').textContent()).toContain('read-only member');
      await screenshot(member, `team-3-joined-${width}.png`);
      expect(await seriousA11yViolations(member)).toEqual([]);
      expect(logs.join('\n')).not.toContain(token);

      // In the dashboard as read-only: the team is visible, nothing to manage, no link to create.
      await member.getByRole('link', { name: 'Open the dashboard' }).click();
      await member.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 20_000 });
      await member.goto(`${base}/dashboard/team`);
      await member.getByTestId('member').filter({ hasText: ownerEmail }).waitFor({ timeout: 20_000 });
      expect(await member.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
      expect(await member.getByRole('combobox').count()).toBe(0);
      expect(await member.getByRole('button', { name: /^Remove / }).count()).toBe(0);
      await screenshot(member, `team-4-read-only-${width}.png`);
      expect(await seriousA11yViolations(member)).toEqual([]);
      await member.goto(`${base}/dashboard/links`);
      await member.getByRole('heading', { name: 'Payment links' }).first().waitFor({ timeout: 20_000 });
      expect(await member.getByRole('button', { name: /create/i }).count()).toBe(0);
      const memberToken = await sessionOf(member);
      expect(memberToken).toMatch(/^sess_/);
      const refused = await fetch(`${base}/v1/payment-links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${memberToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: '5.00', currency: 'USDC' }),
      });
      expect([refused.status, ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([
        403,
        'PERMISSION_DENIED',
      ]);

      // The owner sees the new member and removes them; their session ends at once.
      await owner.reload();
      const row = owner.getByTestId('member').filter({ hasText: memberEmail });
      await row.waitFor({ timeout: 20_000 });
      await owner.getByTestId('invitation').filter({ hasText: memberEmail }).getByText('accepted').waitFor();
      await screenshot(owner, `team-5-owner-members-${width}.png`);
      await row.getByRole('button', { name: `Remove ${memberEmail}` }).click();
      await row.waitFor({ state: 'detached' });
      const after = await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${memberToken}` } });
      expect(after.status).toBe(401);
      await member.goto(`${base}/dashboard/team`);
      await member.getByRole('heading', { name: 'Sign in to Tender' }).waitFor({ timeout: 20_000 });
      await screenshot(member, `team-6-removed-${width}.png`);

      // The link worked once.
      await member.goto(url!);
      await member.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD);
      await member.getByLabel('Password, again').fill(MEMBER_PASSWORD);
      await member.getByRole('button', { name: 'Accept invitation' }).click();
      await member.getByRole('heading', { name: 'This invitation no longer works' }).waitFor();
      await screenshot(member, `team-7-used-${width}.png`);
      expect(await seriousA11yViolations(member)).toEqual([]);
      await ownerContext.close();
      await memberContext.close();
    }, 180_000);
  }
});
