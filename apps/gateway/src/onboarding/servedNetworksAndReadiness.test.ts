// The vault trap's leftovers (issue #29), over HTTP on a real database: networks this deployment does not serve are
// refused wherever a merchant names them (default networks, intents, links, invoices) with one answer naming each and
// why, changing nothing; and the public link and invoice views say whether the merchant can take the payment now
// (`accepting_payments`), so the page can say so before the customer presses Pay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_VAULT, offlineRegistry } from '../_test/devnetRegistry.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  insertVault,
  signUp,
  type SignedUp,
  type TestGateway,
} from '../_test/testGateway.ts';

let gw: TestGateway;
let m: SignedUp;
let key: string;

beforeAll(async () => {
  gw = await createTestGateway();
  // devnet, base-sepolia and arbitrum-sepolia (test) and base (live) are served; sepolia, optimism-sepolia, … are not.
  gw.ctx.networkRegistry = offlineRegistry();
  m = await signUp(gw.app, { business_name: 'Served Goods' });
  key = (await createKey(gw.app, m.token, { role: 'developer' })).secret;
  await insertVault(gw.db, m.merchantId, DEVNET_VAULT);
});
afterAll(() => gw?.close());

const forget = () => gw.ctx.settings.forget({ merchantId: m.merchantId, environment: 'test' });
const post = (url: string, payload: object, token = key) =>
  gw.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const settings = async () =>
  (await gw.app.inject({ method: 'GET', url: '/v1/settlement-settings', headers: bearer(m.token) })).json() as {
    default_expires_in_seconds: number;
    default_networks: string[] | null;
  };
const patchSettings = (payload: object) =>
  gw.app.inject({ method: 'PATCH', url: '/v1/settlement-settings', headers: bearer(m.token), payload });
const counts = async () =>
  (
    await gw.db.query<{ intents: number; links: number; invoices: number }>(
      `select (select count(*)::int from payment_intents where merchant_id = $1) as intents,
              (select count(*)::int from payment_links where merchant_id = $1) as links,
              (select count(*)::int from invoices where merchant_id = $1) as invoices`,
      [m.merchantId],
    )
  )[0];
const link = { name: 'Mug', amount: '12' };
const invoice = {
  customer_name: 'Ada',
  customer_email: 'ada@example.com',
  line_items: [{ description: 'Mug', unit_amount: '12' }],
};
type ErrorBody = { error: { code: string; message: string; details: { path: string; message: string }[] } };

function expectUnserved(body: ErrorBody, paths: Record<string, string>) {
  expect(body.error.code).toBe('NETWORK_UNAVAILABLE');
  for (const network of Object.values(paths)) {
    expect(body.error.message).toContain(`${network} is not served by this deployment`);
  }
  // Why, and what is served instead.
  expect(body.error.message).toMatch(/no RPC URL configured/);
  expect(body.error.message).toContain('devnet');
  expect(body.error.details).toEqual(
    Object.entries(paths).map(([path, network]) => ({ path, message: `${network} is not served by this deployment` })),
  );
}

describe(`networks this deployment does not serve, and readiness on public pages (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('default networks: unserved ones are refused, each named, and nothing changes (expiry sent alongside either)', async () => {
    const before = await settings();
    const r = await patchSettings({
      default_expires_in_seconds: 900,
      default_networks: ['devnet', 'sepolia', 'optimism-sepolia'],
    });
    expect(r.statusCode).toBe(400);
    expectUnserved(r.json(), { 'default_networks[1]': 'sepolia', 'default_networks[2]': 'optimism-sepolia' });
    expect(await settings()).toEqual(before);
    // A network of the other environment keeps its own refusal.
    expect((await patchSettings({ default_networks: ['base'] })).json().error.code).toBe('NETWORK_NOT_SUPPORTED');
    // Served networks are taken.
    const ok = await patchSettings({ default_networks: ['devnet', 'base-sepolia'] });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().default_networks).toEqual(['devnet', 'base-sepolia']);
    expect((await patchSettings({ default_networks: null })).statusCode).toBe(200);
  });

  it('intents, links and invoices naming unserved networks are refused, each named; nothing is written', async () => {
    const before = await counts();
    for (const url of ['/v1/payment-intents', '/v1/payment-links', '/v1/invoices']) {
      const body = url === '/v1/invoices' ? invoice : url === '/v1/payment-links' ? link : { amount: '3' };
      const r = await post(url, { ...body, networks: ['sepolia', 'devnet', 'optimism-sepolia'] });
      expect(r.statusCode, url).toBe(400);
      expectUnserved(r.json(), { 'networks[0]': 'sepolia', 'networks[2]': 'optimism-sepolia' });
    }
    expect(await counts()).toEqual(before);
  });

  it('defaults the operator stopped serving since they were set: an intent without networks names them', async () => {
    await gw.db.query(
      `insert into merchant_payment_settings (merchant_id, environment, default_networks) values ($1, 'test', $2)
       on conflict (merchant_id, environment) do update set default_networks = excluded.default_networks`,
      [m.merchantId, ['devnet', 'sepolia']],
    );
    forget();
    const r = await post('/v1/payment-intents', { amount: '3' });
    expect(r.statusCode).toBe(400);
    expectUnserved(r.json(), { networks: 'sepolia' });
    await gw.db.query(`update merchant_payment_settings set default_networks = null where merchant_id = $1`, [
      m.merchantId,
    ]);
    forget();
  });

  it('a public link says whether its payment can start now: a vault gone, or a default without one, says false', async () => {
    const named = (await post('/v1/payment-links', { ...link, networks: ['devnet'] })).json() as { id: string };
    const byDefault = (await post('/v1/payment-links', link)).json() as { id: string };
    const view = async (id: string) => {
      const r = await gw.app.inject({ method: 'GET', url: `/public/payment-links/${id}` });
      expect(r.statusCode).toBe(200);
      return r.json() as { accepting_payments: boolean; networks: string[] };
    };
    const start = (id: string) =>
      gw.app.inject({ method: 'POST', url: `/public/payment-links/${id}/intents`, payload: {} });
    expect((await view(named.id)).accepting_payments).toBe(true);
    expect(await view(byDefault.id)).toMatchObject({ accepting_payments: true, networks: ['devnet'] });

    // A default network without a vault: a payment started now would be refused, and the view says so first.
    await gw.db.query(
      `insert into merchant_payment_settings (merchant_id, environment, default_networks) values ($1, 'test', $2)
       on conflict (merchant_id, environment) do update set default_networks = excluded.default_networks`,
      [m.merchantId, ['devnet', 'base-sepolia']],
    );
    forget();
    expect(await view(byDefault.id)).toMatchObject({ accepting_payments: false, networks: ['devnet', 'base-sepolia'] });
    expect((await start(byDefault.id)).json().error.code).toBe('MERCHANT_NOT_READY');
    expect((await view(named.id)).accepting_payments).toBe(true);
    await gw.db.query(`update merchant_payment_settings set default_networks = null where merchant_id = $1`, [
      m.merchantId,
    ]);
    forget();

    // The vault goes away: neither link can take a payment; it comes back: both can.
    await gw.db.query(`delete from merchant_vaults where merchant_id = $1`, [m.merchantId]);
    forget();
    for (const id of [named.id, byDefault.id]) {
      expect((await view(id)).accepting_payments).toBe(false);
      expect((await start(id)).json().error.code).toBe('MERCHANT_NOT_READY');
    }
    await insertVault(gw.db, m.merchantId, DEVNET_VAULT);
    forget();
    for (const id of [named.id, byDefault.id]) {
      expect((await view(id)).accepting_payments).toBe(true);
      expect((await start(id)).statusCode).toBe(201);
    }
  });

  it('a public invoice says false once this deployment serves none of its payment’s networks', async () => {
    const inv = (await post('/v1/invoices', { ...invoice, networks: ['devnet'] })).json() as { id: string };
    const view = async () =>
      (await gw.app.inject({ method: 'GET', url: `/public/invoices/${inv.id}` })).json() as {
        accepting_payments: boolean;
      };
    expect((await view()).accepting_payments).toBe(true);
    // Its deposit address pays the vault it was computed with: removing the vault does not stop it.
    await gw.db.query(`delete from merchant_vaults where merchant_id = $1`, [m.merchantId]);
    expect((await view()).accepting_payments).toBe(true);
    await insertVault(gw.db, m.merchantId, DEVNET_VAULT);
    const devnet = gw.ctx.networkRegistry.get('devnet')!;
    const saved = { available: devnet.available, unavailableReason: devnet.unavailableReason };
    Object.assign(devnet, { available: false, unavailableReason: 'no RPC URL configured (DEVNET_RPC_URL)' });
    try {
      expect((await view()).accepting_payments).toBe(false);
    } finally {
      Object.assign(devnet, saved);
    }
    expect((await view()).accepting_payments).toBe(true);
  });
});
