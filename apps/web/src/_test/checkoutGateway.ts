// The gateway as the checkout sees it in production: listening on a real port, serving the built pages and the
// public API, over an anvil devnet, with the sweep workers running. The chain watcher is stepped by the test
// (mine + sync) so each test decides when blocks happen.
import { startChainHarness, type ChainHarness } from '../../../gateway/src/_test/chainHarness.ts';
import { startGatewayWorkers, type GatewayWorkers } from '../../../gateway/src/workers.ts';
import { createGatewayServer } from '../../../gateway/src/server.ts';
import { gatewayFeatures } from '../../../gateway/src/runtime.ts';
import { testSecretBox } from '../../../gateway/src/webhooks/_test/webhookTestKit.ts';
import type { App } from '@tender/platform';
import type { Page } from 'playwright-core';
import { getAddress } from 'viem';
import { ensureWebBuilt } from '../buildWeb.ts';

export const BUSINESS_NAME = 'Devnet Coffee Roasters';

export interface CheckoutGateway {
  h: ChainHarness;
  app: App;
  baseUrl: string;
  workers: GatewayWorkers;
  /** Mines a block and lets the watcher catch up, until `done` holds. */
  mineUntil(done: () => Promise<boolean>, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `workers: false` leaves the payment rows as a test wrote them (no sweep, no expiry job): for pages shown in states
 * set up directly in the database.
 */
export async function startCheckoutGateway(opts: { workers?: boolean } = {}): Promise<CheckoutGateway> {
  const { dir } = await ensureWebBuilt();
  const h = await startChainHarness({ confirmations: 2 });
  await h.db.query(`insert into merchants (id, business_name) values ($1, $2) on conflict do nothing`, [
    h.tenant.merchantId,
    BUSINESS_NAME,
  ]);
  // Webhook endpoint secrets are stored encrypted: the dashboard's walk registers an endpoint.
  h.ctx.secretBox = testSecretBox();
  const app = await createGatewayServer(h.ctx, gatewayFeatures(h.ctx, { webDir: dir }));
  const baseUrl = (await app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');
  h.ctx.config.publicUrl = baseUrl;
  const workers: GatewayWorkers =
    opts.workers === false
      ? { names: [], runner: undefined, stop: async () => undefined }
      : await startGatewayWorkers(
          h.ctx,
          gatewayFeatures(h.ctx, { watcher: { watch: false }, webhooks: { pollMs: 50 }, sweep: { checkEveryMs: 100 } }),
          { jobPollMs: 50 },
        );
  return {
    h,
    app,
    baseUrl,
    workers,
    async mineUntil(done, timeoutMs = 40_000) {
      const deadline = Date.now() + timeoutMs;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error('condition not reached while mining');
        await h.mine(1);
        await h.sync();
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async close() {
      await workers.stop();
      await app.close();
      await h.close();
    },
  };
}

/**
 * On the checkout of a link's or invoice's intent: open it on the devnet when it is CREATED (network choice first),
 * pay the deposit address shown from the harness's payer, and mine until the page says paid.
 */
export async function payOnCheckout(g: CheckoutGateway, page: Page, amount: string): Promise<void> {
  const open = page.getByRole('button', { name: 'Continue to payment' });
  await open.or(page.getByTestId('deposit-address')).first().waitFor({ timeout: 15_000 });
  if (await open.isVisible()) await open.click();
  const shown = await page.getByTestId('deposit-address').textContent({ timeout: 15_000 });
  await g.h.pay(getAddress(shown!), amount);
  await g.mineUntil(() => page.getByRole('heading', { name: /^Paid/ }).isVisible());
}
