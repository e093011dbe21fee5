// A customer of a merchant that cannot take payments yet reads so on the link and invoice pages BEFORE pressing Pay
// (the public views' accepting_payments), in the customer's words with the merchant's support contact, never developer
// text, and there is no Pay button; in Chromium at 360 and 1280 px with axe, against the gateway on the devnet.
// Screenshots: test-artifacts/ not-ready-{link,invoice}-{width}.png.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVault } from '../../gateway/src/_test/testGateway.ts';
import { launchChromium, screenshot, seriousA11yViolations } from './_test/browser.ts';
import { startCheckoutGateway, type CheckoutGateway } from './_test/checkoutGateway.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const WIDTHS = [360, 1280] as const;

let g: CheckoutGateway;
let browser: Browser;
let auth: Record<string, string>;
let merchantId: string;

beforeAll(async () => {
  [g, browser] = await Promise.all([startCheckoutGateway({ workers: false }), launchChromium()]);
  const signup = await fetch(`${g.baseUrl}/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      business_name: 'Half Ready Bakery',
      email: `half-${process.pid}-${Date.now()}@example.com`,
      password: 'half ready password 123',
    }),
  });
  const s = (await signup.json()) as { session: { token: string }; merchant: { id: string } };
  auth = { authorization: `Bearer ${s.session.token}`, 'content-type': 'application/json' };
  merchantId = s.merchant.id;
  await insertVault(g.h.db, merchantId, '0x00000000000000000000000000000000000000b1');
  const profile = await fetch(`${g.baseUrl}/v1/account`, {
    method: 'PATCH',
    headers: auth,
    body: JSON.stringify({ support_email: 'help@half-ready.example' }),
  });
  expect(profile.status).toBe(200);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await g?.close();
});

async function create<T>(path: string, body: object): Promise<T> {
  const r = await fetch(`${g.baseUrl}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  expect(r.status, await r.clone().text()).toBe(201);
  return (await r.json()) as T;
}

async function expectAccessible(page: Page, width: number) {
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
}

/** The notice in `testId`: the customer's words and the contact, nothing of the merchant's setup, and no Pay. */
async function expectNotReady(page: Page, testId: string) {
  const card = page.getByTestId(testId);
  await card.waitFor({ timeout: 15_000 });
  expect(await card.textContent()).toContain('This merchant cannot take payments yet');
  expect(await page.getByTestId('support-contact').textContent()).toContain('help@half-ready.example');
  expect(await page.locator('body').textContent()).not.toMatch(/PUT|\/v1\/|vault|RPC|network|configur/i);
  expect(await page.getByRole('button', { name: /Pay/ }).count()).toBe(0);
  expect(await page.getByRole('link', { name: /Pay/ }).count()).toBe(0);
}

describe(`a merchant that cannot take payments yet, said before Pay (${db})`, () => {
  it('the link page: the vault went away after the link was shared', async () => {
    const link = await create<{ id: string; url: string }>('/v1/payment-links', {
      name: 'Sourdough',
      amount: '7',
      networks: ['devnet'],
    });
    const removed = await fetch(`${g.baseUrl}/v1/vaults/devnet`, {
      method: 'DELETE',
      headers: { authorization: auth.authorization! },
    });
    expect(removed.status).toBe(200);
    const view = (await (await fetch(`${g.baseUrl}/public/payment-links/${link.id}`)).json()) as {
      accepting_payments: boolean;
    };
    expect(view.accepting_payments).toBe(false);
    for (const width of WIDTHS) {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(link.url);
      await expectNotReady(page, 'link-not-ready');
      expect(await page.title()).toContain('This merchant cannot take payments yet');
      await expectAccessible(page, width);
      await screenshot(page, `not-ready-link-${width}.png`);
      // In German too: the reader's language, never a developer's message.
      await page.goto(`${link.url}?locale=de`);
      await page.getByText('Dieser Händler kann noch keine Zahlungen annehmen').first().waitFor({ timeout: 15_000 });
      await context.close();
    }
    // With the vault back, the same page offers Pay again.
    await insertVault(g.h.db, merchantId, '0x00000000000000000000000000000000000000b1');
    g.h.ctx.settings.forget({ merchantId, environment: 'test' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(link.url);
    await page.getByRole('button', { name: 'Pay 7.00 USDC' }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('link-not-ready').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('the invoice page: this server no longer serves the network of its payment', async () => {
    const invoice = await create<{ url: string }>('/v1/invoices', {
      customer_name: 'Ada',
      customer_email: 'ada@example.com',
      line_items: [{ description: 'Rye loaf', unit_amount: '4.5', quantity: 2 }],
      networks: ['devnet'],
    });
    const devnet = g.h.ctx.networkRegistry.get('devnet')!;
    const saved = { available: devnet.available, unavailableReason: devnet.unavailableReason };
    try {
      // As if the operator had removed the devnet's RPC URL (the watcher could not see a payment).
      Object.assign(devnet, { available: false, unavailableReason: 'no RPC URL configured (DEVNET_RPC_URL)' });
      for (const width of WIDTHS) {
        const context = await browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(invoice.url);
        await expectNotReady(page, 'invoice-not-ready');
        // The invoice itself is still shown, with its PDF.
        expect(await page.getByTestId('invoice-total').textContent()).toContain('9.00');
        expect(await page.getByRole('link', { name: 'Download PDF' }).count()).toBe(1);
        await expectAccessible(page, width);
        await screenshot(page, `not-ready-invoice-${width}.png`);
        await context.close();
      }
    } finally {
      Object.assign(devnet, saved);
    }
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(invoice.url);
    await page.getByRole('link', { name: /Pay 9\.00/ }).waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('invoice-not-ready').count()).toBe(0);
    await context.close();
  }, 120_000);
});
