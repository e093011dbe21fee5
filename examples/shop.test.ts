// The shop example against a real `tender start` (devnet included): order → checkout URL → a customer pays on the
// devnet → the signed payment.confirmed webhook fulfils the order once.
import { freePort } from '@tender/evm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Tender } from '@tender/sdk';
import {
  devJsonOf,
  healthy,
  removeHome,
  scratchDatabase,
  startTenderChild,
  stopTender,
  tenderEnv,
  waitFor,
  type TenderChild,
} from '../apps/cli/src/_test/tenderProcess.ts';
import { payIntent } from '../apps/cli/src/commands/payIntent.ts';
import { createShop } from './shop.ts';

let env: Record<string, string>;
let tender: TenderChild;
let db: { url: string; drop(): Promise<void> } | undefined;
let shop: ReturnType<typeof createShop>;
let shopUrl: string;
let client: Tender;
let dev: Awaited<ReturnType<typeof devJsonOf>>;

beforeAll(async () => {
  db = process.env.DATABASE_URL ? await scratchDatabase() : undefined;
  env = await tenderEnv(db ? { DATABASE_URL: db.url } : {});
  tender = startTenderChild(env);
  await healthy(tender, env);
  dev = await devJsonOf(env.TENDER_HOME!);
  client = new Tender({ apiKey: dev.gateway.testApiKey, baseUrl: dev.gateway.url });
  // The shop's endpoint, registered as its developer would; the secret is shown once, at creation.
  const port = await freePort();
  shopUrl = `http://127.0.0.1:${port}`;
  const endpoint = await client.webhookEndpoints.create({
    url: `${shopUrl}/webhooks/tender`,
    enabled_events: ['payment.confirmed'],
  });
  shop = createShop({ tender: client, webhookSecret: endpoint.secret, publicUrl: shopUrl });
  await shop.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await shop?.app.close();
  if (tender) await stopTender(tender);
  await db?.drop();
  if (env?.TENDER_HOME) await removeHome(env.TENDER_HOME);
});

it('redirects an order to the hosted checkout and fulfils it once from the signed webhook', async () => {
  const res = await fetch(`${shopUrl}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount: '12.00' }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  const checkoutUrl = res.headers.get('location')!;
  expect(checkoutUrl).toMatch(new RegExp(`^${dev.gateway.url}/checkout/pi_`));
  expect((await fetch(checkoutUrl)).status).toBe(200); // the hosted page the customer sees

  const [order] = [...shop.orders.values()];
  const intent = await client.paymentIntents.retrieve(order!.paymentIntentId!);
  expect(intent.order_reference).toBe(order!.id);
  await payIntent(
    {
      baseUrl: dev.gateway.url,
      apiKey: dev.gateway.testApiKey,
      tender: client,
      devnet: { rpcUrl: dev.devnet.rpcUrl, chainId: 31337, tokens: dev.devnet.tokens },
    },
    { intent },
  );
  await waitFor(async () => (order!.status === 'paid' ? true : undefined), 60_000, 'the order to be fulfilled');
  expect(order!.fulfilments).toBe(1);
});
