// The business profile in Chromium against a real gateway: the owner edits the name and support contact in Settings
// (a bad address is refused under its field), and the customer's payment-link page then shows the contact.
// Screenshots: test-artifacts/profile-*.png.
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_VAULT, offlineRegistry } from '../../gateway/src/_test/devnetRegistry.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  insertVault,
  markEmailVerified,
  signUp,
  type TestGateway,
} from '../../gateway/src/_test/testGateway.ts';
import { launchChromium, screenshot, seriousA11yViolations } from './_test/browser.ts';
import { ensureWebBuilt } from './buildWeb.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let g: TestGateway;
let browser: Browser;
let base: string;
beforeAll(async () => {
  const { dir } = await ensureWebBuilt();
  g = await createTestGateway({ webDir: dir });
  g.ctx.networkRegistry = offlineRegistry();
  base = (await g.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await g?.close();
});

describe(`business profile in the browser (${db})`, () => {
  it('the owner sets the support contact in Settings; the link page shows it to customers', async () => {
    const s = await signUp(g.app, { business_name: 'Plain Shop' });
    await markEmailVerified(g.db, s.userId);
    await insertVault(g.db, s.merchantId, DEVNET_VAULT);
    const key = (await createKey(g.app, s.token, { role: 'developer' })).secret;
    const link = (
      await g.app.inject({
        method: 'POST',
        url: '/v1/payment-links',
        headers: bearer(key),
        payload: { name: 'Sourdough loaf', amount: '6', networks: ['devnet'] },
      })
    ).json();

    const owner = await browser.newPage({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    await owner.goto(`${base}/dashboard/settings`);
    await owner.getByLabel('Email').fill(s.email);
    await owner.getByLabel('Password').fill(s.password);
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await owner.getByRole('heading', { name: 'Business' }).waitFor({ timeout: 20_000 });
    await owner.getByLabel('Business name').fill('Corner Bakery');
    await owner.getByLabel('Support email').fill('help@corner.example');
    await owner.getByLabel('Support page').fill('corner.example/help');
    await owner.getByRole('button', { name: 'Save business details' }).click();
    await owner
      .locator('#support_url-error')
      .getByText('Enter a full web address starting with https://, such as https://example.com/help')
      .waitFor();
    await screenshot(owner, 'profile-1-refused-1280.png');
    await owner.getByLabel('Support page').fill('https://corner.example/help');
    await owner.getByRole('button', { name: 'Save business details' }).click();
    await owner.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await screenshot(owner, 'profile-2-saved-1280.png');
    expect(await seriousA11yViolations(owner)).toEqual([]);

    // Settings › Exports: the payments CSV downloads with the session, for the days chosen.
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'Payments CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('tender-payments-test.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toMatch(/^id,created_at,status,/);
    await owner.getByLabel('From (UTC day)').fill('2001-01-01');
    await owner.getByLabel('To (UTC day, included)').fill('2001-01-31');
    const [empty] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('button', { name: 'Payments CSV' }).click(),
    ]);
    expect((await readFile((await empty.path())!, 'utf8')).trimEnd().split('\r\n')).toHaveLength(1);
    await owner.getByLabel('From (UTC day)').fill('2001-02-01');
    await owner.getByRole('button', { name: 'Payments CSV' }).click();
    await owner.locator('#export_to-error').getByText('must be later than from').waitFor();
    await screenshot(owner, 'profile-5-exports-1280.png');
    await owner.close();

    const customer = await browser.newPage({ viewport: { width: 360, height: 780 } });
    await customer.goto(`${base}/pay/${link.id}`);
    const contact = customer.getByTestId('support-contact');
    await contact.waitFor();
    expect(await contact.textContent()).toBe('Contact Corner Bakery: help@corner.example · Support page');
    expect(await contact.getByRole('link', { name: 'help@corner.example' }).getAttribute('href')).toBe(
      'mailto:help@corner.example',
    );
    expect(await contact.getByRole('link', { name: 'Support page' }).getAttribute('href')).toBe(
      'https://corner.example/help',
    );
    expect(await customer.locator('#merchant').textContent()).toContain('Corner Bakery');
    await screenshot(customer, 'profile-3-link-360.png');
    expect(await seriousA11yViolations(customer)).toEqual([]);

    // Deactivated: the page that says "contact them" now says how.
    await g.app.inject({
      method: 'PATCH',
      url: `/v1/payment-links/${link.id}`,
      headers: bearer(key),
      payload: { active: false },
    });
    await customer.reload();
    await customer.getByTestId('link-inactive').waitFor();
    expect(await customer.getByTestId('link-inactive').textContent()).toContain('help@corner.example');
    await screenshot(customer, 'profile-4-inactive-360.png');
    await customer.close();
  }, 120_000);
});
