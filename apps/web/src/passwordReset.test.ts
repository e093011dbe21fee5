// A forgotten password in Chromium against a real gateway and a real SMTP socket, at 360 and 1280 px: the dashboard's
// sign-in page links to /reset-password, the address is asked for, the mailed link is opened, a new password is set,
// and the tab that was signed in before is sent back to sign-in (its session is refused by the API), where the new
// password works. Screenshots go to test-artifacts/ (reset-*.png).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture, type CapturedMail } from '../../gateway/src/_test/smtpCapture.ts';
import { createTestGateway, uniqueEmail, type TestGateway } from '../../gateway/src/_test/testGateway.ts';
import { createSmtpMailer } from '../../gateway/src/email/smtpMailer.ts';
import { launchChromium, recordConsole, screenshot, seriousA11yViolations } from './_test/browser.ts';
import { ensureWebBuilt } from './buildWeb.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const OLD_PASSWORD = 'old password of the shop';
const NEW_PASSWORD = 'a fresh password for the shop';

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

async function resetMail(to: string): Promise<CapturedMail> {
  for (;;) {
    const m = smtp.mails.find((x) => x.to.includes(to.toLowerCase()) && x.subject === 'Reset your Tender password');
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

describe(`forgotten password in the browser (${db})`, () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px: forgot → mail → reset → the old session is refused → the new password signs in`, async () => {
      const email = uniqueEmail(`web-reset-${width}`);
      const signup = await fetch(`${base}/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ business_name: 'Forgetful Bakery', email, password: OLD_PASSWORD }),
      });
      expect(signup.status).toBe(201);
      const viewport = { width, height: 800 };

      // A tab where the merchant is signed in (another device, say); the signup's own session is the second one.
      const before = await browser.newContext({ viewport });
      const signedIn = await before.newPage();
      await signedIn.goto(`${base}/dashboard/`);
      await signIn(signedIn, email, OLD_PASSWORD);
      await signedIn.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 20_000 });
      const oldToken = (await before.cookies()).find((c) => c.name === 'tender_session')?.value;
      expect(oldToken).toMatch(/^sess_/);

      // Elsewhere, the password is forgotten: the sign-in page links to the reset page.
      const other = await browser.newContext({ viewport });
      const page = await other.newPage();
      const logs = recordConsole(page);
      await page.goto(`${base}/dashboard/`);
      await page.getByRole('heading', { name: 'Sign in to Tender' }).waitFor();
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      expect(page.url()).toBe(`${base}/reset-password`);
      await screenshot(page, `reset-1-ask-${width}.png`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      expect(await page.getByTestId('reset-requested').textContent()).toContain(email);
      await screenshot(page, `reset-2-sent-${width}.png`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const mail = await resetMail(email);
      const url = mail.text.split(/\s+/).find((w) => w.startsWith(`${base}/reset-password?token=`));
      expect(url).toBeDefined();
      const token = decodeURIComponent(new URL(url!).searchParams.get('token')!);
      await page.goto(url!);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      // The token leaves the address bar at once.
      expect(page.url()).toBe(`${base}/reset-password`);

      // Two different passwords, or a short one, are caught before anything is sent.
      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('New password, again').fill('something else entirely');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.locator('#confirm-error').getByText('Type the same password twice').waitFor();
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByLabel('New password, again').fill('short');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.locator('#password-error').getByText('Use at least 12 characters').waitFor();
      await screenshot(page, `reset-3-short-${width}.png`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel('New password, again').fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('heading', { name: 'Password changed' }).waitFor();
      expect(await page.getByTestId('reset-done').textContent()).toContain('2 open sessions were signed out');
      await screenshot(page, `reset-4-done-${width}.png`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(logs.join('\n')).not.toContain(token);

      // The old session is refused by the API, and the tab that held it goes back to sign-in saying why.
      const refused = await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${oldToken}` } });
      expect(refused.status).toBe(401);
      await signedIn.reload();
      await signedIn.getByRole('heading', { name: 'Sign in to Tender' }).waitFor({ timeout: 20_000 });
      await screenshot(signedIn, `reset-5-old-session-${width}.png`);
      await signIn(signedIn, email, OLD_PASSWORD);
      await signedIn.getByText('Email or password is incorrect').waitFor();
      await signIn(signedIn, email, NEW_PASSWORD);
      await signedIn.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 20_000 });

      // The link works once.
      await page.goto(url!);
      await page.getByLabel('New password', { exact: true }).fill('yet another long password');
      await page.getByLabel('New password, again').fill('yet another long password');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await page.getByRole('heading', { name: 'This reset link no longer works' }).waitFor();
      await screenshot(page, `reset-6-used-${width}.png`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await before.close();
      await other.close();
    }, 120_000);
  }
});
