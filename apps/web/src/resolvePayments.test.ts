// Resolving payments from the dashboard in Chromium against the gateway on the devnet, at 360 and 1280 px: accept an
// underpayment, refund only an overpayment's excess, return a foreign token to its sender. Each decision is made
// behind a confirmation that shows the amounts as money, then verified by the gateway (the sweep, the watcher's view
// of the vault transfer), and each payment ends gone from "Needs attention" on the home page. Axe finds no serious
// violation with a dialog open. Screenshots of the dialogs: RESOLVE_SCREENS_DIR (default test-artifacts/).
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { newId } from '@tender/platform';
import { createDevnetClient, devnetAccounts, transferToken } from '@tender/evm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../gateway/src/auth/passwords.ts';
import { expirePayment } from '../../gateway/src/payments/expiry.ts';
import { ARTIFACTS_DIR, launchChromium, seriousA11yViolations } from './_test/browser.ts';
import { startCheckoutGateway, type CheckoutGateway } from './_test/checkoutGateway.ts';

const SCREENS_DIR = process.env.RESOLVE_SCREENS_DIR ?? ARTIFACTS_DIR;
const PASSWORD = 'correct horse battery staple';
const EMAIL = `resolver-${process.pid}@example.com`;

let g: CheckoutGateway;
let browser: Browser;

beforeAll(async () => {
  [g, browser] = await Promise.all([startCheckoutGateway(), launchChromium()]);
  await g.h.db.query(
    `insert into users (id, merchant_id, role, email, password_hash) values ($1, $2, 'owner', $3, $4)`,
    [
      newId('user'),
      g.h.tenant.merchantId,
      EMAIL,
      await hashPassword(PASSWORD, { memoryCost: 256, timeCost: 1, parallelism: 1 }),
    ],
  );
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await g?.close();
});

const status = (id: string) => g.h.status(id);
const refundStatus = async (paymentId: string) =>
  (await g.h.db.query<{ status: string }>('select status from refund_requests where payment_id = $1', [paymentId]))[0]
    ?.status;

async function shot(page: Page, name: string) {
  await mkdir(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENS_DIR, name), fullPage: false });
}

/** The home page's "Needs attention" list, once loaded. */
async function attentionText(page: Page): Promise<string> {
  await page.goto(`${g.baseUrl}/dashboard/`);
  const region = page.getByRole('region', { name: 'Needs attention', exact: true });
  await region.locator('table, p.muted').first().waitFor({ timeout: 20_000 });
  return (await region.textContent()) ?? '';
}

async function openPayment(page: Page, id: string) {
  await page.goto(`${g.baseUrl}/dashboard/payments/${id}`);
  await page.getByRole('heading', { name: 'Needs a decision' }).waitFor({ timeout: 20_000 });
}

/** Opens the decision's confirmation, checks its amounts and accessibility, screenshots it, and confirms. */
async function decide(page: Page, button: string | RegExp, texts: string[], confirm: string, shotName: string) {
  await page.getByRole('button', { name: button }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  const text = ((await dialog.textContent()) ?? '').toLowerCase();
  for (const t of texts) expect(text).toContain(t.toLowerCase());
  expect(await seriousA11yViolations(page)).toEqual([]);
  await shot(page, shotName);
  await dialog.getByRole('button', { name: confirm }).click();
  await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
}

describe(`resolving payments in Chromium (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  for (const width of [360, 1280]) {
    it(`at ${width} px: accept an underpayment, refund an excess, return a foreign token; each leaves Needs attention`, async () => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const vault = createDevnetClient(g.h.devnet.rpcUrl, { account: devnetAccounts()[1]! });
      const payer = g.h.payer.account.address;
      try {
        await page.goto(`${g.baseUrl}/dashboard/`);
        await page.getByLabel('Email').fill(EMAIL);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('heading', { name: 'Overview' }).waitFor({ timeout: 20_000 });

        // 1. An underpayment: 1.5 of 4 USDC arrived before the window closed.
        const under = await g.h.createIntent({
          amount: '4',
          expires_in_seconds: 300,
          order_reference: `under-${width}`,
        });
        await g.h.pay(under.depositAddress, '1.5');
        await g.mineUntil(async () => (await status(under.id)) === 'CONFIRMING');
        await g.h.advance(301);
        try {
          await expirePayment(g.h.ctx, under.id);
          expect(await status(under.id)).toBe('UNDERPAID');
          expect(await attentionText(page)).toContain(`under-${width}`);
          await openPayment(page, under.id);
          await decide(
            page,
            'Accept 1.50 USDC as paid',
            ['4.00 USDC', '1.50 USDC', '2.50 USDC'],
            'Accept as paid',
            `resolve-accept-underpayment-${width}.png`,
          );
          await g.mineUntil(async () => (await status(under.id)) === 'SETTLED');
          await expect
            .poll(() => page.getByTestId('payment-status').textContent(), { timeout: 15_000 })
            .toBe('settled');
          expect(await attentionText(page)).not.toContain(`under-${width}`);
        } finally {
          await g.h.advance(-301);
        }

        // 2. An overpayment: 12.5 for 10 USDC, settled; only the 2.5 excess goes back.
        const over = await g.h.createIntent({ amount: '10', order_reference: `over-${width}` });
        await g.h.pay(over.depositAddress, '12.5');
        await g.mineUntil(async () => (await status(over.id)) === 'SETTLED');
        expect(await attentionText(page)).toContain(`over-${width}`);
        await openPayment(page, over.id);
        await decide(
          page,
          'Refund the excess of 2.50 USDC',
          ['12.50 USDC', '10.00 USDC', '2.50 USDC', 'stays paid'],
          'Request excess refund',
          `resolve-refund-excess-${width}.png`,
        );
        await page.getByTestId('refund').filter({ hasText: '(excess)' }).waitFor({ timeout: 15_000 });
        await transferToken(vault, g.h.devnet.manifest.tokens.USDC, payer, 2_500_000n);
        await g.mineUntil(async () => (await refundStatus(over.id)) === 'completed');
        expect(await status(over.id)).toBe('SETTLED');
        expect(await attentionText(page)).not.toContain(`over-${width}`);

        // 3. A foreign token: 3 units of a token the payment does not accept go back to the sender, in that token.
        const foreign = await g.h.createIntent({ amount: '10', order_reference: `foreign-${width}` });
        await g.h.pay(foreign.depositAddress, '3', 'plainERC20');
        await g.mineUntil(async () => (await status(foreign.id)) === 'INVALID_ASSET');
        await g.mineUntil(async () => (await attentionText(page)).includes(`foreign-${width}`));
        await openPayment(page, foreign.id);
        await decide(
          page,
          /^Return 3\.00 .+ to the sender$/,
          ['3.00', payer.toLowerCase().slice(0, 10)],
          'Request return',
          `resolve-return-foreign-${width}.png`,
        );
        await page.getByTestId('refund').filter({ hasText: 'pending' }).waitFor({ timeout: 15_000 });
        // The vault holds the token (the recovery sweep moves it there); the merchant sends it back.
        await transferToken(g.h.payer, g.h.devnet.manifest.tokens.plainERC20, g.h.vault, 3_000_000n);
        await transferToken(vault, g.h.devnet.manifest.tokens.plainERC20, payer, 3_000_000n);
        await g.mineUntil(async () => (await refundStatus(foreign.id)) === 'completed');
        expect(await attentionText(page)).not.toContain(`foreign-${width}`);
        await page.goto(`${g.baseUrl}/dashboard/payments/${foreign.id}`);
        await page.getByTestId('refund').filter({ hasText: 'completed' }).waitFor({ timeout: 15_000 });
        expect(await page.getByRole('heading', { name: 'Needs a decision' }).count()).toBe(0);
        expect(await seriousA11yViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 300_000);
  }
});
