// The vault trap, over HTTP on a real database: a merchant without a vault cannot create a payment link or an invoice
// that nobody could pay (VAULT_REQUIRED, pointing to Settings), a customer of a link whose vault went away reads
// "this merchant cannot take payments yet" (never the merchant's setup instructions), intents keep their own refusal,
// and GET /v1/account/onboarding derives the checklist and the served networks from the data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_VAULT, offlineRegistry } from '../_test/devnetRegistry.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  insertVault,
  markEmailVerified,
  signUp,
  type SignedUp,
  type TestGateway,
} from '../_test/testGateway.ts';

let gw: TestGateway;
let m: SignedUp;
let key: string;

beforeAll(async () => {
  gw = await createTestGateway();
  // devnet, base-sepolia and arbitrum-sepolia (test) and base (live) are served; every other network is not.
  gw.ctx.networkRegistry = offlineRegistry();
  m = await signUp(gw.app, { business_name: 'Vaultless Goods' });
  key = (await createKey(gw.app, m.token, { role: 'developer' })).secret;
});
afterAll(() => gw?.close());

const post = (url: string, payload: object, token = key) =>
  gw.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const link = { name: 'Mug', amount: '12' };
const invoice = {
  customer_name: 'Ada',
  customer_email: 'ada@example.com',
  line_items: [{ description: 'Mug', unit_amount: '12' }],
};
const onboarding = async (token = m.token) => {
  const r = await gw.app.inject({ method: 'GET', url: '/v1/account/onboarding', headers: bearer(token) });
  expect(r.statusCode).toBe(200);
  return r.json() as {
    complete: boolean;
    steps: { id: string; done: boolean; blocked_reason: string | null }[];
    networks: Record<'test' | 'live', { id: string; served: boolean; reason: string | null; vault: boolean }[]>;
  };
};
const stepsOf = (o: Awaited<ReturnType<typeof onboarding>>) => Object.fromEntries(o.steps.map((s) => [s.id, s.done]));

describe(`onboarding and the vault trap (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a new account: every step open, served networks listed apart from the others with the reason', async () => {
    const o = await onboarding();
    expect(o.complete).toBe(false);
    expect(stepsOf(o)).toEqual({ vault: false, test_payment: false, email: false, live: false });
    expect(o.steps.find((s) => s.id === 'live')!.blocked_reason).toMatch(/Verify your email/);
    const served = (env: 'test' | 'live') => o.networks[env].filter((n) => n.served).map((n) => n.id);
    expect(served('test').sort()).toEqual(['arbitrum-sepolia', 'base-sepolia', 'devnet']);
    expect(served('live')).toEqual(['base']);
    const notServed = o.networks.test.filter((n) => !n.served);
    expect(notServed.length).toBeGreaterThan(0);
    for (const n of notServed) expect(n.reason).toBe('not configured on this server');
    // GET /v1/networks says the same, with the operator's reason.
    const nets = (await gw.app.inject({ method: 'GET', url: '/v1/networks', headers: bearer(key) })).json().data as {
      id: string;
      available: boolean;
      unavailable_reason: string | null;
    }[];
    expect(
      nets
        .filter((n) => n.available)
        .map((n) => n.id)
        .sort(),
    ).toEqual(served('test').sort());
    expect(nets.find((n) => n.id === 'sepolia')).toMatchObject({ available: false, unavailable_reason: /RPC URL/ });
  });

  it('links and invoices are refused with VAULT_REQUIRED and a pointer to Settings; nothing is written', async () => {
    for (const [url, body] of [
      ['/v1/payment-links', link],
      ['/v1/payment-links', { ...link, networks: ['devnet', 'base-sepolia'] }],
      ['/v1/invoices', invoice],
      ['/v1/invoices', { ...invoice, networks: ['devnet'] }],
    ] as const) {
      const r = await post(url, body);
      expect(r.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      const e = r.json().error;
      expect(e.code).toBe('VAULT_REQUIRED');
      expect(e.type).toBe('invalid_request_error');
      expect(e.message).toContain('Settings → Vaults');
      expect(e.details).toEqual([{ path: 'networks', message: 'no network it would offer has a vault' }]);
    }
    // Default networks that have no vault are no way around it.
    await gw.db.query(
      `insert into merchant_payment_settings (merchant_id, environment, default_networks) values ($1, 'test', $2)`,
      [m.merchantId, ['base-sepolia']],
    );
    gw.ctx.settings.forget({ merchantId: m.merchantId, environment: 'test' });
    const d = await post('/v1/payment-links', link);
    expect(d.json().error.code).toBe('VAULT_REQUIRED');
    expect(d.json().error.message).toContain('(base-sepolia)');
    await gw.db.query(`delete from merchant_payment_settings where merchant_id = $1`, [m.merchantId]);
    gw.ctx.settings.forget({ merchantId: m.merchantId, environment: 'test' });
    const [counts] = await gw.db.query<{ links: number; invoices: number; counters: number }>(
      `select (select count(*)::int from payment_links where merchant_id = $1) as links,
              (select count(*)::int from invoices where merchant_id = $1) as invoices,
              (select count(*)::int from invoice_counters where merchant_id = $1) as counters`,
      [m.merchantId],
    );
    expect(counts).toEqual({ links: 0, invoices: 0, counters: 0 });
  });

  it('intents keep their own refusal (VAULT_NOT_CONFIGURED), unchanged', async () => {
    const r = await post('/v1/payment-intents', { amount: '1' });
    expect(r.statusCode).toBe(400);
    expect(r.json().error.code).toBe('VAULT_NOT_CONFIGURED');
  });

  it('a vault on a network that is not served does not count', async () => {
    await insertVault(gw.db, m.merchantId, DEVNET_VAULT, { network: 'sepolia' });
    gw.ctx.settings.forget({ merchantId: m.merchantId, environment: 'test' });
    expect((await post('/v1/payment-links', link)).json().error.code).toBe('VAULT_REQUIRED');
    // Named, it has its own refusal.
    expect((await post('/v1/payment-links', { ...link, networks: ['sepolia'] })).json().error.code).toBe(
      'NETWORK_UNAVAILABLE',
    );
    expect(stepsOf(await onboarding()).vault).toBe(false);
  });

  it('with a vault: links and invoices are created; a named network without one is still named', async () => {
    await insertVault(gw.db, m.merchantId, DEVNET_VAULT);
    gw.ctx.settings.forget({ merchantId: m.merchantId, environment: 'test' });
    expect((await post('/v1/payment-links', link)).statusCode).toBe(201);
    expect((await post('/v1/invoices', invoice)).statusCode).toBe(201);
    const partial = await post('/v1/payment-links', { ...link, networks: ['devnet', 'base-sepolia'] });
    expect(partial.json().error).toMatchObject({ code: 'VAULT_NOT_CONFIGURED', details: [{ path: 'networks[1]' }] });
    expect(stepsOf(await onboarding()).vault).toBe(true);
  });

  it('a customer of a link whose vault went away reads that the merchant cannot take payments yet', async () => {
    const l = (await post('/v1/payment-links', { ...link, networks: ['devnet'] })).json();
    await gw.db.query(`delete from merchant_vaults where merchant_id = $1 and network = 'devnet'`, [m.merchantId]);
    gw.ctx.settings.forget({ merchantId: m.merchantId, environment: 'test' });
    const r = await gw.app.inject({ method: 'POST', url: `/public/payment-links/${l.id}/intents`, payload: {} });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toMatchObject({
      code: 'MERCHANT_NOT_READY',
      message: 'This merchant cannot take payments yet',
    });
    expect(r.body).not.toMatch(/PUT|\/v1\/|vault/i);
    await insertVault(gw.db, m.merchantId, DEVNET_VAULT);
    gw.ctx.settings.forget({ merchantId: m.merchantId, environment: 'test' });
    const ok = await gw.app.inject({ method: 'POST', url: `/public/payment-links/${l.id}/intents`, payload: {} });
    expect(ok.statusCode).toBe(201);
  });

  it('the checklist follows the data: a final test payment, the verified email, then a live vault', async () => {
    const [pi] = await gw.db.query<{ id: string }>(
      `select id from payment_intents where merchant_id = $1 and environment = 'test' limit 1`,
      [m.merchantId],
    );
    await gw.db.query('update payment_intents set confirmed = true where id = $1', [pi!.id]);
    expect(stepsOf(await onboarding())).toEqual({ vault: true, test_payment: true, email: false, live: false });
    // A live vault before the email is verified does not open live mode.
    await insertVault(gw.db, m.merchantId, DEVNET_VAULT, { network: 'base', environment: 'live' });
    expect(stepsOf(await onboarding()).live).toBe(false);
    await markEmailVerified(gw.db, m.userId);
    const done = await onboarding();
    expect(stepsOf(done)).toEqual({ vault: true, test_payment: true, email: true, live: true });
    expect(done.complete).toBe(true);
    expect(done.networks.live.find((n) => n.id === 'base')).toMatchObject({ served: true, vault: true });
    // Another merchant's data never counts.
    const other = await signUp(gw.app);
    expect((await onboarding(other.token)).complete).toBe(false);
    expect(stepsOf(await onboarding(other.token)).vault).toBe(false);
  });

  it('a member who joined with an account of their own (another home merchant) counts with their verified email', async () => {
    const joiner = await signUp(gw.app, { business_name: 'Joiner Home' });
    await markEmailVerified(gw.db, joiner.userId);
    await gw.db.query(
      `insert into merchant_members (merchant_id, user_id, role, created_at) values ($1, $2, 'admin', now())`,
      [m.merchantId, joiner.userId],
    );
    await gw.db.query('update sessions set merchant_id = $2 where user_id = $1', [joiner.userId, m.merchantId]);
    expect(stepsOf(await onboarding(joiner.token)).email).toBe(true);
  });
});
