// The operator console's API against a real devnet: the operator's sign-in and lockout; suspending a merchant
// (its key and session refused with 403 MERCHANT_SUSPENDED at once, its checkout opens no payment, a payment it was
// already paid still settles into its vault); a real network's incident resolved both ways; a dead job run again.
import { createJobRunner, enqueue, PermanentJobError, type App } from '@tender/platform';
import type { LightMyRequestResponse } from 'fastify';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import { bearer, createTestGateway, insertVault, markEmailVerified, signUp } from '../_test/testGateway.ts';
import type { GatewayContext } from '../context.ts';
import { createNetworkRegistry } from '../networks/registry.ts';
import { gatewayFeatures } from '../runtime.ts';
import { createGatewayServer } from '../server.ts';
import { openIncidents } from '../watcher/chainIncidents.ts';
import { createChainWatcher } from '../watcher/chainWatcher.ts';
import { startGatewayWorkers, type GatewayWorkers } from '../workers.ts';
import { ADMIN_ANSWERS } from './adminAnswers.ts';
import { adminApiDocument, type OpenApiDocument } from './adminApiDocument.ts';

const PASSWORD = 'a long operator password';
const basic = (pass = PASSWORD, user = 'operator') => ({
  authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`,
});

let h: ChainHarness;
let app: App;
let workers: GatewayWorkers;

beforeAll(async () => {
  h = await startChainHarness({ confirmations: 2 });
  h.ctx.operator.password = PASSWORD;
  await h.db.query(`insert into merchants (id, business_name) values ($1, 'Harness Coffee') on conflict do nothing`, [
    h.tenant.merchantId,
  ]);
  app = await createGatewayServer(h.ctx, gatewayFeatures(h.ctx), { rateLimit: false });
  workers = await startGatewayWorkers(
    h.ctx,
    gatewayFeatures(h.ctx, { watcher: { watch: false }, webhooks: { pollMs: 50 }, sweep: { checkEveryMs: 100 } }),
    { jobPollMs: 50 },
  );
}, 120_000);

afterAll(async () => {
  await workers?.stop();
  await app?.close();
  await h?.close();
});

/**
 * A console route's answer; a success is checked against the route's closed schema (ADMIN_ANSWERS), found by the
 * OpenAPI path the URL matches.
 */
function answered(method: 'GET' | 'POST', url: string, r: LightMyRequestResponse): LightMyRequestResponse {
  const request = `${method} /admin/api${url.split('?')[0]}`;
  // A key's OpenAPI path as a pattern: each {parameter} one path segment.
  const matches = (key: string) => new RegExp(`^${key.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(request);
  const answer = Object.entries(ADMIN_ANSWERS).find(([key]) => matches(key));
  expect(answer, request).toBeDefined();
  if (answer && r.statusCode === 200) expect([...Value.Errors(answer[1], r.json())], request).toEqual([]);
  return r;
}

const admin = async (method: 'GET' | 'POST', url: string, payload?: object, ip = '127.0.0.1') =>
  answered(
    method,
    url,
    await app.inject({
      method,
      url: `/admin/api${url}`,
      headers: basic(),
      remoteAddress: ip,
      ...(payload ? { payload } : {}),
    }),
  );

async function auditActions(): Promise<string[]> {
  return ((await admin('GET', '/audit')).json() as { audit: { action: string }[] }).audit.map((a) => a.action);
}

describe(`operator console API (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('refuses merchants’ credentials and wrong passwords; 10 failures lock one address out, right password included', async () => {
    const merchant = await signUp(app);
    const asMerchant = await app.inject({
      method: 'GET',
      url: '/admin/api/merchants',
      headers: bearer(merchant.token),
    });
    expect(asMerchant.statusCode).toBe(401);
    expect(asMerchant.json().error.code).toBe('OPERATOR_AUTH_REQUIRED');
    expect(asMerchant.headers['www-authenticate']).toMatch(/^Basic/);
    for (let i = 0; i < 10; i++) {
      const r = await app.inject({
        method: 'GET',
        url: '/admin/api/merchants',
        headers: basic(`wrong-${i}`),
        remoteAddress: '198.51.100.7',
      });
      expect(r.statusCode).toBe(401);
    }
    const locked = await app.inject({
      method: 'GET',
      url: '/admin/api/merchants',
      headers: basic(),
      remoteAddress: '198.51.100.7',
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address signs in; nothing the locked address sent changed anything.
    expect((await admin('GET', '/merchants', undefined, '198.51.100.8')).statusCode).toBe(200);
  });

  it('answers 503 while no operator password is set', async () => {
    const g = await createTestGateway();
    try {
      const r = await g.app.inject({ method: 'GET', url: '/admin/api/merchants', headers: basic() });
      expect(r.statusCode).toBe(503);
      expect(r.json().error.message).toMatch(/OPERATOR_PASSWORD/);
    } finally {
      await g.close();
    }
  });

  it('suspends a merchant: key and session 403 MERCHANT_SUSPENDED at once, audited; resume restores both', async () => {
    const m = await signUp(app, { business_name: 'Suspicious Widgets' });
    await markEmailVerified(h.db, m.userId);
    const created = await app.inject({
      method: 'POST',
      url: '/v1/api-keys',
      headers: bearer(m.token),
      payload: { name: 'backend', environment: 'test', role: 'developer' },
    });
    expect(created.statusCode).toBe(201);
    const key: string = created.json().secret;
    const me = (token: string) => app.inject({ method: 'GET', url: '/v1/me', headers: bearer(token) });
    // A payment link and an invoice, whose public pages stop taking payments while the merchant is suspended.
    await insertVault(h.db, m.merchantId, `0x${'2a'.repeat(20)}`);
    const link = await app.inject({
      method: 'POST',
      url: '/v1/payment-links',
      headers: bearer(key),
      payload: { name: 'T-shirt', amount: '25', networks: ['devnet'] },
    });
    expect(link.statusCode).toBe(201);
    const linkId: string = link.json().id;
    const invoice = await app.inject({
      method: 'POST',
      url: '/v1/invoices',
      headers: bearer(key),
      payload: {
        customer_name: 'Ada',
        customer_email: 'ada@example.com',
        networks: ['devnet'],
        line_items: [{ description: 'Widget', quantity: 1, unit_amount: '9.99' }],
      },
    });
    expect(invoice.statusCode).toBe(201);
    const invoiceId: string = invoice.json().id;
    const pages = async () =>
      Promise.all([
        app.inject({ method: 'GET', url: `/public/payment-links/${linkId}` }),
        app.inject({ method: 'POST', url: `/public/payment-links/${linkId}/intents`, payload: {} }),
        app.inject({ method: 'GET', url: `/public/invoices/${invoiceId}` }),
      ]);
    // The key's lookup is cached now: the suspension must still be seen by the very next request.
    expect((await me(key)).statusCode).toBe(200);
    expect((await me(m.token)).statusCode).toBe(200);

    const found = (await admin('GET', `/merchants?q=${encodeURIComponent('suspicious')}`)).json();
    expect(found.merchants.map((x: { id: string }) => x.id)).toEqual([m.merchantId]);
    expect((await admin('GET', '/merchants?q=%25')).json().merchants).toEqual([]); // % is literal

    const bad = await admin('POST', `/merchants/${m.merchantId}/suspend`, {});
    expect(bad.statusCode).toBe(400);
    expect((await admin('POST', '/merchants/mer_nope/suspend', { reason: 'x' })).statusCode).toBe(404);

    const s = await admin('POST', `/merchants/${m.merchantId}/suspend`, { reason: 'chargeback fraud' });
    expect(s.statusCode).toBe(200);
    expect(s.json()).toMatchObject({
      changed: true,
      merchant: { id: m.merchantId, status: 'suspended', suspendedReason: 'chargeback fraud', liveApiKeys: 1 },
    });
    for (const token of [key, m.token]) {
      const r = await me(token);
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toMatchObject({ code: 'MERCHANT_SUSPENDED', type: 'permission_error' });
    }
    for (const r of await pages()) {
      expect(r.statusCode).toBe(403);
      expect(r.json().error).toMatchObject({
        code: 'MERCHANT_SUSPENDED',
        message: expect.stringMatching(/not taking/),
      });
    }
    // Twice: nothing changes and nothing more is audited.
    expect((await admin('POST', `/merchants/${m.merchantId}/suspend`, { reason: 'again' })).json().changed).toBe(false);

    const detail = (await admin('GET', `/merchants/${m.merchantId}`)).json();
    expect(detail.merchant).toMatchObject({ status: 'suspended', members: [{ role: 'owner', email: m.email }] });

    expect((await admin('POST', `/merchants/${m.merchantId}/resume`)).json()).toMatchObject({
      changed: true,
      merchant: { status: 'active', suspendedReason: null },
    });
    expect((await me(key)).statusCode).toBe(200);
    expect((await me(m.token)).statusCode).toBe(200);
    expect((await pages()).map((r) => r.statusCode)).toEqual([200, 201, 200]);
    const actions = await auditActions();
    expect(actions.filter((a) => a === 'merchant.suspend')).toHaveLength(1);
    expect(actions).toEqual(expect.arrayContaining(['merchant.resume', 'merchant.view', 'merchant.search']));
  });

  it('lists a merchant’s members, a person who joined with an account of their own included, and finds them by email', async () => {
    const m = await signUp(app, { business_name: 'Team Shop' });
    const joiner = await signUp(app, { business_name: 'Joiner Home' });
    await h.db.query(
      `insert into merchant_members (merchant_id, user_id, role, created_at) values ($1, $2, 'developer', now())`,
      [m.merchantId, joiner.userId],
    );
    const detail = (await admin('GET', `/merchants/${m.merchantId}`)).json();
    expect(detail.merchant).toMatchObject({ users: 2, ownerEmail: m.email });
    expect(detail.merchant.members.map((x: { email: string; role: string }) => [x.email, x.role])).toEqual([
      [m.email, 'owner'],
      [joiner.email, 'developer'],
    ]);
    const found = (await admin('GET', `/merchants?q=${encodeURIComponent(joiner.email)}`)).json();
    expect(found.merchants.map((x: { id: string }) => x.id)).toEqual(
      expect.arrayContaining([m.merchantId, joiner.merchantId]),
    );
  });

  it('a suspended merchant’s checkout opens no payment, and a payment already paid still settles', async () => {
    const paid = await h.createIntent({ amount: '4' });
    const open = await h.createIntent({ amount: '5' });
    // Read before paying: the settlement worker may sweep before the suspension below.
    const vaultBefore = await h.balance('USDC', h.vault);
    await h.pay(paid.depositAddress, '4');
    await h.mine(1);
    await h.sync();
    expect(['DETECTED', 'CONFIRMING', 'PAID']).toContain(await h.status(paid.id));

    expect((await admin('POST', `/merchants/${h.tenant.merchantId}/suspend`, { reason: 'review' })).statusCode).toBe(
      200,
    );
    const page = await app.inject({ method: 'GET', url: `/public/payment-intents/${open.id}` });
    expect(page.statusCode).toBe(403);
    expect(page.json().error).toMatchObject({
      code: 'MERCHANT_SUSPENDED',
      message: expect.stringMatching(/not taking payments/),
    });

    for (let i = 0; i < 80 && (await h.status(paid.id)) !== 'SETTLED'; i++) {
      await h.mine(1);
      await h.sync();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await h.status(paid.id)).toBe('SETTLED');
    expect((await h.balance('USDC', h.vault)) - vaultBefore).toBe(4_000_000n);
    // The customer who paid still sees the payment.
    expect((await app.inject({ method: 'GET', url: `/public/payment-intents/${paid.id}` })).statusCode).toBe(200);

    await admin('POST', `/merchants/${h.tenant.merchantId}/resume`);
    expect((await app.inject({ method: 'GET', url: `/public/payment-intents/${open.id}` })).statusCode).toBe(200);
  }, 60_000);

  it('shows relayers with balance and nonces, and queues', async () => {
    const r = (await admin('GET', '/relayers')).json();
    const devnet = r.relayers.find((x: { network: string }) => x.network === 'devnet');
    expect(devnet.address).toBe(h.network.relayer!.address);
    expect(BigInt(devnet.chain.balanceWei)).toBeGreaterThan(0n);
    expect(devnet.chain.sweepsAffordable).toBeGreaterThan(0);
    expect(devnet.chain.lowOnGas).toBe(false);
    expect(devnet.chain.noncePending).toBeGreaterThanOrEqual(devnet.chain.nonceLatest);
    expect(devnet.chain.nonceLatest).toBeGreaterThan(0); // the sweep above
  });

  it('retries a dead job once: queued with fresh attempts, run to done; 409 when not dead, 404 when unknown', async () => {
    const queue = `console-test-${process.pid}`;
    let fail = true;
    let runs = 0;
    const runner = createJobRunner({
      db: h.db,
      queues: {
        [queue]: async () => {
          runs++;
          if (fail) throw new PermanentJobError('the receiving bank was down');
        },
      },
      pollMs: 20,
      logger: { warn: () => {}, error: () => {} },
    });
    await runner.start();
    try {
      const id = await enqueue(h.db, { queue, payload: { n: 1 }, idempotencyKey: `${queue}:1` });
      await expect
        .poll(async () => (await h.db.query<{ state: string }>('select state from jobs where id = $1', [id]))[0]!.state)
        .toBe('dead');
      const q = (await admin('GET', `/queues?queue=${queue}`)).json();
      expect(q.queues.find((x: { queue: string }) => x.queue === queue)).toMatchObject({ dead: 1 });
      expect(q.deadJobs).toEqual([
        expect.objectContaining({ id, queue, attempts: 1, lastError: expect.stringMatching(/bank was down/) }),
      ]);
      fail = false;
      const r = await admin('POST', `/jobs/${id}/retry`);
      expect(r.statusCode).toBe(200);
      await expect
        .poll(async () => (await h.db.query<{ state: string }>('select state from jobs where id = $1', [id]))[0]!.state)
        .toBe('done');
      expect(runs).toBe(2);
      const again = await admin('POST', `/jobs/${id}/retry`);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toMatch(/is done, not dead/);
      expect((await admin('POST', '/jobs/999999999/retry')).statusCode).toBe(404);
      expect((await auditActions()).filter((a) => a === 'job.retry')).toHaveLength(1);
    } finally {
      await runner.stop({ timeoutMs: 5000 });
    }
  });

  it('shows the agent services when they run in this process, and says so when they do not', async () => {
    expect((await admin('GET', '/agents')).json()).toEqual({
      available: false,
      adminApiUrl: null,
      tenants: [],
      services: [],
    });
    h.ctx.operator.agents = {
      adminApiUrl: 'http://127.0.0.1:1/admin/api',
      read: async () => ({
        tenants: [
          {
            tenantId: 'ten_1',
            walletAddress: `0x${'ab'.repeat(20)}`,
            status: 'suspended',
            suspendedReason: 'abuse',
            createdAt: new Date().toISOString(),
          },
        ],
        services: [{ serviceId: 'email', available: true, unavailableReason: null, turnedOffByOperator: false }],
      }),
    };
    try {
      const r = (await admin('GET', '/agents')).json();
      expect(r).toMatchObject({ available: true, adminApiUrl: 'http://127.0.0.1:1/admin/api' });
      expect([r.tenants.length, r.services.length]).toEqual([1, 1]);
    } finally {
      h.ctx.operator.agents = null;
    }
  });

  it('every console route has its answer, in the operator document and only there', async () => {
    const served = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<OpenApiDocument>();
    const doc = adminApiDocument(served); // throws when a route and ADMIN_ANSWERS disagree
    const keys: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        keys.push(key);
        expect(op.responses['200'], key).toBeDefined();
        // The served document keeps these routes as they were published: errors only.
        expect(served.paths[path]?.[method]?.responses['200'], key).toBeUndefined();
      }
    }
    expect(keys.sort()).toEqual(Object.keys(ADMIN_ANSWERS).sort());
  });
});

describe('incidents of a real network, resolved from the console', () => {
  let ctx: GatewayContext;
  let sepoliaApp: App;
  beforeAll(async () => {
    const registry = createNetworkRegistry(
      {
        profile: 'dev',
        rpcUrlSepolia: h.devnet.rpcUrl,
        depositFactoryAddress: h.devnet.manifest.contracts.depositFactory,
      },
      { devnet: h.devnet.manifest, devnetOverrides: { confirmations: 2 } },
    );
    ctx = { ...h.ctx, networkRegistry: registry };
    sepoliaApp = await createGatewayServer(ctx, gatewayFeatures(ctx), { rateLimit: false });
  });
  afterAll(() => sepoliaApp?.close());

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    answered(
      method,
      url,
      await sepoliaApp.inject({ method, url: `/admin/api${url}`, headers: basic(), ...(payload ? { payload } : {}) }),
    );
  const fake = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

  /** A final transfer paying `paymentId` in full, recorded in a block at the head's height the node does not have. */
  async function openSepoliaIncident(paymentId: string, n: number) {
    const sepolia = ctx.networkRegistry.get('sepolia')!;
    const head = (await h.reader.getBlock('latest'))!;
    await h.db.query(
      `insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
         official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
         final)
       values ('sepolia', $1, $2, 'test', 'incoming', $3, $3, true, $3, $3, 1000000, $4, $5, now(), $5, 0, true)`,
      [paymentId, h.tenant.merchantId, `0x${'11'.repeat(20)}`, head.number.toString(), fake(n)],
    );
    await h.db.query(
      `insert into watcher_cursors (network, chain_id, block_number, block_hash) values ('sepolia', $1, $2, $3)
       on conflict (network) do update set block_number = excluded.block_number, block_hash = excluded.block_hash`,
      [sepolia.chainId, head.number.toString(), fake(n)],
    );
    const w = createChainWatcher(ctx, { network: sepolia, reader: h.reader, pollMs: 20, maxRange: 500 });
    expect(await w.pollOnce()).toMatchObject({ incident: true });
    return { w, head };
  }

  it('apply_chain: the facts the chain lost are rolled back, the payment re-derived, the watcher runs again', async () => {
    const { id } = await h.createIntent({ amount: '1' });
    const { w, head } = await openSepoliaIncident(id, 1);
    try {
      const nets = (await call('GET', '/networks')).json();
      expect(nets.networks.find((n: { network: string }) => n.network === 'sepolia')).toMatchObject({
        state: 'incident',
        incident: { finalTransfers: 1, recordedBlock: head.number.toString() },
      });
      const facts = (await call('GET', '/networks/sepolia/incident')).json();
      expect(facts.transfers).toEqual([
        expect.objectContaining({ paymentId: id, recordedBlockHash: fake(1), chainBlockHash: head.hash.toLowerCase() }),
      ]);
      expect((await call('POST', '/networks/sepolia/incident/resolve', { resolution: 'rewind' })).statusCode).toBe(400);
      const r = await call('POST', '/networks/sepolia/incident/resolve', { resolution: 'apply_chain' });
      expect(r.statusCode).toBe(200);
      expect(r.json().resolved).toMatchObject({
        resolution: 'applied_chain',
        agreedBlock: (head.number - 1n).toString(),
        transfersRolledBack: 1,
        paymentsRederived: 1,
      });
      const [t] = await h.db.query<{ removed: boolean }>(
        `select removed from chain_transfers where network = 'sepolia'`,
      );
      expect(t!.removed).toBe(true);
      expect(await openIncidents(h.db)).toEqual([]);
      expect((await w.pollOnce()).incident).toBeUndefined();
      expect(await openIncidents(h.db)).toEqual([]);
      const again = await call('POST', '/networks/sepolia/incident/resolve', { resolution: 'apply_chain' });
      expect(again.statusCode).toBe(409);
      expect((await auditActions()).filter((a) => a === 'incident.apply-chain')).toHaveLength(1);
    } finally {
      await w.stop();
      await h.db.query(`delete from chain_transfers where network = 'sepolia'`);
    }
  });

  it('keep_database: the recorded facts stand, the watcher goes on and opens no incident again', async () => {
    const { id } = await h.createIntent({ amount: '1' });
    const { w } = await openSepoliaIncident(id, 2);
    try {
      const r = await call('POST', '/networks/sepolia/incident/resolve', { resolution: 'keep_database' });
      expect(r.statusCode).toBe(200);
      expect(r.json().resolved).toMatchObject({ resolution: 'kept_database', transfersRolledBack: 0 });
      const [t] = await h.db.query<{ removed: boolean; final: boolean }>(
        `select removed, final from chain_transfers where network = 'sepolia' and not removed`,
      );
      expect(t).toEqual({ removed: false, final: true });
      await h.mine(2);
      for (let i = 0; i < 3; i++) expect((await w.pollOnce()).incident).toBeUndefined();
      expect(await openIncidents(h.db)).toEqual([]);
      const [inc] = await h.db.query<{ resolution: string; resolved_by: string }>(
        `select resolution, resolved_by from chain_incidents where network = 'sepolia' order by id desc limit 1`,
      );
      expect(inc).toEqual({ resolution: 'kept_database', resolved_by: 'operator' });
      expect(await auditActions()).toContain('incident.keep-database');
    } finally {
      await w.stop();
    }
  });
});
