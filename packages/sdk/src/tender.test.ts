// The SDK against a started gateway (a real HTTP server over a real database).
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKey,
  createTestGateway,
  insertVault,
  markEmailVerified,
  signUp,
  type TestGateway,
} from '../../../apps/gateway/src/_test/testGateway.ts';
import { createNetworkRegistry } from '../../../apps/gateway/src/networks/registry.ts';
import { emitEvent } from '../../../apps/gateway/src/outbox/events.ts';
import { Tender, TenderConnectionError, TenderError } from './index.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const addr = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);

describe(`@tender/sdk against a started gateway (${db})`, () => {
  let g: TestGateway;
  let baseUrl: string;
  let apiKey: string;
  let merchantId: string;
  beforeAll(async () => {
    g = await createTestGateway();
    // Intents need no chain: deposit addresses are computed off-chain from the manifest's factory.
    g.ctx.networkRegistry = createNetworkRegistry(
      { profile: 'dev', depositFactoryAddress: addr(0xf00) },
      {
        devnet: {
          rpcUrl: 'http://127.0.0.1:9',
          chainId: 31337,
          genesisHash: `0x${'11'.repeat(32)}`,
          genesisTimestamp: 1,
          contracts: { depositFactory: addr(0xfac) },
          tokens: {
            USDC: addr(0xa1),
            EURC: addr(0xa2),
            USDT: addr(0xa3),
            bridgedUSDC: addr(0xa4),
            plainERC20: addr(0xa5),
          },
          accounts: [addr(1)],
          deployer: addr(1),
        },
      },
    );
    const owner = await signUp(g.app);
    merchantId = owner.merchantId;
    await markEmailVerified(g.db, owner.userId);
    await insertVault(g.db, owner.merchantId, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    apiKey = (await createKey(g.app, owner.token, { role: 'developer' })).secret;
    baseUrl = await g.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => g?.close());

  it('creates, retrieves and lists payment intents, iterating over every page', async () => {
    const tender = new Tender({ apiKey, baseUrl });
    const created = [];
    for (let i = 0; i < 5; i++) {
      g.clock.advance(1);
      created.push(await tender.paymentIntents.create({ amount: `1${i}.50`, order_reference: `sdk-${i}` }));
    }
    const first = created[0]!;
    expect(first.id).toMatch(/^pi_/);
    expect(first.amount).toBe('10.5');
    expect((await tender.paymentIntents.retrieve(first.id)).order_reference).toBe('sdk-0');

    const page = await tender.payments.list({ limit: 2 });
    expect(page.data).toHaveLength(2);
    expect(page.has_more).toBe(true);
    const all: string[] = [];
    for await (const p of tender.payments.list({ limit: 2 })) all.push(p.id);
    expect(all.slice(0, 5)).toEqual(created.map((c) => c.id).reverse());
  });

  it('throws a typed error carrying type, code, details and request_id', async () => {
    const tender = new Tender({ apiKey, baseUrl });
    const err = await tender.paymentIntents.create({ amount: '-1' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TenderError);
    const e = err as TenderError;
    expect(e.status).toBe(400);
    expect(e.type).toBe('invalid_request_error');
    expect(e.code).toBe('VALIDATION_FAILED');
    expect(e.details.map((d) => d.path)).toContain('amount');
    expect(e.requestId).toMatch(/^req_/);

    const missing = await tender.paymentIntents.retrieve('pi_nope').catch((x: unknown) => x);
    expect(missing).toMatchObject({ status: 404, code: 'RESOURCE_NOT_FOUND' });
    const badKey = await new Tender({ apiKey: 'sk_test_nope', baseUrl }).payments.list().catch((x: unknown) => x);
    expect(badKey).toMatchObject({ status: 401, type: 'authentication_error' });
  });

  it('retries a create whose answer was lost with the same Idempotency-Key, and gets the same intent', async () => {
    const keys: string[] = [];
    let dropped = false;
    // The first answer is lost after the gateway committed the intent: the connection "drops" on the way back.
    const lossyFetch: typeof fetch = async (input, init) => {
      keys.push(new Headers(init?.headers).get('idempotency-key') ?? '');
      const res = await fetch(input, init);
      if (!dropped && init?.method === 'POST') {
        dropped = true;
        await res.body?.cancel();
        throw new TypeError('fetch failed: socket hang up');
      }
      return res;
    };
    const tender = new Tender({ apiKey, baseUrl, fetch: lossyFetch, backoffMs: () => 10 });
    const before = (await tender.payments.list({ limit: 100 })).data.length;
    const intent = await tender.paymentIntents.create({ amount: '42.00', order_reference: 'lost-answer' });
    expect(keys).toHaveLength(3); // the list, then two attempts of the create
    expect(keys[1]).not.toBe('');
    expect(keys[2]).toBe(keys[1]);
    const after = await tender.payments.list({ limit: 100 });
    expect(after.data).toHaveLength(before + 1);
    expect(after.data.map((p) => p.id)).toContain(intent.id);
    expect(after.data.filter((p) => p.order_reference === 'lost-answer')).toHaveLength(1);
  });

  it('reports a connection that never answers as a TenderConnectionError after its retries', async () => {
    const tender = new Tender({ apiKey, baseUrl: 'http://127.0.0.1:9', maxRetries: 1, backoffMs: () => 1 });
    await expect(tender.payments.list()).rejects.toBeInstanceOf(TenderConnectionError);
  });

  it('follows live events over the stream', async () => {
    const tender = new Tender({ apiKey, baseUrl });
    const abort = new AbortController();
    const seen: { id: string; type: string }[] = [];
    let opened!: () => void;
    const open = new Promise<void>((r) => (opened = r));
    // Awaited below: a follower left running would outlive the server and reconnect into the next test file.
    const following = (async () => {
      for await (const e of tender.events.stream({ signal: abort.signal, onOpen: opened })) {
        seen.push(e);
        abort.abort();
      }
    })();
    try {
      await open;
      const id = await g.db.tx((tx) =>
        emitEvent(g.ctx, tx, {
          merchantId,
          environment: 'test',
          type: 'payment.completed',
          paymentId: null,
          object: { id: 'pi_x', object: 'payment_intent' },
          createdAt: new Date(),
        }),
      );
      await following;
      expect(seen.map((e) => [e.id, e.type])).toEqual([[id, 'payment.completed']]);
      expect((await tender.events.retrieve(id)).type).toBe('payment.completed');
      const listed = await tender.events.list({ type: 'payment.completed' });
      expect(listed.data.map((e) => e.id)).toContain(id);
    } finally {
      abort.abort();
    }
  });

  it('stops following with the 401 when the key is revoked while the stream is open, instead of reconnecting', async () => {
    const owner = await signUp(g.app);
    const key = await createKey(g.app, owner.token, { role: 'read_only' });
    const tender = new Tender({ apiKey: key.secret, baseUrl });
    let opens = 0;
    let opened!: () => void;
    const open = new Promise<void>((r) => (opened = r));
    const following = (async () => {
      for await (const e of tender.events.stream({
        onOpen: () => {
          opens++;
          opened();
        },
      })) {
        void e;
      }
    })();
    await open;
    const revoke = await g.app.inject({
      method: 'POST',
      url: `/v1/api-keys/${key.id}/revoke`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(revoke.statusCode).toBe(200);
    const started = Date.now();
    const error = await following.then(
      () => null,
      (err: unknown) => err,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(TenderError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_API_KEY', message: 'This API key has been revoked' });
    expect(opens).toBe(1);
  });
});
