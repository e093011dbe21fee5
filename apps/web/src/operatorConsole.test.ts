// The operator console in Chromium against a gateway on the devnet: the operator signs in, finds a merchant,
// suspends it (its checkout then says it is not taking payments) and resumes it; then looks at a real network's
// incident (a final payment recorded in a block the node does not have), sees the recorded and the chain's block
// hashes side by side, and resolves it by applying the chain.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { App } from '@tender/platform';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainHarness, type ChainHarness } from '../../gateway/src/_test/chainHarness.ts';
import type { GatewayContext } from '../../gateway/src/context.ts';
import { createNetworkRegistry } from '../../gateway/src/networks/registry.ts';
import { gatewayFeatures } from '../../gateway/src/runtime.ts';
import { createGatewayServer } from '../../gateway/src/server.ts';
import { openIncidents } from '../../gateway/src/watcher/chainIncidents.ts';
import { createChainWatcher } from '../../gateway/src/watcher/chainWatcher.ts';
import { ARTIFACTS_DIR, launchChromium, recordConsole, seriousA11yViolations } from './_test/browser.ts';
import { ensureWebBuilt } from './buildWeb.ts';

const PASSWORD = 'a long operator password';
const BUSINESS = 'Harbour Tea Merchants';

let h: ChainHarness;
let ctx: GatewayContext;
let app: App;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  const [{ dir }, harness, chromium] = await Promise.all([
    ensureWebBuilt(),
    startChainHarness({ confirmations: 2 }),
    launchChromium(),
  ]);
  h = harness;
  browser = chromium;
  await h.db.query(`insert into merchants (id, business_name) values ($1, $2)`, [h.tenant.merchantId, BUSINESS]);
  // sepolia is served by the devnet's node: a network that opens incidents instead of rolling back.
  const registry = createNetworkRegistry(
    {
      profile: 'dev',
      rpcUrlSepolia: h.devnet.rpcUrl,
      depositFactoryAddress: h.devnet.manifest.contracts.depositFactory,
    },
    { devnet: h.devnet.manifest, devnetOverrides: { confirmations: 2 } },
  );
  ctx = { ...h.ctx, networkRegistry: registry, operator: { ...h.ctx.operator, password: PASSWORD } };
  app = await createGatewayServer(ctx, gatewayFeatures(ctx, { webDir: dir }));
  baseUrl = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await h?.close();
});

async function shot(page: Page, name: string) {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({ path: join(ARTIFACTS_DIR, name), fullPage: true });
}

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByLabel('Password').fill('wrong password for sure');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'operator credentials' }).waitFor();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Merchants' }).waitFor();
}

describe(`operator console in Chromium (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('suspends a merchant: its checkout says it is not taking payments; resume opens it again', async () => {
    const intent = await h.createIntent({ amount: '12' });
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const logs = recordConsole(page);
    try {
      await signIn(page);
      await page.getByLabel('Search by id, business name or email').fill('harbour');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('button', { name: `Open ${BUSINESS}` }).click();
      const card = page.getByRole('article', { name: `Merchant ${BUSINESS}` });
      await card.getByLabel('Reason for suspending').fill('unpaid chargebacks under review');
      await card.getByRole('button', { name: 'Suspend merchant' }).click();
      await card.getByRole('button', { name: 'Resume merchant' }).waitFor();
      await expect.poll(() => card.textContent()).toContain('unpaid chargebacks under review');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'console-merchant-suspended.png');

      const customer = await context.newPage();
      await customer.goto(`${baseUrl}/checkout/${intent.id}`);
      await customer.getByText('This merchant is not taking payments at the moment').waitFor();
      await shot(customer, 'console-suspended-checkout.png');

      await card.getByRole('button', { name: 'Resume merchant' }).click();
      await card.getByRole('button', { name: 'Suspend merchant' }).waitFor();
      await customer.reload();
      await customer.getByTestId('deposit-address').waitFor();

      await page.getByRole('navigation', { name: 'Console' }).getByRole('button', { name: 'Audit' }).click();
      await page.getByText('merchant.resume').waitFor();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Audit log' }).locator('..').textContent())
        .toContain('merchant.suspend');
      expect(logs.filter((l) => l.startsWith('error') || l.startsWith('pageerror'))).toEqual([
        // The wrong password's 401, as the browser logs every failed fetch.
        expect.stringMatching(/401/),
      ]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows an incident’s disagreeing facts and resolves it by applying the chain', async () => {
    const { id } = await h.createIntent({ amount: '1' });
    const sepolia = ctx.networkRegistry.get('sepolia')!;
    const head = (await h.reader.getBlock('latest'))!;
    const forked = `0x${'ab'.repeat(32)}`;
    await h.db.query(
      `insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
         official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
         final)
       values ('sepolia', $1, $2, 'test', 'incoming', $3, $3, true, $3, $3, 1000000, $4, $5, now(), $5, 0, true),
              ('sepolia', $1, $2, 'test', 'incoming', $3, $6, true, $3, $3, 1234500000, $4, $5, now(), $5, 1, true)`,
      [id, h.tenant.merchantId, `0x${'11'.repeat(20)}`, head.number.toString(), forked, sepolia.tokens.USDC!.address],
    );
    await h.db.query(
      `insert into watcher_cursors (network, chain_id, block_number, block_hash) values ('sepolia', $1, $2, $3)`,
      [sepolia.chainId, head.number.toString(), forked],
    );
    const w = createChainWatcher(ctx, { network: sepolia, reader: h.reader, pollMs: 20, maxRange: 500 });
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    try {
      expect(await w.pollOnce()).toMatchObject({ incident: true });
      await signIn(page);
      await page.getByRole('navigation', { name: 'Console' }).getByRole('button', { name: 'Networks' }).click();
      await page.getByRole('button', { name: 'View incident on sepolia' }).click();
      const card = page.getByRole('article', { name: 'Incident on sepolia' });
      // (Both transfers are in the forked block: each hash is shown once per transfer.)
      await card.getByText(forked).first().waitFor();
      await card.getByText(head.hash.toLowerCase()).first().waitFor();
      // Counts agree with their nouns; an official token's amount is money with its symbol; a token of unknown
      // decimals shows its base units, grouped and named as such.
      await card.getByText('2 final transfers of 1 payment, 0 sweeps.', { exact: false }).waitFor();
      await card.getByRole('cell', { name: '1,234.50 USDC', exact: true }).waitFor();
      await card.getByRole('cell', { name: '1,000,000 base units', exact: true }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shot(page, 'console-incident.png');

      await card.getByRole('button', { name: 'Apply the chain' }).click();
      await card.getByRole('group', { name: 'Confirm resolution' }).getByRole('button', { name: 'Confirm' }).click();
      await page.getByRole('status').filter({ hasText: 'Incident on sepolia resolved' }).waitFor();
      await expect
        .poll(() => page.getByRole('status').textContent())
        .toContain('2 transfers rolled back, 1 payment re-derived');
      await page.getByText(/sepolia · deep_reorg · above block \d+ · applied_chain by operator/).waitFor();
      await shot(page, 'console-incident-resolved.png');

      expect(await openIncidents(h.db)).toEqual([]);
      expect((await w.pollOnce()).incident).toBeUndefined();
    } finally {
      await w.stop();
      await context.close();
    }
  }, 120_000);
});
