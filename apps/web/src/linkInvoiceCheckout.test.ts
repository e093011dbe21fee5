// From a payment link and from an invoice into the checkout and on to paid, end to end on the devnet. The link and
// invoice APIs are built on another branch: until the gateway serves them, every test here skips and says why.
import { devnetAccounts } from '@tender/evm';
import type { Browser } from 'playwright-core';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, markEmailVerified, signUp } from '../../gateway/src/_test/testGateway.ts';
import { setProvenVault } from '../../gateway/src/_test/provenVault.ts';
import { launchChromium, screenshot } from './_test/browser.ts';
import { payOnCheckout, startCheckoutGateway, type CheckoutGateway } from './_test/checkoutGateway.ts';

let g: CheckoutGateway;
let browser: Browser;
let key: string;
let missing: string | undefined;
beforeAll(async () => {
  g = await startCheckoutGateway();
  const probe = await fetch(`${g.baseUrl}/public/payment-links/plink_probe`);
  const code = ((await probe.json()) as { error?: { code?: string } }).error?.code;
  // NOT_FOUND is the router's "no such route" (an unknown link of a served route is RESOURCE_NOT_FOUND).
  if (probe.status === 404 && code === 'NOT_FOUND') {
    missing =
      'the payment-link and invoice APIs are not in this build (GET /public/payment-links/{id} is route-not-found)';
    return;
  }
  browser = await launchChromium();
  const owner = await signUp(g.app, { business_name: 'Link & Invoice Shop' });
  await markEmailVerified(g.h.db, owner.userId);
  // A vault of its own: the harness merchant has proven g.h.vault, and one address belongs to one merchant.
  await setProvenVault(g.h.db, g.h.ctx, { merchantId: owner.merchantId, environment: 'test' }, devnetAccounts()[4]!);
  key = (await createKey(g.app, owner.token)).secret;
});
afterAll(async () => {
  await browser?.close();
  await g?.close();
});

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${g.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

describe(`payment link and invoice into checkout (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('payment link page → pay → checkout → paid', async (ctx) => {
    if (missing) ctx.skip(missing);
    const link = await api<{ id: string }>('POST', '/v1/payment-links', {
      name: 'Beans',
      amount: '7.25',
      networks: ['devnet'],
    });
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(`${g.baseUrl}/pay/${link.id}`);
    await page.getByRole('button', { name: 'Pay 7.25 USDC' }).click();
    await page.waitForURL(/\/checkout\/pi_/);
    // A link's payment starts CREATED: no clock running, nothing closed.
    await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
    expect(await page.getByTestId('countdown').count()).toBe(0);
    expect(await page.textContent('body')).not.toContain('closed');
    await page.waitForURL(/\/checkout\/pi_/);
    await payOnCheckout(g, page, '7.25');
    await page.close();
  });

  it('invoice page → pay part → the invoice asks for the remainder → pay it → paid', async (ctx) => {
    if (missing) ctx.skip(missing);
    const inv = await api<{ id: string }>('POST', '/v1/invoices', {
      customer_name: 'Ada Lovelace',
      customer_email: 'ada@example.com',
      line_items: [{ description: 'Beans', quantity: 2, unit_amount: '3' }],
      networks: ['devnet'],
    });
    const page = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await page.goto(`${g.baseUrl}/invoice/${inv.id}`);
    expect(await page.getByTestId('invoice-total').textContent()).toBe('6.00\u00a0USDC');
    expect(await page.getByTestId('test-mode').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Pay 6.00 USDC' }).click();
    await page.waitForURL(/\/checkout\/pi_/);
    const checkout = page.url();
    const open = page.getByRole('button', { name: 'Continue to payment' });
    await open.or(page.getByTestId('deposit-address')).first().waitFor({ timeout: 15_000 });
    if (await open.isVisible()) await open.click();
    const address = getAddress((await page.getByTestId('deposit-address').textContent({ timeout: 15_000 }))!);
    await g.h.pay(address, '2');
    await g.mineUntil(() => page.getByRole('heading', { name: 'Partly paid' }).isVisible());
    // Back on the invoice: what was paid, what remains, and a button for the remainder only.
    await page.goto(`${g.baseUrl}/invoice/${inv.id}`);
    await page.getByTestId('invoice-remaining').waitFor();
    expect(await page.getByTestId('invoice-received').textContent()).toBe('2.00\u00a0USDC');
    expect(await page.getByTestId('invoice-remaining').textContent()).toBe('4.00\u00a0USDC');
    expect(await page.getByRole('link', { name: /^Pay/ }).textContent()).toBe('Pay the remaining 4.00\u00a0USDC');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await screenshot(page, 'invoice-partly-paid-360.png');
    await page.goto(checkout);
    await payOnCheckout(g, page, '4');
    await page.close();
  });
});
