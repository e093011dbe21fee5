// "Sign in with <provider>" in Chromium against a real gateway and an emulated OpenID Connect provider (discovery,
// JWKS, and an authorize endpoint that redirects back with a signed id_token carrying the request's nonce), at 360 and
// 1280 px: a new person signs up through the button and lands on the dashboard with the session cookie; signing in
// again enters the same account. An answer whose state was altered, a token with another nonce, a refusal at the
// provider and a verified email of a password account are each refused and said in words, and sign nobody in. A
// deployment without a provider shows no button.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcIssuer, type AuthorizeAnswer } from '../../gateway/src/_test/oidcIssuer.ts';
import {
  createTestGateway,
  markEmailVerified,
  signUp,
  uniqueEmail,
  type TestGateway,
} from '../../gateway/src/_test/testGateway.ts';
import { createJoseOidcVerifier } from '../../gateway/src/auth/oidc/joseOidcVerifier.ts';
import { launchChromium, recordConsole, screenshot, seriousA11yViolations } from './_test/browser.ts';
import { ensureWebBuilt } from './buildWeb.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

let g: TestGateway;
let idp: Awaited<ReturnType<typeof startOidcIssuer>>;
let browser: Browser;
let base: string;
beforeAll(async () => {
  const { dir } = await ensureWebBuilt();
  idp = await startOidcIssuer();
  g = await createTestGateway({
    webDir: dir,
    oidc: createJoseOidcVerifier({ issuer: idp.issuer, clientId: 'tender-test-client', name: 'Example ID' }),
  });
  base = (await g.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  g.ctx.config.publicUrl = base;
  g.ctx.config.dashboardUrl = base;
  browser = await launchChromium();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await g?.close();
  await idp?.close();
});

let subSeq = 0;
const nextSub = () => `web-${process.pid}-${++subSeq}`;
const cookieOf = async (c: BrowserContext) => (await c.cookies()).find((k) => k.name === 'tender_session');
const linksOf = (sub: string) =>
  g.db.query<{ user_id: string }>('select user_id from identity_links where issuer = $1 and subject = $2', [
    idp.issuer,
    sub,
  ]);

/** Opens the sign-in page; answers what it learnt from GET /public/auth/idp. */
async function openSignIn(page: Page): Promise<unknown> {
  const discovered = page.waitForResponse((r) => r.url() === `${base}/public/auth/idp`);
  await page.goto(`${base}/dashboard/`);
  await page.getByRole('heading', { name: 'Sign in to Tender' }).waitFor({ timeout: 30_000 });
  return (await discovered).json();
}

/** Clicks the provider's button with the provider set to answer `answer`, and waits for the page to settle. */
async function viaProvider(page: Page, label: string, answer: AuthorizeAnswer, settled: 'signed-in' | 'refused') {
  idp.authorizeAs(answer);
  // Back from the provider at the callback: only then can what the page shows be the answer to this click.
  const back = page.waitForEvent('framenavigated', {
    predicate: (f) => f === page.mainFrame() && f.url().startsWith(`${base}/dashboard/sign-in/idp`),
    timeout: 30_000,
  });
  await page.getByRole('button', { name: label }).click();
  await back;
  if (settled === 'signed-in') await page.getByRole('button', { name: 'Sign out' }).waitFor({ timeout: 30_000 });
  else await page.getByTestId('idp-problem').waitFor({ timeout: 30_000 });
}

describe(`sign-in with the identity provider (${db})`, () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px: a new person signs up with the button, and signs in to the same account again`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      const logs = recordConsole(page);
      await openSignIn(page);
      await page.getByRole('button', { name: 'Sign in with Example ID' }).waitFor();
      await screenshot(page, `idp-1-sign-in-${width}.png`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The sign-up path: the business name typed here names the new merchant.
      await page.getByRole('button', { name: 'Create an account' }).click();
      const business = `Fjord Ceramics ${width}`;
      await page.getByLabel('Business name').fill(business);
      await screenshot(page, `idp-2-sign-up-${width}.png`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      const sub = nextSub();
      const email = uniqueEmail(`idp-web-${width}`);
      const asked = idp.authorizeRequests().length;
      await viaProvider(
        page,
        'Sign up with Example ID',
        { person: { sub, email, email_verified: true, name: 'Ingrid' } },
        'signed-in',
      );
      await page.locator('.shell').getByText(business).waitFor({ timeout: 30_000 });

      // What the browser asked the provider for: the implicit id_token flow with fresh state and nonce.
      const request = idp.authorizeRequests()[asked]!;
      expect(Object.fromEntries(request)).toMatchObject({
        client_id: 'tender-test-client',
        response_type: 'id_token',
        response_mode: 'fragment',
        scope: 'openid email profile',
        redirect_uri: `${base}/dashboard/sign-in/idp`,
      });
      expect(request.get('state')).toMatch(/^[\w-]{43}$/);
      expect(request.get('nonce')).toMatch(/^[\w-]{43}$/);
      expect(request.get('nonce')).not.toBe(request.get('state'));
      // Landed on the dashboard: the token left the address bar, the kept state is gone, the cookie is set.
      expect(page.url()).toBe(`${base}/dashboard/`);
      expect(await page.evaluate<string | null>("sessionStorage.getItem('tender.idpSignIn')")).toBeNull();
      const cookie = await cookieOf(context);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      const me = await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${cookie!.value}` } });
      const first = (await me.json()) as { merchant: { id: string; business_name: string }; user: { email: string } };
      expect(first).toMatchObject({ merchant: { business_name: business }, user: { email } });
      expect(await linksOf(sub)).toHaveLength(1);
      await screenshot(page, `idp-3-signed-up-${width}.png`);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Signed out, the same person signs in with the button (no business name): the same account, not a new one.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to Tender' }).waitFor({ timeout: 30_000 });
      await viaProvider(page, 'Sign in with Example ID', { person: { sub, email, email_verified: true } }, 'signed-in');
      await page.locator('.shell').getByText(business).waitFor({ timeout: 30_000 });
      const again = await cookieOf(context);
      expect(again!.value).not.toBe(cookie!.value);
      const me2 = await fetch(`${base}/v1/me`, { headers: { authorization: `Bearer ${again!.value}` } });
      expect(((await me2.json()) as typeof first).merchant.id).toBe(first.merchant.id);
      expect(await linksOf(sub)).toHaveLength(1);
      // Neither the id_token nor the session appears in what the page logged.
      expect(logs.join('\n')).not.toMatch(/eyJ[\w-]+\.eyJ/);
      expect(logs.join('\n')).not.toContain(again!.value);
      await context.close();
    }, 240_000);
  }

  it('refuses an answer whose state was altered, a token with another nonce, a refusal and a taken email', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const problem = () => page.getByTestId('idp-problem').textContent();

    // The state came back altered: refused in the browser, nothing is posted, nobody signed in.
    const tampered = nextSub();
    await openSignIn(page);
    const posted: string[] = [];
    page.on('request', (r) => {
      if (r.url() === `${base}/v1/auth/idp`) posted.push(r.url());
    });
    await viaProvider(
      page,
      'Sign in with Example ID',
      { person: { sub: tampered, name: 'Mallory' }, state: (s) => `${s.slice(0, -2)}xx` },
      'refused',
    );
    expect(await problem()).toBe(
      'The answer from Example ID does not belong to the sign-in this tab started (its state differs), so it was ' +
        'refused. Start again with the sign-in button.',
    );
    expect(page.url()).toBe(`${base}/dashboard/`);
    expect(posted).toEqual([]);
    expect(await cookieOf(context)).toBeUndefined();
    expect(await linksOf(tampered)).toEqual([]);
    await screenshot(page, 'idp-4-state-refused-1280.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The provider's token carries another nonce: the gateway refuses it (401 INVALID_ID_TOKEN), said in words.
    const replayed = nextSub();
    await viaProvider(
      page,
      'Sign in with Example ID',
      { person: { sub: replayed }, nonce: () => 'a-nonce-of-another-sign-in-0123456789' },
      'refused',
    );
    expect(await problem()).toMatch(
      /^The sign-in from Example ID could not be verified, so you are not signed in\. .*nonce claim differs/,
    );
    expect(await cookieOf(context)).toBeUndefined();
    expect(await linksOf(replayed)).toEqual([]);

    // The person declines at the provider.
    await viaProvider(page, 'Sign in with Example ID', 'refuse', 'refused');
    expect(await problem()).toBe('Example ID did not sign you in: The person declined to sign in.');

    // The provider vouches for an email that a password account has verified: that account is not entered.
    const owner = await signUp(g.app);
    await markEmailVerified(g.db, owner.userId);
    await viaProvider(
      page,
      'Sign in with Example ID',
      { person: { sub: nextSub(), email: owner.email, email_verified: true } },
      'refused',
    );
    expect(await problem()).toBe(
      'An account with this email exists: sign in with your password. A sign-in with Example ID never takes over ' +
        'an existing account by its email.',
    );
    expect(await cookieOf(context)).toBeUndefined();
    await screenshot(page, 'idp-5-account-exists-1280.png');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // An answer arriving in a tab that started no sign-in (or a second use of one) is refused too.
    await page.goto(`${base}/dashboard/sign-in/idp#id_token=x&state=y`);
    await page.getByTestId('idp-problem').waitFor({ timeout: 30_000 });
    expect(await problem()).toContain('This sign-in was not started in this browser tab');
    expect(page.url()).toBe(`${base}/dashboard/`);
    await context.close();
  }, 240_000);

  it('shows no button when the deployment has no identity provider', async () => {
    const saved = g.ctx.oidc;
    g.ctx.oidc = null;
    try {
      const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
      const page = await context.newPage();
      expect(await openSignIn(page)).toEqual({ enabled: false });
      await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: /Example ID/ }).count()).toBe(0);
      await page.getByRole('button', { name: 'Create an account' }).click();
      expect(await page.getByRole('button', { name: /Example ID/ }).count()).toBe(0);
      await context.close();
    } finally {
      g.ctx.oidc = saved;
    }
  }, 120_000);
});
