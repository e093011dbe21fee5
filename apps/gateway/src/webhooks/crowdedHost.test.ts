// One slow receiving host must not hold every delivery slot of a worker: with 8 slots and 2 connections per host,
// a backlog to a host that takes 1.5 s per answer would otherwise keep another merchant's deliveries waiting for
// several seconds. A delivery that would wait more than a second at its host's gate is deferred (no attempt used)
// and the others go first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, signUp, type TestGateway } from '../_test/testGateway.ts';
import {
  emitTestEvent,
  eventually,
  ownerSession,
  startDeliveryRunner,
  startReceiver,
  testSecretBox,
  type Receiver,
} from './_test/webhookTestKit.ts';
import { createWebhookEndpoint } from './endpoints.ts';

const dbKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const SLOW_MS = 1_500;

describe(`webhook delivery with a crowded host (${dbKind})`, () => {
  let g: TestGateway;
  let slow: Receiver;
  let fast: Receiver;
  let runner: Awaited<ReturnType<typeof startDeliveryRunner>> | undefined;

  beforeAll(async () => {
    g = await createTestGateway();
    g.ctx.secretBox = testSecretBox();
    [slow, fast] = [await startReceiver(), await startReceiver()];
    slow.fallback = (_req, res) => setTimeout(() => res.writeHead(200).end('ok'), SLOW_MS);
  });
  afterAll(async () => {
    await runner?.stop();
    await Promise.all([slow?.close(), fast?.close()]);
    await g?.close();
  });

  const succeeded = (merchantId: string, n: number) =>
    eventually(
      async () => {
        const [r] = await g.db.query<{ n: number }>(
          `select count(*)::int as n from webhook_deliveries where merchant_id = $1 and status = 'succeeded'`,
          [merchantId],
        );
        return r!.n === n ? true : undefined;
      },
      40_000,
      `${n} deliveries to ${merchantId}`,
    );

  it('delivers to other hosts while one host has a backlog, and uses no attempt for the deferred runs', async () => {
    const endpointOf = async (url: string) => {
      const owner = await signUp(g.app);
      const tenant = { merchantId: owner.merchantId, environment: 'test' as const };
      await createWebhookEndpoint(g.ctx, ownerSession(owner.merchantId), { url, enabled_events: ['*'] });
      return tenant;
    };
    const slowTenant = await endpointOf(slow.url);
    const fastTenant = await endpointOf(fast.url);
    runner = await startDeliveryRunner(g.ctx, { concurrency: 8, maxSocketsPerHost: 2 });
    // The worker learns how slow the host is from a first delivery.
    await emitTestEvent(g.db, slowTenant);
    await succeeded(slowTenant.merchantId, 1);
    for (let i = 0; i < 12; i++) await emitTestEvent(g.db, slowTenant);
    await slow.waitFor(3);
    const t0 = Date.now();
    await emitTestEvent(g.db, fastTenant);
    await emitTestEvent(g.db, fastTenant);
    await fast.waitFor(2);
    // Without deferral the two would wait for slots held by the slow host's queue: about two of its answers.
    expect(Date.now() - t0).toBeLessThan(SLOW_MS);
    expect(slow.requests.length).toBeLessThan(13);

    await succeeded(slowTenant.merchantId, 13);
    const attempts = await g.db.query<{ attempt_count: number }>(
      `select attempt_count from webhook_deliveries where merchant_id = $1`,
      [slowTenant.merchantId],
    );
    expect(attempts.map((a) => a.attempt_count)).toEqual(Array<number>(13).fill(1));
    expect(slow.requests).toHaveLength(13);
  }, 60_000);
});
