// The embedded checkout in Chromium: a shop page on another origin (its own HTTP server, another port) includes the
// gateway's /checkout.js, opens the hosted checkout in the overlay and pays it on the devnet, and hears `paid` by
// postMessage; an origin the merchant did not list cannot frame the checkout (CSP frame-ancestors) and hears nothing,
// not even when it names a listed origin; the pop-up reports `closed` when the shopper closes it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expirePayment } from '../../gateway/src/payments/expiry.ts';
import { updatePaymentSettings } from '../../gateway/src/settings/settlementSettings.ts';
import { launchChromium, recordConsole, screenshot, seriousA11yViolations } from './_test/browser.ts';
import { startCheckoutGateway, type CheckoutGateway } from './_test/checkoutGateway.ts';

/** A merchant's page: a button that opens the checkout of `window.intentId`, and what the script reported. */
const shopPage = (gateway: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Devnet Coffee shop</title></head>
<body><main><h1>Your basket</h1><button id="buy" type="button">Pay with Tender</button></main>
<script src="${gateway}/checkout.js"></script>
<script>
  window.events = [];
  window.raw = [];
  addEventListener('message', (e) => window.raw.push({ origin: e.origin, data: e.data }));
  const record = (name) => (detail) => window.events.push([name, detail]);
  document.getElementById('buy').addEventListener('click', () => {
    window.handle = Tender.openCheckout({
      intentId: window.intentId,
      mode: window.mode || 'overlay',
      onPaid: record('paid'),
      onExpired: record('expired'),
      onClosed: record('closed'),
    });
  });
</script></body></html>`;

async function startShop(gateway: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(req.url === '/' ? shopPage(gateway) : 'not found');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let g: CheckoutGateway;
let browser: Browser;
let shop: { origin: string; server: Server };
let other: { origin: string; server: Server };
beforeAll(async () => {
  [g, browser] = await Promise.all([startCheckoutGateway(), launchChromium()]);
  [shop, other] = await Promise.all([startShop(g.baseUrl), startShop(g.baseUrl)]);
  await updatePaymentSettings(g.h.ctx, g.h.tenant, { checkout_allowed_origins: [shop.origin] });
});
afterAll(async () => {
  await browser?.close();
  await g?.close();
  shop?.server.close();
  other?.server.close();
});

type Reported = [string, { paymentIntentId: string; status?: string; reason?: string; paid?: boolean }];
const events = (page: Page) => page.evaluate<Reported[]>('window.events');

async function openShop(at: string, intentId: string, mode: 'overlay' | 'popup' = 'overlay') {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const logs = recordConsole(page);
  await page.goto(at);
  await page.evaluate(([id, m]) => Object.assign(globalThis, { intentId: id, mode: m }), [intentId, mode]);
  return { page, logs };
}

describe(`embedded checkout in Chromium (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('overlay on a listed origin: a labelled modal with the checkout, paid on the devnet is reported by postMessage', async () => {
    const { id } = await g.h.createIntent({ amount: '10' });
    const res = await fetch(`${g.baseUrl}/checkout/${id}`);
    expect(res.headers.get('content-security-policy')).toMatch(new RegExp(`; frame-ancestors ${shop.origin}$`));
    expect(res.headers.get('x-frame-options')).toBeNull();
    // A payment whose merchant lists no origin (here: none at all) is framed by no one, as before.
    const none = await fetch(`${g.baseUrl}/checkout/pi_nothing`);
    expect(none.headers.get('content-security-policy')).toMatch(/; frame-ancestors 'none'$/);
    expect(none.headers.get('x-frame-options')).toBe('DENY');

    const { page, logs } = await openShop(shop.origin, id);
    await page.getByRole('button', { name: 'Pay with Tender' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.waitFor();
    expect(await page.evaluate('document.activeElement.getAttribute("aria-label")')).toBe('Close checkout');
    // The page behind the dialog is inert: its button cannot be reached.
    expect(await page.evaluate('document.querySelector("main").inert')).toBe(true);
    const checkout = page.frameLocator('iframe[title="Secure checkout"]');
    const shown = await checkout.getByTestId('deposit-address').textContent({ timeout: 15_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'embedded-checkout-overlay-1280.png');
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, 'embedded-checkout-overlay-360.png');
    await page.setViewportSize({ width: 1280, height: 900 });

    await g.h.pay(getAddress(shown!), '10');
    await g.mineUntil(async () => (await events(page)).some(([e]) => e === 'paid'));
    const [paid] = await events(page);
    expect(paid![0]).toBe('paid');
    expect(paid![1].paymentIntentId).toBe(id);
    expect(['PAID', 'SETTLEMENT_PENDING', 'SETTLED']).toContain(paid![1].status);
    await checkout.getByRole('heading', { name: /^Paid/ }).waitFor();
    // Only the checkout's own messages reached the page, from the gateway's origin.
    expect((await page.evaluate<{ origin: string }[]>('window.raw')).map((m) => m.origin)).toEqual([
      new URL(g.baseUrl).origin,
    ]);

    // Escape inside the checkout frame closes the overlay too; focus returns to the button that opened it.
    await checkout.getByRole('heading', { name: /^Paid/ }).click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await events(page)).at(-1)).toEqual(['closed', { paymentIntentId: id, reason: 'dismissed', paid: true }]);
    expect(await page.evaluate('document.activeElement.id')).toBe('buy');
    expect(await page.evaluate('document.querySelector("main").inert')).toBe(false);
    expect(logs.filter((l) => l.startsWith('pageerror'))).toEqual([]);
    await page.close();
  });

  it('overlay of an expired payment reports expired; Escape on the shop page closes it', async () => {
    await g.h.advance(-400);
    const { id } = await g.h.createIntent({ amount: '5', expires_in_seconds: 300 });
    await g.h.advance(400);
    await expirePayment(g.h.ctx, id);
    const { page } = await openShop(shop.origin, id);
    await page.getByRole('button', { name: 'Pay with Tender' }).click();
    await expect
      .poll(() => events(page), { timeout: 15_000 })
      .toEqual([['expired', { paymentIntentId: id, status: 'EXPIRED' }]]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect((await events(page)).at(-1)).toEqual(['closed', { paymentIntentId: id, reason: 'dismissed', paid: false }]);
    await page.close();
  });

  it('an origin the merchant did not list cannot frame the checkout and hears nothing, even naming a listed origin', async () => {
    const { id } = await g.h.createIntent({ amount: '3' });
    const { page, logs } = await openShop(other.origin, id);
    await page.getByRole('button', { name: 'Pay with Tender' }).click();
    await expect
      .poll(() => logs.some((l) => l.includes('violates') && l.includes(`"frame-ancestors ${shop.origin}"`)), {
        timeout: 15_000,
      })
      .toBe(true);
    // The frame holds the browser's error page, not the checkout (the violation is logged before the frame has
    // navigated to it, so poll).
    await expect
      .poll(() => page.frames().map((f) => f.url()), { timeout: 15_000 })
      .toEqual([`${other.origin}/`, 'chrome-error://chromewebdata/']);
    await page.keyboard.press('Escape');

    // Pop-ups cannot be refused by CSP: one opened by the script (embed_origin = this origin, not listed) and one
    // opened by hand claiming the listed shop's origin. Both show the checkout; neither may report to this page.
    await page.evaluate(() => Object.assign(globalThis, { mode: 'popup', events: [], raw: [] }));
    const [honest] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Pay with Tender' }).click(),
    ]);
    const spoofUrl = `${g.baseUrl}/checkout/${id}?embed=popup&embed_origin=${encodeURIComponent(shop.origin)}`;
    const [spoofed] = await Promise.all([
      page.waitForEvent('popup'),
      page.evaluate(`void window.open(${JSON.stringify(spoofUrl)}, 'spoof', 'popup')`),
    ]);
    const shown = await honest.getByTestId('deposit-address').textContent({ timeout: 15_000 });
    await spoofed.getByTestId('deposit-address').waitFor();
    await g.h.pay(getAddress(shown!), '3');
    await g.mineUntil(async () => {
      const seen = await Promise.all(
        [honest, spoofed].map((p) => p.getByRole('heading', { name: /^Paid/ }).isVisible()),
      );
      return seen.every(Boolean);
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await page.evaluate('window.raw')).toEqual([]);
    expect(await events(page)).toEqual([]);
    await spoofed.close();
    await honest.close();
    await expect
      .poll(() => events(page))
      .toEqual([['closed', { paymentIntentId: id, reason: 'popup_closed', paid: false }]]);
    await page.close();
  });

  it('pop-up on a listed origin: the checkout opens in its own window and closing it reports closed', async () => {
    const { id } = await g.h.createIntent({ amount: '4' });
    const { page } = await openShop(shop.origin, id, 'popup');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Pay with Tender' }).click(),
    ]);
    await popup.getByTestId('deposit-address').waitFor({ timeout: 15_000 });
    expect(new URL(popup.url()).origin).toBe(new URL(g.baseUrl).origin);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await popup.close();
    await expect
      .poll(() => events(page))
      .toEqual([['closed', { paymentIntentId: id, reason: 'popup_closed', paid: false }]]);
    await page.close();
  });
});
