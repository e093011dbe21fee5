// The payments HTTP API over a real database. Intents need no chain (addresses are computed off-chain), so the
// registry points at a devnet manifest of made-up contract addresses; its RPC URL is a running anvil only because
// setting a vault reads the address's code there (every network of the test uses it).
import {
  computeDepositAddress,
  depositSalt,
  devnetAccounts,
  startDevnet,
  type Devnet,
  type DevnetManifest,
} from '@tender/evm';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createKey,
  createTestGateway,
  markEmailVerified,
  signUp,
  type TestGateway,
} from '../_test/testGateway.ts';
import { createNetworkRegistry } from '../networks/registry.ts';

const addr = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);
let chain: Devnet;
let manifest: DevnetManifest;
const fakeManifest = (rpcUrl: string): DevnetManifest => ({
  rpcUrl,
  chainId: 31337,
  genesisHash: `0x${'11'.repeat(32)}`,
  genesisTimestamp: 1,
  contracts: { depositFactory: addr(0xfac) },
  tokens: { USDC: addr(0xa1), EURC: addr(0xa2), USDT: addr(0xa3), bridgedUSDC: addr(0xa4), plainERC20: addr(0xa5) },
  accounts: [addr(1)],
  deployer: addr(1),
});
const VAULT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const LIVE_VAULT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

let gw: TestGateway;
let owner: string;
let testKey: string;
let liveKey: string;
let other: string;

beforeAll(async () => {
  chain = await startDevnet({ blockTime: 0 });
  manifest = fakeManifest(chain.rpcUrl);
  gw = await createTestGateway();
  gw.ctx.networkRegistry = createNetworkRegistry(
    {
      profile: 'dev',
      depositFactoryAddress: addr(0xf00),
      rpcUrlBaseSepolia: chain.rpcUrl,
      rpcUrlArbitrumSepolia: chain.rpcUrl,
      rpcUrlBase: chain.rpcUrl,
    },
    { devnet: manifest },
  );
  const s = await signUp(gw.app);
  owner = s.token;
  await markEmailVerified(gw.db, s.userId);
  testKey = (await createKey(gw.app, owner, { environment: 'test', role: 'developer' })).secret;
  liveKey = (await createKey(gw.app, owner, { environment: 'live', role: 'developer' })).secret;
  const o = await signUp(gw.app);
  other = (await createKey(gw.app, o.token, { environment: 'test', role: 'admin' })).secret;
});
afterAll(async () => {
  await gw?.close();
  await chain?.stop();
});

const post = (key: string, payload: unknown, headers: Record<string, string> = {}) =>
  gw.app.inject({
    method: 'POST',
    url: '/v1/payment-intents',
    headers: { ...bearer(key), ...headers },
    payload: payload as object,
  });
const get = (key: string, url: string) => gw.app.inject({ method: 'GET', url, headers: bearer(key) });
/** The vault proof of `address` (a devnet account: its key is known) for the owner in `environment`. */
async function vaultProof(network: string, address: string, environment = 'test') {
  const headers = { ...bearer(owner), 'tender-environment': environment };
  const url = `/v1/vaults/${network}/challenge?address=${address}`;
  const { message } = (await gw.app.inject({ method: 'GET', url, headers })).json() as { message: string };
  const account = devnetAccounts().find((a) => a.address === address)!;
  return { message, signature: await account.signMessage({ message }) };
}

describe(`payment intents API (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a network without a vault is a clear 400', async () => {
    const r = await post(testKey, { amount: '10', networks: ['devnet'] });
    expect(r.statusCode).toBe(400);
    expect(r.json().error).toMatchObject({ code: 'VAULT_NOT_CONFIGURED', type: 'invalid_request_error' });
    const none = await post(testKey, { amount: '10' });
    expect(none.json().error.code).toBe('VAULT_NOT_CONFIGURED');
  });

  it('vaults are set by the owner with a session, per environment; API keys cannot move money', async () => {
    const byKey = await gw.app.inject({
      method: 'PUT',
      url: '/v1/vaults/devnet',
      headers: bearer(testKey),
      payload: { address: VAULT },
    });
    expect(byKey.statusCode).toBe(403);
    const r = await gw.app.inject({
      method: 'PUT',
      url: '/v1/vaults/devnet',
      headers: bearer(owner),
      payload: { address: VAULT, ...(await vaultProof('devnet', VAULT)) },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ object: 'vault', network: 'devnet', address: VAULT, livemode: false });
    const mainnetInTest = await gw.app.inject({
      method: 'PUT',
      url: '/v1/vaults/base',
      headers: bearer(owner),
      payload: { address: VAULT },
    });
    expect(mainnetInTest.json().error.code).toBe('NETWORK_NOT_SUPPORTED');
    const live = await gw.app.inject({
      method: 'PUT',
      url: '/v1/vaults/base',
      headers: { ...bearer(owner), 'tender-environment': 'live' },
      payload: { address: LIVE_VAULT, ...(await vaultProof('base', LIVE_VAULT, 'live')) },
    });
    expect(live.statusCode).toBe(200);
    const zero = await gw.app.inject({
      method: 'PUT',
      url: '/v1/vaults/devnet',
      headers: bearer(owner),
      payload: { address: `0x${'0'.repeat(40)}` },
    });
    expect(zero.statusCode).toBe(400);
    const audit = await gw.db.query<{ action: string }>(`select action from audit_events where action like 'vault.%'`);
    expect(audit.map((a) => a.action)).toEqual(['vault.set', 'vault.set']);
  });

  it('creates an intent exactly per the spec, with a verifiable deposit address', async () => {
    const r = await post(testKey, {
      amount: '10.5',
      order_reference: 'order-42',
      description: 'Two coffees',
      networks: ['devnet'],
      customer_email: 'c@example.com',
      success_url: 'https://shop.example/ok',
      cancel_url: 'HTTP://shop.example/cancel',
      metadata: { cart: 'c1' },
    });
    expect(r.statusCode).toBe(201);
    const pi = r.json();
    expect(pi).toMatchObject({
      object: 'payment_intent',
      status: 'AWAITING_PAYMENT',
      amount: '10.5',
      amount_units: '10500000',
      currency: 'USDC',
      order_reference: 'order-42',
      checkout_url: `http://gateway.test/checkout/${pi.id}`,
      success_url: 'https://shop.example/ok',
      cancel_url: 'HTTP://shop.example/cancel',
      checkout_methods: ['WALLET', 'ADDRESS'],
      metadata: { cart: 'c1' },
      livemode: false,
    });
    expect(pi.id).toMatch(/^pi_[0-9A-Za-z]{24}$/);
    expect(new Date(pi.expires_at).getTime() - new Date(pi.created_at).getTime()).toBe(1200_000);
    expect(pi.networks).toHaveLength(1);
    const n = pi.networks[0];
    expect(n).toMatchObject({ network: 'devnet', usdc_address: manifest.tokens.USDC, wallet_checkout_supported: true });
    expect(n.deposit_address).toBe(
      computeDepositAddress({ factory: manifest.contracts.depositFactory, vault: VAULT, salt: depositSalt(pi.id) }),
    );
    expect(n.salt).toBe(depositSalt(pi.id));
    const again = await get(testKey, `/v1/payment-intents/${pi.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(pi);
  });

  it('enforces every rule of the input table', async () => {
    const bad: [unknown, string][] = [
      [{}, 'amount'],
      [{ amount: '1.1234567' }, 'amount'],
      [{ amount: '1234567890123' }, 'amount'],
      [{ amount: 10 }, 'amount'],
      [{ amount: '0' }, 'amount'],
      [{ amount: '1', currency: 'USDT' }, 'currency'],
      [{ amount: '1', order_reference: 'x'.repeat(201) }, 'order_reference'],
      [{ amount: '1', description: 'x'.repeat(501) }, 'description'],
      [{ amount: '1', networks: [] }, 'networks'],
      [{ amount: '1', networks: Array(9).fill('devnet') }, 'networks'],
      [{ amount: '1', networks: ['Devnet'] }, 'networks'],
      [{ amount: '1', networks: ['d'] }, 'networks'],
      [{ amount: '1', checkout_methods: [] }, 'checkout_methods'],
      [{ amount: '1', checkout_methods: ['CARD'] }, 'checkout_methods'],
      [{ amount: '1', expires_in_seconds: 299 }, 'expires_in_seconds'],
      [{ amount: '1', expires_in_seconds: 2_592_001 }, 'expires_in_seconds'],
      [{ amount: '1', customer_email: 'nope' }, 'customer_email'],
      [{ amount: '1', success_url: 'not a uri' }, 'success_url'],
      // Redirects are http(s) only: no script, data, file or app schemes.
      [{ amount: '1', success_url: 'javascript:alert(document.cookie)' }, 'success_url'],
      [{ amount: '1', success_url: 'data:text/html,<script>alert(1)</script>' }, 'success_url'],
      [{ amount: '1', cancel_url: 'file:///etc/passwd' }, 'cancel_url'],
      [{ amount: '1', cancel_url: 'shop-app://cancel' }, 'cancel_url'],
      [{ amount: '1', cancel_url: 'ftp://shop.example/' }, 'cancel_url'],
      [{ amount: '1', metadata: { ['k'.repeat(41)]: 'v' } }, 'metadata'],
      [{ amount: '1', metadata: { k: 'v'.repeat(501) } }, 'metadata'],
      [{ amount: '1', metadata: { k: 1 } }, 'metadata'],
      [{ amount: '1', surprise: true }, ''],
    ];
    for (const [body, path] of bad) {
      const r = await post(testKey, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      const e = r.json().error;
      expect(e.code).toBe('VALIDATION_FAILED');
      expect(e.details.map((d: { path: string }) => d.path).join(' '), JSON.stringify(body)).toContain(path);
    }
    expect((await gw.db.query('select id from payment_intents')).length).toBe(1);
  });

  it('test keys get test networks only; live keys mainnets only; clear errors for each case', async () => {
    expect((await post(testKey, { amount: '1', networks: ['base'] })).json().error.code).toBe('NETWORK_NOT_SUPPORTED');
    expect((await post(liveKey, { amount: '1', networks: ['devnet'] })).json().error.code).toBe(
      'NETWORK_NOT_SUPPORTED',
    );
    expect((await post(testKey, { amount: '1', networks: ['sepolia'] })).json().error.code).toBe('NETWORK_UNAVAILABLE');
    expect((await post(testKey, { amount: '1', networks: ['base-sepolia'] })).json().error.code).toBe(
      'VAULT_NOT_CONFIGURED',
    );
    expect(
      (await post(testKey, { amount: '1', currency: 'EURC', networks: ['arbitrum-sepolia'] })).json().error.code,
    ).toBe('CURRENCY_NOT_SUPPORTED');
    const live = await post(liveKey, { amount: '2', networks: ['base'] });
    expect(live.statusCode).toBe(201);
    expect(live.json()).toMatchObject({
      livemode: true,
      networks: [{ network: 'base', usdc_address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' }],
    });
    // The live payment is invisible to the test key and vice versa.
    expect((await get(testKey, `/v1/payment-intents/${live.json().id}`)).statusCode).toBe(404);
    const liveList = (await get(liveKey, '/v1/payments')).json();
    expect(liveList.data.map((p: { id: string }) => p.id)).toEqual([live.json().id]);
  });

  it('another merchant’s payment answers like an unknown id', async () => {
    const [p] = await gw.db.query<{ id: string }>(`select id from payment_intents where environment = 'test' limit 1`);
    expect((await get(other, `/v1/payment-intents/${p!.id}`)).json().error.code).toBe('RESOURCE_NOT_FOUND');
    expect((await get(other, `/v1/payments/${p!.id}`)).statusCode).toBe(404);
    expect((await get(other, '/v1/payments')).json().data).toEqual([]);
  });

  it('Idempotency-Key: replays the first response, refuses another body, and concurrent retries create one intent', async () => {
    const body = { amount: '3.5', networks: ['devnet'], order_reference: 'idem-1' };
    const a = await post(testKey, body, { 'idempotency-key': 'key-1' });
    const b = await post(
      testKey,
      { order_reference: 'idem-1', networks: ['devnet'], amount: '3.5' },
      { 'idempotency-key': 'key-1' },
    );
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replayed']).toBe('true');
    const c = await post(testKey, { ...body, amount: '4' }, { 'idempotency-key': 'key-1' });
    expect(c.statusCode).toBe(409);
    expect(c.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const long = await post(testKey, body, { 'idempotency-key': 'k'.repeat(201) });
    expect(long.statusCode).toBe(400);

    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        post(testKey, { ...body, order_reference: 'idem-2' }, { 'idempotency-key': 'key-2' }),
      ),
    );
    const ids = new Set(results.map((r) => r.json().id));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(ids.size).toBe(1);
    const rows = await gw.db.query(`select id from payment_intents where order_reference = 'idem-2'`);
    expect(rows).toHaveLength(1);
    // Keys are per merchant: the other merchant's key-2 is its own.
    expect((await post(other, { amount: '1' }, { 'idempotency-key': 'key-2' })).json().error.code).toBe(
      'VAULT_NOT_CONFIGURED',
    );
  });

  it('lists and searches payments with every query parameter and a cursor', async () => {
    for (let i = 0; i < 5; i++) {
      await post(testKey, {
        amount: `${i + 1}`,
        networks: ['devnet'],
        order_reference: `list-${i}`,
        description: i === 2 ? 'Blue Widget' : undefined,
      });
      gw.clock.advance(1);
    }
    const all = (await get(testKey, '/v1/payments?limit=100')).json();
    expect(all.data.length).toBeGreaterThanOrEqual(8);
    const created = all.data.map((p: { created_at: string }) => p.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const page1 = (await get(testKey, '/v1/payments?limit=2')).json();
    expect(page1.data).toHaveLength(2);
    expect(page1.has_more).toBe(true);
    const page2 = (await get(testKey, `/v1/payments?limit=2&cursor=${encodeURIComponent(page1.next_cursor)}`)).json();
    expect(page2.data[0].created_at < page1.data[1].created_at).toBe(true);
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: { data: { id: string }[]; next_cursor: string | null } = (
        await get(testKey, `/v1/payments?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
      ).json();
      for (const p of page.data) {
        expect(seen.has(p.id)).toBe(false);
        seen.add(p.id);
      }
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen.size).toBe(all.data.length);

    const q = (s: string) =>
      get(testKey, `/v1/payments?q=${encodeURIComponent(s)}`).then((r) =>
        r.json().data.map((p: { order_reference: string }) => p.order_reference),
      );
    expect(await q('list-3')).toEqual(['list-3']);
    expect(await q('blue widget')).toEqual(['list-2']);
    const target = all.data.find((p: { order_reference: string }) => p.order_reference === 'list-4');
    expect(await q(target.id)).toEqual(['list-4']);
    expect(await q(target.networks[0].deposit_address)).toEqual(['list-4']);
    expect(await q('100%_')).toEqual([]);

    expect((await get(testKey, '/v1/payments?status=PAID')).json().data).toEqual([]);
    expect((await get(testKey, '/v1/payments?status=AWAITING_PAYMENT&network=devnet')).json().data.length).toBe(
      all.data.length,
    );
    expect((await get(testKey, '/v1/payments?network=base-sepolia')).json().data).toEqual([]);
    const mid = created[3];
    const from = (await get(testKey, `/v1/payments?from=${encodeURIComponent(mid)}`)).json().data;
    expect(from.every((p: { created_at: string }) => p.created_at >= mid)).toBe(true);
    const to = (await get(testKey, `/v1/payments?to=${encodeURIComponent(mid)}`)).json().data;
    expect(to.every((p: { created_at: string }) => p.created_at < mid)).toBe(true);
    expect(from.length + to.length).toBe(all.data.length);

    for (const badQuery of [
      'status=NOPE',
      'limit=0',
      'limit=101',
      'from=2026-01-01',
      'cursor=yesterday',
      `q=${'x'.repeat(101)}`,
      'network=X',
    ]) {
      const r = await get(testKey, `/v1/payments?${badQuery}`);
      expect(r.statusCode, badQuery).toBe(400);
    }
  });

  it('payment detail has timeline, transfers, settlements and attempts', async () => {
    const pi = (await post(testKey, { amount: '1', networks: ['devnet'] })).json();
    const d = (await get(testKey, `/v1/payments/${pi.id}`)).json();
    expect(d).toMatchObject({
      id: pi.id,
      object: 'payment',
      status: 'AWAITING_PAYMENT',
      transfers: [],
      settlements: [],
      attempts: [],
    });
    expect(d.timeline).toEqual([
      { status: 'AWAITING_PAYMENT', previous_status: null, reason: 'created', data: {}, created_at: pi.created_at },
    ]);
  });

  it('defaults: expiry from settings, and a change made elsewhere applies to the very next intent', async () => {
    const r = await gw.app.inject({
      method: 'PATCH',
      url: '/v1/settlement-settings',
      headers: bearer(owner),
      payload: { default_expires_in_seconds: 600 },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ default_expires_in_seconds: 600, default_networks: null });
    const a = (await post(testKey, { amount: '1' })).json();
    expect(new Date(a.expires_at).getTime() - new Date(a.created_at).getTime()).toBe(600_000);
    // Another process changes the default and the vault (this process's cache is now stale).
    const NEW_VAULT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
    await gw.db.query(`update merchant_payment_settings set default_expires_in_seconds = 900`);
    await gw.db.query(`update merchant_vaults set address = lower($1) where network = 'devnet'`, [NEW_VAULT]);
    const b = (await post(testKey, { amount: '1' })).json();
    expect(new Date(b.expires_at).getTime() - new Date(b.created_at).getTime()).toBe(900_000);
    expect(b.networks[0].vault_address).toBe(NEW_VAULT);
    expect(b.networks[0].deposit_address).toBe(
      computeDepositAddress({ factory: manifest.contracts.depositFactory, vault: NEW_VAULT, salt: depositSalt(b.id) }),
    );
    const settings = (await get(testKey, '/v1/settlement-settings')).json();
    expect(settings.vaults).toEqual([expect.objectContaining({ network: 'devnet', address: NEW_VAULT })]);
  });

  it('GET /v1/networks and /v1/assets show the caller’s environment, availability and vault status', async () => {
    const test = (await get(testKey, '/v1/networks')).json();
    const ids = test.data.map((n: { id: string }) => n.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'sepolia',
        'base-sepolia',
        'arbitrum-sepolia',
        'optimism-sepolia',
        'polygon-amoy',
        'avalanche-fuji',
        'devnet',
      ]),
    );
    expect(ids).not.toContain('base');
    const devnet = test.data.find((n: { id: string }) => n.id === 'devnet');
    expect(devnet).toMatchObject({ available: true, payable: true, vault: { status: 'configured' }, chain_id: 31337 });
    const sepolia = test.data.find((n: { id: string }) => n.id === 'sepolia');
    expect(sepolia).toMatchObject({ available: false, payable: false, vault: { status: 'missing' } });
    expect(sepolia.unavailable_reason).toContain('RPC_URL_SEPOLIA');
    const live = (await get(liveKey, '/v1/networks')).json();
    expect(live.data.map((n: { id: string }) => n.id).sort()).toEqual([
      'arbitrum',
      'avalanche',
      'base',
      'ethereum',
      'optimism',
      'polygon',
    ]);
    expect(live.data.find((n: { id: string }) => n.id === 'base')).toMatchObject({ payable: true, confirmations: 24 });

    const assets = (await get(liveKey, '/v1/assets')).json().data;
    const arb = assets.filter((a: { network: string }) => a.network === 'arbitrum');
    expect(arb.map((a: { symbol: string }) => a.symbol)).toEqual(['USDC']);
    expect(arb[0]).toMatchObject({ address: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', official: true });
    expect(arb[0].rejected_variants[0].address).toBe('0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8');
    expect(assets.some((a: { address: string }) => a.address === '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8')).toBe(
      false,
    );
  });

  it('documents every payments endpoint in the OpenAPI description', async () => {
    const doc = (await gw.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const path of [
      '/v1/payment-intents',
      '/v1/payment-intents/{id}',
      '/v1/payments',
      '/v1/payments/{id}',
      '/v1/networks',
      '/v1/assets',
      '/v1/settlement-settings',
      '/v1/vaults/{network}',
      '/v1/transactions',
      '/v1/settlements',
      '/v1/overview',
      '/v1/settlement-policy',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const create = doc.paths['/v1/payment-intents'].post;
    expect(create.requestBody.content['application/json'].schema.properties.amount.pattern).toBe(
      '^[0-9]{1,12}(\\.[0-9]{1,6})?$',
    );
    expect(create.parameters.map((p: { name: string }) => p.name)).toContain('idempotency-key');
  });

  it('ledger endpoints answer for the caller’s environment', async () => {
    const ov = (await get(testKey, '/v1/overview?days=7&currency=USDC')).json();
    expect(ov).toMatchObject({
      object: 'overview',
      currency: 'USDC',
      days: 7,
      received: { amount: '0' },
      settled: { amount: '0' },
    });
    expect(ov.series).toHaveLength(7);
    expect(ov.received.label).not.toBe(ov.settled.label);
    expect(ov.payments.by_status.AWAITING_PAYMENT.count).toBeGreaterThan(0);
    expect((await get(testKey, '/v1/overview?days=366')).statusCode).toBe(400);
    expect((await get(testKey, '/v1/overview?currency=USDT')).statusCode).toBe(400);
    expect((await get(testKey, '/v1/transactions?limit=5')).json()).toMatchObject({ object: 'list', data: [] });
    expect((await get(testKey, '/v1/settlements')).json()).toMatchObject({ object: 'list', data: [] });
    expect((await get(testKey, '/v1/transactions?limit=101')).statusCode).toBe(400);
    const policy = (await get(liveKey, '/v1/settlement-policy')).json();
    expect(policy.accounting_policy.recognition).toContain('payment.confirmed');
    const base = policy.networks.find((n: { network: string }) => n.network === 'base');
    expect(base).toMatchObject({ confirmations: 24, vault: { address: LIVE_VAULT.toLowerCase() } });
    expect(base.vault.on_chain.error).toContain('could not read the chain');
  });
});
