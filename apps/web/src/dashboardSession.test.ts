// The dashboard session in Chromium against a real gateway, at 360 and 1280 px: signed in once, a second tab of the
// same browser is signed in too, a reload keeps the session, and signing out in one tab signs out both (the HttpOnly
// cookie is cleared and the session ended on the server). Scripts on the page cannot read the session. A form posted
// at the gateway from another origin of the same site (where SameSite=Lax still sends the cookie) is refused with 403
// CSRF_REJECTED, and one from another site arrives without the cookie; neither creates anything.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, uniqueEmail, type TestGateway } from '../../gateway/src/_test/testGateway.ts';
import { launchChromium, recordConsole, screenshot, seriousA11yViolations } from './_test/browser.ts';
import { ensureWebBuilt } from './buildWeb.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const PASSWORD = 'a long password for the shop';

let g: TestGateway;
let browser: Browser;
let base: string;
/** Serves one page whose form POSTs to the gateway (the attacker's page, on another origin). */
let attacker: Server;
let attackerPort: number;
beforeAll(async () => {
  const { dir } = await ensureWebBuilt();
  g = await createTestGateway({ webDir: dir });
  base = (await g.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  g.ctx.config.publicUrl = base;
  g.ctx.config.dashboardUrl = base;
  attacker = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(
      `<!doctype html><html lang="en"><title>Win a prize</title><form id="f" method="post" ` +
        `action="${base}/v1/api-keys" enctype="application/x-www-form-urlencoded">` +
        `<input name="name" value="stolen"></form><script>document.getElementById('f').submit()</script></html>`,
    );
  });
  await new Promise<void>((r) => attacker.listen(0, '127.0.0.1', r));
  attackerPort = (attacker.address() as AddressInfo).port;
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => attacker?.close(r));
  await g?.close();
});

async function signIn(page: Page, email: string) {
  await page.goto(`${base}/dashboard/`);
  await page.getByRole('heading', { name: 'Sign in to Tender' }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 30_000 });
}
const signedInAs = (page: Page, business: string) =>
  page.locator('.shell').getByText(business).waitFor({ timeout: 30_000 });
const keyNames = async (token: string) =>
  (
    (await (await fetch(`${base}/v1/api-keys`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { name: string }[];
    }
  ).data.map((k) => k.name);
const cookieOf = async (c: BrowserContext) => (await c.cookies()).find((k) => k.name === 'tender_session');

describe(`the dashboard session across tabs (${db})`, () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px: a second tab and a reload stay signed in; signing out ends both`, async () => {
      const email = uniqueEmail(`web-session-${width}`);
      const business = `Two Tabs Café ${width}`;
      const signup = await fetch(`${base}/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ business_name: business, email, password: PASSWORD }),
      });
      expect(signup.status).toBe(201);
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const first = await context.newPage();
      const logs = recordConsole(first);
      await signIn(first, email);
      await signedInAs(first, business);

      // The cookie: HttpOnly, SameSite=Lax, not visible to the page's scripts, nothing kept in web storage.
      const cookie = await cookieOf(context);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
      expect(cookie!.value).toMatch(/^sess_/);
      expect(await first.evaluate<string>('document.cookie')).not.toContain('sess_');
      const stored = await first.evaluate<string>('JSON.stringify({ ...sessionStorage, ...localStorage })');
      expect(stored).not.toContain('sess_');
      expect(logs.join('\n')).not.toContain(cookie!.value);
      await screenshot(first, `session-1-signed-in-${width}.png`);
      expect(await seriousA11yViolations(first)).toEqual([]);

      // A second tab of the same browser opens signed in.
      const second = await context.newPage();
      await second.goto(`${base}/dashboard/payments`);
      await signedInAs(second, business);
      await second.getByRole('heading', { name: 'Payments' }).waitFor({ timeout: 30_000 });
      expect(await seriousA11yViolations(second)).toEqual([]);

      // A reload keeps it.
      await first.reload();
      await signedInAs(first, business);
      await screenshot(first, `session-2-reloaded-${width}.png`);

      // Sign out in the second tab: both tabs are signed out, the cookie is gone, the session ended.
      await second.getByRole('button', { name: 'Sign out' }).click();
      await second.getByRole('heading', { name: 'Sign in to Tender' }).waitFor({ timeout: 30_000 });
      await first.getByRole('heading', { name: 'Sign in to Tender' }).waitFor({ timeout: 30_000 });
      expect(await first.getByRole('status').first().textContent()).toContain('signed out');
      await screenshot(first, `session-3-signed-out-other-tab-${width}.png`);
      expect(await seriousA11yViolations(first)).toEqual([]);
      expect(await cookieOf(context)).toBeUndefined();
      const old = await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${cookie!.value}` } });
      expect(old.status).toBe(401);
      await first.reload();
      await first.getByRole('heading', { name: 'Sign in to Tender' }).waitFor({ timeout: 30_000 });
      await context.close();
    }, 180_000);
  }

  it('a form posted from another origin is refused and creates nothing', async () => {
    const email = uniqueEmail('web-csrf');
    const signup = await fetch(`${base}/v1/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ business_name: 'Guarded Shop', email, password: PASSWORD }),
    });
    const token = ((await signup.json()) as { session: { token: string } }).session.token;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, email);
    const before = await keyNames(token);

    // Same site, other origin (another port of 127.0.0.1): SameSite=Lax sends the cookie, the origin check refuses.
    const victim = await context.newPage();
    const sameSite = victim.waitForResponse((r) => r.url() === `${base}/v1/api-keys`);
    await victim.goto(`http://127.0.0.1:${attackerPort}/`);
    const refused = await sameSite;
    expect(refused.request().headers()['cookie'] ?? (await refused.request().allHeaders())['cookie']).toContain(
      'tender_session=',
    );
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('CSRF_REJECTED');

    // Another site (localhost is not 127.0.0.1): the cookie is not even sent.
    const crossSite = victim.waitForResponse((r) => r.url() === `${base}/v1/api-keys`);
    await victim.goto(`http://localhost:${attackerPort}/`);
    const anonymous = await crossSite;
    expect(anonymous.status()).toBe(401);

    expect(await keyNames(token)).toEqual(before);
    // The dashboard itself still works in the signed-in tab.
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 30_000 });
    await context.close();
  }, 180_000);
});
