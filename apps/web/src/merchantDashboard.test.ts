// The merchant dashboard in Chromium against the gateway on the devnet, as a new merchant lives it: sign up, set a
// vault, create a key, register a webhook endpoint (a local receiver that verifies every signature), create a
// payment link, have a customer pay it through the hosted pages, see the payment settle in the list and its
// timeline, refund part of it from the detail page with an injected wallet that signs as the vault account (the proof
// is posted by the page), and see the refund completed and the deliveries in the log. Then a read-only member sees
// no write control, and a second merchant in the same browser context never sees the first one's data.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { newId } from '@tender/platform';
import { createDevnetClient, devnetAccounts, transferToken } from '@tender/evm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../gateway/src/auth/passwords.ts';
import { verifyWebhook, type WebhookEvent } from '../../../packages/sdk/src/verifyWebhook.ts';
import { ARTIFACTS_DIR, launchChromium, recordConsole, seriousA11yViolations } from './_test/browser.ts';
import { payOnCheckout, startCheckoutGateway, type CheckoutGateway } from './_test/checkoutGateway.ts';
import { installTestWallet, type TestWallet } from './_test/testWallet.ts';

/** Screenshots for people (the closing note describes them); test-artifacts/ unless DASHBOARD_SCREENS_DIR says. */
const SCREENS_DIR = process.env.DASHBOARD_SCREENS_DIR ?? ARTIFACTS_DIR;
const PASSWORD = 'correct horse battery staple';

let g: CheckoutGateway;
let browser: Browser;
let context: BrowserContext;
let receiver: { server: Server; url: string; secret: string; events: WebhookEvent[]; rejected: number };

beforeAll(async () => {
  [g, browser] = await Promise.all([startCheckoutGateway(), launchChromium()]);
  // The walkthrough's merchant proves the harness's vault (devnet account 1) through the page: the harness's own
  // merchant keeps it only as a vault from before proofs existed, or the address would be taken.
  await g.h.db.query(
    `update merchant_vaults set verified_at = null, proof_message = null, proof_signature = null where merchant_id = $1`,
    [g.h.tenant.merchantId],
  );
  context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        receiver.events.push(verifyWebhook(Buffer.concat(chunks), req.headers['tender-signature'], receiver.secret));
        res.writeHead(200).end('ok');
      } catch {
        receiver.rejected++;
        res.writeHead(401).end('bad signature');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver = {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/tender`,
    secret: '',
    events: [],
    rejected: 0,
  };
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await new Promise((r) => receiver?.server.close(r));
  await g?.close();
});

/** The dashboard's HttpOnly session cookie, as the browser holds it (pages cannot read it). */
async function sessionCookieOf(c: BrowserContext): Promise<string | null> {
  return (await c.cookies()).find((k) => k.name === 'tender_session')?.value ?? null;
}

async function shot(page: Page, name: string) {
  await mkdir(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, name), fullPage: true });
}

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name });

async function signUpThroughPage(page: Page, business: string, email: string) {
  await page.goto(`${g.baseUrl}/dashboard/`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 20_000 });
}

const walk = {
  email: `owner-${process.pid}-${Date.now()}@example.com`,
  paymentId: '',
  merchantId: '',
  secretKey: '',
};

describe(`merchant dashboard in Chromium (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a new merchant signs up, sets a vault, creates a key and an endpoint, gets paid through a link, sees it settle, refunds part of it from the vault wallet, and sees the deliveries', async () => {
    // Signed out first: the session is one cookie per browser context, and every test signs in itself.
    await context.clearCookies();
    const page = await context.newPage();
    const logs = recordConsole(page);
    const vault = createDevnetClient(g.h.devnet.rpcUrl, { account: devnetAccounts()[1]! });
    expect(vault.account.address).toBe(g.h.vault);
    const wallet: TestWallet = await installTestWallet(page, { client: vault, startChainId: 1 });

    // Sign-up: a rule the API checks is shown at its field, in the API's words.
    await page.goto(`${g.baseUrl}/dashboard/`);
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Business name').fill('Walkthrough Coffee');
    await page.getByLabel('Email').fill(walk.email);
    await page.getByLabel('Password').fill('too short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.locator('#password-error').textContent()).toMatch(/12/);
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 20_000 });
    const [user] = await g.h.db.query<{ merchant_id: string }>('select merchant_id from users where email = $1', [
      walk.email,
    ]);
    walk.merchantId = user!.merchant_id;

    // Test/live switch: live is disabled until the email is verified, and says why.
    const live = page.getByRole('radio', { name: 'Live mode' });
    expect(await live.isDisabled()).toBe(true);
    expect(await page.locator('#live-blocked').textContent()).toContain('email address is verified');
    expect(await page.getByRole('radio', { name: 'Test mode' }).isChecked()).toBe(true);

    // Settings: set the devnet vault; the gateway reads its on-chain facts.
    await nav(page, 'Settings').click();
    const devnetVault = page.getByTestId('vault-devnet');
    await devnetVault.getByLabel('Vault address').fill('0x1234');
    await devnetVault.getByRole('button', { name: 'Set vault' }).click();
    await expect.poll(() => page.locator('#vault-devnet-error').textContent()).toBeTruthy();
    await devnetVault.getByLabel('Vault address').fill(g.h.vault);
    await devnetVault.getByRole('button', { name: 'Set vault' }).click();
    await expect
      .poll(() => devnetVault.getByTestId('vault-address').textContent(), { timeout: 15_000 })
      .toBe(g.h.vault);
    // Set with the wallet's signature (personal_sign of the gateway's challenge): proven at once.
    await expect.poll(() => devnetVault.getByTestId('vault-proof').textContent()).toMatch(/^proven/);
    expect(wallet.calls).toContain('personal_sign');
    await expect.poll(() => devnetVault.textContent(), { timeout: 15_000 }).toMatch(/On-chain at block \d+/);

    // Developers: a key (shown once, with a copy button) and a webhook endpoint (its secret shown once).
    await nav(page, 'Developers').click();
    await page.getByLabel('Name').fill('Order server');
    await page.getByLabel('Role').selectOption('developer');
    await page.getByRole('button', { name: 'Create key' }).click();
    const secretKey = await page.getByLabel('New API key', { exact: true }).textContent({ timeout: 15_000 });
    expect(secretKey).toMatch(/^sk_test_/);
    walk.secretKey = secretKey!;
    expect(await page.getByRole('button', { name: 'Copy new api key' }).isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('region', { name: 'API keys', exact: true }).textContent())
      .toContain('Order server');
    await page.getByLabel('Endpoint URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    receiver.secret =
      (await page.getByLabel('Webhook signing secret', { exact: true }).textContent({ timeout: 15_000 })) ?? '';
    expect(receiver.secret).toMatch(/^whsec_/);
    await expect
      .poll(() => page.getByRole('region', { name: 'Webhook endpoints', exact: true }).textContent())
      .toContain(receiver.url);
    await shot(page, 'dashboard-developers-setup.png');

    // Payment links: a bad amount is refused at its field; then the link is created and its URL shown.
    await nav(page, 'Payment links').click();
    await page.getByLabel('Name', { exact: true }).fill('House blend');
    await page.getByLabel('Amount', { exact: true }).fill('1.2345678');
    await page.getByRole('button', { name: 'Create link' }).click();
    await expect.poll(() => page.locator('#link-amount-error').textContent()).toBeTruthy();
    await page.getByLabel('Amount', { exact: true }).fill('10');
    await page.getByRole('checkbox', { name: /devnet/i }).check();
    await page.getByRole('button', { name: 'Create link' }).click();
    const linkUrl = await page.getByRole('status').getByRole('link').getAttribute('href', { timeout: 15_000 });
    expect(linkUrl).toMatch(/\/pay\/plink_/);

    // The customer pays the link on the devnet through the hosted pages (another browser profile).
    const customer = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const payPage = await customer.newPage();
    await payPage.goto(linkUrl!);
    await payPage.getByRole('button', { name: 'Pay 10.00 USDC' }).click();
    await payPage.waitForURL(/\/checkout\/pi_/);
    await payOnCheckout(g, payPage, '10');
    await customer.close();

    // Payments: the list shows it settle (the sweep workers move it into the vault as blocks come).
    await nav(page, 'Payments').click();
    const table = page.getByRole('region', { name: 'Payments', exact: true }).getByRole('table');
    await g.mineUntil(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      return ((await table.textContent({ timeout: 5_000 }).catch(() => '')) ?? '').includes('settled');
    }, 90_000);
    await expectAccessible(page);
    await shot(page, 'dashboard-payments.png');
    // Filters: the search finds it by its id; a status it is not in finds nothing.
    const filters = page.getByRole('search', { name: 'Filter payments' });
    const [listed] = (await table.locator('tbody tr td:first-child .muted').allTextContents()) as [string];
    await filters.getByLabel('Search').fill(listed);
    await filters.getByLabel('Status').selectOption('SETTLED');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(1);
    await filters.getByLabel('Status').selectOption('EXPIRED');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Payments', exact: true }).textContent(), { timeout: 10_000 })
      .toContain('No payment matches.');
    await filters.getByLabel('Status').selectOption('');
    await filters.getByRole('button', { name: 'Apply filters' }).click();

    // Detail: the timeline ends settled; transfers show the payment and the sweep.
    await table.getByRole('link').first().click();
    await page.getByRole('heading', { name: '10.00 USDC' }).waitFor({ timeout: 15_000 });
    walk.paymentId = new URL(page.url()).pathname.split('/').pop()!;
    expect(walk.paymentId).toMatch(/^pi_/);
    const timeline = page.getByRole('region', { name: 'Timeline', exact: true });
    expect(await timeline.textContent()).toContain('settled');
    const transfers = (await page.getByRole('region', { name: 'Transfers', exact: true }).textContent()) ?? '';
    expect(transfers).toContain('payment');
    expect(transfers).toContain('settlement');
    expect(await page.getByRole('region', { name: 'Settlements', exact: true }).textContent()).toMatch(
      /Sweep transaction nonce/,
    );

    // Refund 4 of the 10: request, then send from the vault with the injected wallet; the page posts the proof.
    await page.getByLabel('Amount (USDC)').fill('4');
    await page.getByRole('button', { name: 'Request refund' }).click();
    const refund = page.getByTestId('refund');
    await expect.poll(() => refund.textContent(), { timeout: 15_000 }).toContain('pending');
    await page.getByRole('button', { name: /Send refund from vault with Devnet Test Wallet/ }).click();
    await g.mineUntil(async () => ((await refund.textContent()) ?? '').includes('completed'), 90_000);
    expect(wallet.sent).toHaveLength(1);
    expect(wallet.calls.some((c) => c.startsWith('wallet_addEthereumChain'))).toBe(true);
    await expect.poll(() => page.getByTestId('amount-refunded').textContent(), { timeout: 15_000 }).toBe('4.00 USDC');
    await expect
      .poll(() => page.getByTestId('payment-status').textContent(), { timeout: 15_000 })
      .toBe('partially refunded');
    const [refundRow] = await g.h.db.query<{ status: string; tx: string }>(
      `select r.status, c.tx_hash as tx from refund_requests r join chain_transfers c on c.refund_id = r.id
       where r.payment_id = $1`,
      [walk.paymentId],
    );
    expect(refundRow).toEqual({ status: 'completed', tx: wallet.sent[0]!.toLowerCase() });
    await expectAccessible(page);
    await shot(page, 'dashboard-payment-detail.png');

    // Home: received vs settled for the period, and the chart.
    await nav(page, 'Home').click();
    await expect
      .poll(() => page.getByTestId('overview-received').textContent(), { timeout: 15_000 })
      .toBe('10.00 USDC');
    expect(await page.getByTestId('overview-settled').textContent()).toBe('10.00 USDC');
    expect(await page.getByTestId('overview-refunded').textContent()).toBe('4.00 USDC');
    expect(await page.getByRole('group', { name: /Received and settled USDC per day/ }).isVisible()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'dashboard-home.png');

    // Developers: every event reached the receiver with a valid signature, and the log shows each delivery.
    await expect
      .poll(() => receiver.events.map((e) => e.type), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining(['payment.confirmed', 'payment.completed', 'refund.requested', 'refund.completed']),
      );
    expect(receiver.rejected).toBe(0);
    await nav(page, 'Developers').click();
    const deliveries = page.getByTestId('delivery');
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh deliveries' }).click();
          return deliveries.count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(new Set(receiver.events.map((e) => e.id)).size);
    const refundCompleted = receiver.events.find((e) => e.type === 'refund.completed')!;
    const row = deliveries.filter({ hasText: refundCompleted.id });
    expect(await row.textContent()).toContain('succeeded');
    await row.getByRole('button', { name: 'Attempts' }).click();
    await expect.poll(() => row.textContent()).toContain('HTTP 200');
    // A manual retry delivers the same event again (same id; the receiver deduplicates on it).
    const before = receiver.events.length;
    await row.getByRole('button', { name: 'Retry now' }).click();
    await expect.poll(() => receiver.events.length, { timeout: 30_000 }).toBe(before + 1);
    expect(receiver.events.at(-1)!.id).toBe(refundCompleted.id);
    await expect
      .poll(
        async () => {
          // Closing and opening the attempts fetches the delivery again.
          await row.getByRole('button', { name: /attempts/i }).click();
          await row.getByRole('button', { name: /attempts/i }).click();
          return row.textContent();
        },
        { timeout: 15_000 },
      )
      .toContain('manual retry');
    expect(await page.getByRole('region', { name: 'Audit log', exact: true }).textContent()).toContain(
      'api_key.created',
    );
    await expectAccessible(page);
    await shot(page, 'dashboard-developers.png');

    // 360 px wide: nothing sticks out of the page.
    await page.setViewportSize({ width: 360, height: 780 });
    for (const [section, heading] of [
      ['Payments', 'Payments'],
      ['Home', 'Overview'],
      ['Developers', 'Webhook deliveries'],
    ] as const) {
      await nav(page, section).click();
      await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 10_000 });
      await expect.poll(() => page.locator('.muted', { hasText: 'Loading…' }).count()).toBe(0);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    }
    await page.goto(`${g.baseUrl}/dashboard/payments/${walk.paymentId}`);
    await page.getByRole('heading', { name: '10.00 USDC' }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    await shot(page, 'dashboard-payment-detail-360.png');

    expect(logs.filter((l) => l.startsWith('pageerror'))).toEqual([]);
    expect(logs.join('\n')).not.toContain(secretKey!);
    await page.close();
  }, 300_000);

  it('links and invoices: field rules shown inline from the API, create, view, deactivate and activate, void', async (ctx) => {
    if (!walk.paymentId) ctx.skip('needs the walk above');
    // Signed out first: the session is one cookie per browser context, and every test signs in itself.
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${g.baseUrl}/dashboard/invoices`);
    await page.getByLabel('Email').fill(walk.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Create an invoice' }).waitFor({ timeout: 20_000 });

    await page.getByLabel('Customer name').fill('Ada Lovelace');
    await page.getByLabel('Customer email').fill('not-an-email');
    await page.getByLabel('Due in days').fill('120');
    await page.getByLabel('Description', { exact: true }).fill('Beans');
    await page.getByLabel('Unit amount').fill('3.1234567');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    for (const id of ['customer_email', 'due_in_days', 'line-0-unit'])
      await expect.poll(() => page.locator(`#${id}-error`).textContent(), { timeout: 10_000 }).toBeTruthy();
    expect(await page.getByLabel('Unit amount').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Customer email').fill('ada@example.com');
    await page.getByLabel('Due in days').fill('30');
    await page.getByLabel('Unit amount').fill('3');
    await page.getByLabel('Quantity').fill('2');
    await page.getByRole('button', { name: 'Create invoice' }).click();
    const created = page.getByRole('status').filter({ hasText: /Invoice .* created/ });
    const invoiceUrl = await created.getByRole('link').getAttribute('href', { timeout: 15_000 });
    expect(invoiceUrl).toMatch(/\/invoice\/inv_/);
    const row = page.getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('6.00 USDC');
    await row.getByRole('button', { name: 'View' }).click();
    expect(await row.textContent()).toContain('Beans');
    await row.getByRole('button', { name: 'Void' }).click();
    await expect.poll(() => row.locator('.badge').first().textContent(), { timeout: 15_000 }).toBe('void');
    expect(await row.getByRole('button', { name: 'Void' }).count()).toBe(0);
    const pub = await fetch(`${g.baseUrl}/public/invoices/${invoiceUrl!.split('/').pop()}`);
    expect(((await pub.json()) as { status: string }).status).toBe('void');

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Payment links' }).click();
    const link = page.getByTestId('payment-link').filter({ hasText: 'House blend' });
    await link.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => link.textContent(), { timeout: 15_000 }).toContain('inactive');
    await link.getByRole('button', { name: 'Payments' }).click();
    await expect.poll(() => link.textContent(), { timeout: 15_000 }).toContain(walk.paymentId);
    await link.getByRole('button', { name: 'Activate' }).click();
    await expect.poll(() => link.getByRole('button', { name: 'Deactivate' }).count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(page);
    await page.close();
  }, 120_000);

  it('a read-only member sees the data and no write control', async (ctx) => {
    if (!walk.paymentId) ctx.skip('needs the walk above');
    const email = `reader-${process.pid}-${Date.now()}@example.com`;
    await g.h.db.query(
      `insert into users (id, merchant_id, role, email, password_hash) values ($1, $2, 'read_only', $3, $4)`,
      [
        newId('user'),
        walk.merchantId,
        email,
        await hashPassword(PASSWORD, { memoryCost: 256, timeCost: 1, parallelism: 1 }),
      ],
    );
    const reader = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await reader.newPage();
    await page.goto(`${g.baseUrl}/dashboard/`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 20_000 });
    expect(await page.locator('.shell').textContent()).toContain('read-only');

    const writeButtons =
      /create|add endpoint|revoke|rotate|disable|delete|retry|request refund|send refund|set vault|change vault|remove vault|save defaults|deactivate|activate|void/i;
    const visibleWriteButtons = async () =>
      (await page.getByRole('button').allTextContents()).filter((t) => writeButtons.test(t));

    await page.goto(`${g.baseUrl}/dashboard/payments/${walk.paymentId}`);
    await page.getByRole('heading', { name: '10.00 USDC' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('refund').textContent()).toContain('completed');
    expect(await visibleWriteButtons()).toEqual([]);
    for (const [section, seen] of [
      ['Invoices', 'Ada Lovelace'],
      ['Payment links', 'House blend'],
      ['Settings', g.h.vault],
      ['Developers', 'Order server'],
    ] as const) {
      await nav(page, section).click();
      await expect.poll(() => page.locator('.content').textContent(), { timeout: 15_000 }).toContain(seen);
      expect(await visibleWriteButtons()).toEqual([]);
    }
    expect(await page.getByRole('region', { name: 'Webhook deliveries', exact: true }).isVisible()).toBe(true);
    await reader.close();
  }, 120_000);

  it('a second merchant signed in in the same browser context never sees the first merchant’s data; an ended session returns to sign-in', async (ctx) => {
    if (!walk.paymentId) ctx.skip('needs the walk above');
    // The first merchant's tab stays open while a second merchant signs up in another browser profile (the session is
    // one HttpOnly cookie per browser, shared by its tabs: dashboardSession.test.ts).
    // (Signed in with the keyboard only: type, Tab, type, Enter; then a section opened with Tab and Enter.)
    await context.clearCookies();
    const first = await context.newPage();
    await first.goto(`${g.baseUrl}/dashboard/`);
    await first.getByLabel('Email').focus();
    await first.keyboard.type(walk.email);
    await first.keyboard.press('Tab');
    await first.keyboard.type(PASSWORD);
    await first.keyboard.press('Enter');
    await first.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 20_000 });
    await nav(first, 'Home').focus();
    await first.keyboard.press('Tab');
    await first.keyboard.press('Enter');
    await first.getByRole('heading', { name: 'Payments' }).waitFor({ timeout: 10_000 });
    expect(new URL(first.url()).pathname).toBe('/dashboard/payments');

    const otherProfile = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const second = await otherProfile.newPage();
    await signUpThroughPage(second, 'Second Shop', `second-${process.pid}-${Date.now()}@example.com`);
    await nav(second, 'Payments').click();
    await expect
      .poll(() => second.locator('.content').textContent(), { timeout: 15_000 })
      .toContain('No payment matches.');
    await nav(second, 'Developers').click();
    await expect
      .poll(() => second.locator('.content').textContent(), { timeout: 15_000 })
      .toContain('No endpoint yet.');
    expect(await second.locator('.content').textContent()).not.toContain('Order server');
    await nav(second, 'Payment links').click();
    await expect
      .poll(() => second.locator('.content').textContent(), { timeout: 15_000 })
      .toContain('No payment link yet.');
    await second.goto(`${g.baseUrl}/dashboard/payments/${walk.paymentId}`);
    await expect.poll(() => second.getByRole('alert').textContent(), { timeout: 15_000 }).toMatch(/could not load/);
    expect(await second.locator('body').textContent()).not.toContain(walk.email);

    // The first tab still acts as the first merchant.
    await nav(first, 'Payments').click();
    await expect.poll(() => first.locator('.content').textContent(), { timeout: 15_000 }).toContain(walk.paymentId);
    expect(await first.locator('.shell').textContent()).toContain('Walkthrough Coffee');

    // Signing out and in as the second merchant in the first tab leaves nothing of the first on screen.
    await first.getByRole('button', { name: 'Sign out' }).click();
    await first.getByRole('heading', { name: 'Sign in to Tender' }).waitFor();
    expect(await first.locator('body').textContent()).not.toContain(walk.paymentId);

    // The second tab's session ends on the server: its next request takes it back to sign-in, saying why.
    const token = await sessionCookieOf(otherProfile);
    const out = await fetch(`${g.baseUrl}/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(out.status).toBe(200);
    await nav(second, 'Developers').click();
    await expect
      .poll(() => second.getByRole('status').first().textContent(), { timeout: 15_000 })
      .toContain('Your session ended');
    await expectAccessible(second);
    await first.close();
    await otherProfile.close();
  }, 120_000);
  it('a refund proven by a pasted transaction hash; a wrong-token payment on home; older payments by cursor', async (ctx) => {
    if (!walk.paymentId) ctx.skip('needs the walk above');
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const r = await fetch(`${g.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${walk.secretKey}`, 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
      return (await r.json()) as T;
    };
    // Signed out first: the session is one cookie per browser context, and every test signs in itself.
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${g.baseUrl}/dashboard/payments/${walk.paymentId}`);
    await page.getByLabel('Email').fill(walk.email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: '10.00 USDC' }).waitFor({ timeout: 20_000 });

    // A second refund, sent from the vault outside the browser; its hash is pasted.
    await page.getByLabel('Amount (USDC)').fill('1.5');
    await page.getByRole('button', { name: 'Request refund' }).click();
    const pending = page.getByTestId('refund').filter({ hasText: 'pending' });
    await pending.waitFor({ timeout: 15_000 });
    const vault = createDevnetClient(g.h.devnet.rpcUrl, { account: devnetAccounts()[1]! });
    const sent = await transferToken(vault, g.h.devnet.manifest.tokens.USDC, g.h.payer.account.address, 1_500_000n);
    await pending.getByLabel('Or paste the refund transaction hash').fill(sent.transactionHash);
    await pending.getByRole('button', { name: 'Submit proof' }).click();
    await g.mineUntil(async () => (await page.getByTestId('amount-refunded').textContent()) === '5.50 USDC', 60_000);
    expect(await page.getByTestId('refund').filter({ hasText: 'completed' }).count()).toBe(2);

    // A payment in a look-alike token needs attention: home lists it.
    const wrong = await api<{ id: string; networks: { deposit_address: `0x${string}` }[] }>(
      'POST',
      '/v1/payment-intents',
      { amount: '5', networks: ['devnet'], order_reference: 'wrong-token-order' },
    );
    await g.h.pay(wrong.networks[0]!.deposit_address, '5', 'bridgedUSDC');
    await g.mineUntil(
      async () => (await api<{ status: string }>('GET', `/v1/payment-intents/${wrong.id}`)).status === 'INVALID_ASSET',
    );
    await nav(page, 'Home').click();
    const attention = page.getByRole('region', { name: 'Needs attention', exact: true });
    await expect.poll(() => attention.textContent(), { timeout: 15_000 }).toContain('wrong-token-order');
    expect(await attention.textContent()).toContain('invalid asset');

    // 25 more payments: the walk's payment moves to the second page, reached with Older and left with Newer.
    for (let i = 0; i < 25; i++)
      await api('POST', '/v1/payment-intents', { amount: '1', networks: ['devnet'], order_reference: `bulk-${i}` });
    await nav(page, 'Payments').click();
    const rows = page.getByRole('region', { name: 'Payments', exact: true }).locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(25);
    expect(await rows.allTextContents()).not.toContainEqual(expect.stringContaining(walk.paymentId));
    // The rest: the walk's payment, the wrong-token one and the invoice's.
    const total = (await api<{ data: unknown[] }>('GET', '/v1/payments?limit=100')).data.length;
    expect(total).toBeGreaterThan(25);
    await page.getByRole('button', { name: 'Older' }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(total - 25);
    expect((await rows.allTextContents()).join(' ')).toContain(walk.paymentId);
    expect(await page.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Newer' }).click();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(25);
    await page.close();
  }, 180_000);

  it('a vault set before proofs is shown unproven and proven by a signature pasted into the page', async () => {
    // Signed out first: the session is one cookie per browser context, and every test signs in itself.
    await context.clearCookies();
    const page = await context.newPage();
    await signUpThroughPage(page, 'Old Vault Shop', `old-vault-${process.pid}-${Date.now()}@example.com`);
    const token = await sessionCookieOf(context);
    const me = await fetch(`${g.baseUrl}/v1/me`, { headers: { authorization: `Bearer ${token}` } });
    const merchantId = ((await me.json()) as { merchant: { id: string } }).merchant.id;
    // A vault row as it stood before proofs existed; no browser wallet on this page.
    const old = devnetAccounts()[5]!;
    await g.h.db.query(
      `insert into merchant_vaults (merchant_id, environment, network, address) values ($1, 'test', 'devnet', lower($2))`,
      [merchantId, old.address],
    );
    await nav(page, 'Settings').click();
    const row = page.getByTestId('vault-devnet');
    await expect.poll(() => row.getByTestId('vault-proof').textContent(), { timeout: 15_000 }).toMatch(/^unproven/);
    await row.getByRole('button', { name: 'Prove vault' }).click();
    const message = page.getByLabel('Message to sign');
    await expect.poll(() => message.inputValue(), { timeout: 15_000 }).toContain(`Merchant: ${merchantId}`);
    // Another account's signature is refused in the API's words; the vault's own is accepted.
    const text = await message.inputValue();
    await page.getByLabel('Signature').fill(await devnetAccounts()[6]!.signMessage({ message: text }));
    await page.getByRole('button', { name: 'Submit signature' }).click();
    await expect.poll(() => row.getByRole('alert').textContent(), { timeout: 15_000 }).toContain('signed by');
    await page.getByLabel('Signature').fill(await old.signMessage({ message: text }));
    await page.getByRole('button', { name: 'Submit signature' }).click();
    await expect.poll(() => row.getByTestId('vault-proof').textContent(), { timeout: 15_000 }).toMatch(/^proven/);
    await shot(page, 'dashboard-vault-proven.png');

    // Embedded checkout: a URL that is not an origin is refused at its field; exact origins are saved.
    const origins = page.getByLabel('Allowed origins (one per line)');
    await origins.fill('https://shop.example/checkout');
    await page.getByRole('button', { name: 'Save origins' }).click();
    await expect.poll(() => page.locator('#checkout-origins-error').textContent()).toContain('exact origin');
    await origins.fill('https://shop.example\nhttp://localhost:5173');
    await page.getByRole('button', { name: 'Save origins' }).click();
    const settings = () =>
      fetch(`${g.baseUrl}/v1/settlement-settings`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
        r.json(),
      );
    await expect
      .poll(settings)
      .toMatchObject({ checkout_allowed_origins: ['https://shop.example', 'http://localhost:5173'] });
    await expectAccessible(page);
    await page.close();
  }, 120_000);
});
