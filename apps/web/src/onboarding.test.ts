// A new merchant follows Home's checklist to a live-ready account in Chromium, at 360 and 1280 px, against the gateway
// on the devnet with a real SMTP socket: the link form points to Settings (and the API refuses) while no network has a
// vault; Settings offers only the networks this deployment serves (the others listed once, with the reason); the vault
// is set from the connected wallet (its account, proven by its signature); a customer pays a test link; the emailed
// link verifies the address; live mode opens and a live vault is set the same way; the checklist is then gone. (A
// customer of a merchant that cannot take payments yet: merchantNotReady.test.ts.)
// Screenshots: test-artifacts/ (or ONBOARDING_SCREENS_DIR) onboard-*.png.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createDevnetClient, devnetAccounts } from '@tender/evm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpCapture } from '../../gateway/src/_test/smtpCapture.ts';
import { createSmtpMailer } from '../../gateway/src/email/smtpMailer.ts';
import { ARTIFACTS_DIR, launchChromium, recordConsole, seriousA11yViolations } from './_test/browser.ts';
import { payOnCheckout, startCheckoutGateway, type CheckoutGateway } from './_test/checkoutGateway.ts';
import { installTestWallet } from './_test/testWallet.ts';

const SCREENS_DIR = process.env.ONBOARDING_SCREENS_DIR ?? ARTIFACTS_DIR;
const PASSWORD = 'onboarding password 123';
const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

let g: CheckoutGateway;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  [g, browser, smtp] = await Promise.all([startCheckoutGateway(), launchChromium(), startSmtpCapture()]);
  g.h.ctx.mailer = createSmtpMailer({ url: smtp.url, from: 'Tender <no-reply@tender.test>' });
  g.h.ctx.config.dashboardUrl = g.baseUrl;
  // This deployment serves one live network: base, pointed at the devnet (a real deployment names its RPC URL and
  // deposit factory); every other live network and every public testnet stays "not configured on this server".
  Object.assign(g.h.ctx.networkRegistry.get('base')!, {
    rpcUrl: g.h.devnet.rpcUrl,
    factory: g.h.devnet.manifest.contracts.depositFactory,
    available: true,
    unavailableReason: undefined,
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await g?.close();
  await smtp?.close();
});

async function shot(page: Page, name: string) {
  await mkdir(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, name), fullPage: true });
}
async function expectAccessible(page: Page, width: number) {
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(Math.max(width, 360));
}
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name });
const step = (page: Page, id: string) => page.getByTestId(`onboarding-${id}`);

describe(`onboarding in Chromium (${db})`, () => {
  // Devnet accounts 4 and 5: one vault per walk (a vault address belongs to one merchant per network).
  for (const [width, account] of [
    [360, 4],
    [1280, 5],
  ] as const) {
    it(`at ${width} px: the checklist leads a new merchant to a live-ready account`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const logs = recordConsole(page);
      const client = createDevnetClient(g.h.devnet.rpcUrl, { account: devnetAccounts()[account]! });
      const wallet = await installTestWallet(page, { client, startChainId: 1 });
      const email = `onboard-${width}-${process.pid}-${Date.now()}@example.com`;

      // Sign up: Home shows the checklist, nothing done.
      await page.goto(`${g.baseUrl}/dashboard/`);
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.getByLabel('Business name').fill(`Onboarding Tea ${width}`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      const checklist = page.getByTestId('onboarding');
      await checklist.waitFor({ timeout: 20_000 });
      expect(await page.getByTestId('onboarding-progress').textContent()).toBe('0 of 4 done');
      for (const id of ['vault', 'test_payment', 'email', 'live'])
        expect(await step(page, id).getAttribute('data-done')).toBe('false');
      expect(await step(page, 'live').textContent()).toContain('Verify your email first');
      await expectAccessible(page, width);
      await shot(page, `onboard-home-new-${width}.png`);

      // The link form says a vault is needed before anything is sent; sent anyway, the API refuses the same way.
      await nav(page, 'Payment links').click();
      const pointer = page.getByTestId('vault-pointer');
      await pointer.waitFor({ timeout: 15_000 });
      expect(await pointer.textContent()).toContain('No network has a vault yet');
      expect(await page.getByRole('checkbox', { name: /devnet/i }).isDisabled()).toBe(true);
      await page.getByLabel('Name', { exact: true }).fill('Green tea');
      await page.getByLabel('Amount', { exact: true }).fill('5');
      await page.getByRole('button', { name: 'Create link' }).click();
      await expect.poll(() => page.locator('#link-networks-error').textContent()).toContain('has a vault');
      expect(await page.locator('.content').textContent()).toContain('Settings → Vaults');
      await expectAccessible(page, width);
      await shot(page, `onboard-link-refusal-${width}.png`);

      // Settings: only the networks this deployment serves can get a vault; the others are listed once, with why.
      await pointer.getByRole('link', { name: 'Set a vault in Settings' }).click();
      const devnet = page.getByTestId('vault-devnet');
      await devnet.waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('vault-sepolia').count()).toBe(0);
      const notServed = page.getByTestId('networks-not-served');
      expect(await notServed.textContent()).toContain('Sepolia');
      expect(await notServed.textContent()).toContain('not configured on this server');
      // The vault from the connected wallet: its account, proven by its signature.
      await devnet.getByRole('button', { name: 'Set from Devnet Test Wallet' }).click();
      await expect
        .poll(() => devnet.getByTestId('vault-address').textContent(), { timeout: 15_000 })
        .toBe(client.account.address);
      await expect.poll(() => devnet.getByTestId('vault-proof').textContent()).toMatch(/^proven/);
      expect(wallet.calls).toContain('personal_sign');
      // Default networks: ticked from the served networks, not typed.
      const defaults = page.getByRole('group', { name: /Default networks/ });
      await expect.poll(() => defaults.getByRole('checkbox', { name: /devnet/i }).isEnabled()).toBe(true);
      await defaults.getByRole('checkbox', { name: /devnet/i }).check();
      await page.getByRole('button', { name: 'Save defaults' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor({ timeout: 15_000 });
      await expectAccessible(page, width);
      await shot(page, `onboard-settings-networks-${width}.png`);

      await nav(page, 'Home').click();
      await expect.poll(() => step(page, 'vault').getAttribute('data-done'), { timeout: 15_000 }).toBe('true');

      // A test payment: a link, paid by a customer on the devnet.
      await nav(page, 'Payment links').click();
      await page.getByLabel('Name', { exact: true }).fill('Green tea');
      await page.getByLabel('Amount', { exact: true }).fill('5');
      expect(await page.getByTestId('vault-pointer').count()).toBe(0);
      await page.getByRole('button', { name: 'Create link' }).click();
      const linkUrl = await page.getByRole('status').getByRole('link').getAttribute('href', { timeout: 15_000 });
      const customer = await browser.newContext({ viewport: { width: 360, height: 780 } });
      const payPage = await customer.newPage();
      await payPage.goto(linkUrl!);
      await payPage.getByRole('button', { name: 'Pay 5.00 USDC' }).click();
      await payPage.waitForURL(/\/checkout\/pi_/);
      await payOnCheckout(g, payPage, '5');
      await customer.close();
      await nav(page, 'Home').click();
      await nav(page, 'Payment links').click();
      await nav(page, 'Home').click();
      await expect.poll(() => step(page, 'test_payment').getAttribute('data-done'), { timeout: 15_000 }).toBe('true');

      // The email: the link mailed at sign-up, opened in the browser.
      const mail = await smtp.waitFor(email, 20_000);
      const verifyUrl = mail.text.split(/\s+/).find((w) => w.startsWith(`${g.baseUrl}/verify-email?token=`));
      expect(verifyUrl).toBeDefined();
      const verifyTab = await context.newPage();
      await verifyTab.goto(verifyUrl!);
      await verifyTab.getByRole('heading', { name: 'Email address confirmed' }).waitFor({ timeout: 15_000 });
      await verifyTab.close();
      await page.reload();
      await expect.poll(() => step(page, 'email').getAttribute('data-done'), { timeout: 15_000 }).toBe('true');
      expect(await step(page, 'live').textContent()).toContain('Switch to Live mode');
      await expectAccessible(page, width);
      await shot(page, `onboard-home-checklist-${width}.png`);

      // Go live: live mode is open now; a vault on the live network this server serves, from the wallet again.
      await page.getByRole('radio', { name: 'Live mode' }).check();
      await step(page, 'live').getByRole('link', { name: 'Set a live vault in Settings' }).click();
      const base = page.getByTestId('vault-base');
      await base.waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('vault-ethereum').count()).toBe(0);
      expect(await page.getByTestId('networks-not-served').textContent()).toContain('Ethereum');
      await base.getByRole('button', { name: 'Set from Devnet Test Wallet' }).click();
      await expect.poll(() => base.getByTestId('vault-proof').textContent(), { timeout: 15_000 }).toMatch(/^proven/);
      await shot(page, `onboard-settings-live-${width}.png`);

      // Done: Home has no checklist any more.
      await nav(page, 'Home').click();
      await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 15_000 });
      await expect.poll(() => checklist.count(), { timeout: 15_000 }).toBe(0);
      await expectAccessible(page, width);
      await shot(page, `onboard-home-done-${width}.png`);
      // The page's own session: a cookie the browser sends, or a tab-kept bearer token.
      const onboarding = await page.evaluate<{ complete: boolean }>(`(async () => {
        const token = sessionStorage.getItem('tender.dashboardSession');
        const r = await fetch('/v1/account/onboarding', token ? { headers: { authorization: 'Bearer ' + token } } : {});
        return r.json();
      })()`);
      expect(onboarding.complete).toBe(true);
      expect(logs.filter((l) => l.startsWith('pageerror'))).toEqual([]);
      await context.close();
    }, 300_000);
  }
});
