import { enqueue, type Feature } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from './_test/testGateway.ts';
import { emailJobQueues } from './email/emailLinks.ts';
import { emailChangedNoticeQueues } from './email/emailChangedNotice.ts';
import { receiptJobQueues } from './receipts/sendPaymentReceipt.ts';
import { eventsFeature } from './events/eventsFeature.ts';
import { passwordResetJobQueues } from './auth/passwordReset.ts';
import { teamJobQueues } from './team/createInvitation.ts';
import { invoiceJobQueues } from './invoices/invoiceEmail.ts';
import { paymentJobQueues } from './payments/jobQueues.ts';
import { gatewayFeatures } from './runtime.ts';
import { createGatewayServer } from './server.ts';
import { settlementJobQueues } from './settlement/settlementJobQueues.ts';
import { systemFeature } from './system/systemFeature.ts';
import { startGatewayWorkers } from './workers.ts';

let g: TestGateway;
beforeAll(async () => {
  g = await createTestGateway();
});
afterAll(async () => {
  await g.close();
});

describe('the gateway feature list', () => {
  it('has one feature per folder, those with routes before those without', () => {
    const features = gatewayFeatures(g.ctx, { webDir: '/nowhere' });
    const names = features.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    const firstWithout = features.findIndex((f) => !f.routes);
    expect(features.slice(firstWithout).every((f) => !f.routes)).toBe(true);
    expect(names.slice(firstWithout)).toEqual(['receipts', 'settlement', 'watcher', 'upkeep']);
    // Without a web directory the pages feature has no routes (tests of the API alone, the API table).
    expect(gatewayFeatures(g.ctx).find((f) => f.name === 'pages')?.routes).toBeUndefined();
  });

  it("merges every feature's queues, the same as the features declare them", async () => {
    const { featureQueues } = await import('@tender/platform');
    const merged = Object.keys(featureQueues(gatewayFeatures(g.ctx))).sort();
    const declared = Object.keys({
      ...emailJobQueues(g.ctx),
      ...emailChangedNoticeQueues(g.ctx),
      ...paymentJobQueues(g.ctx),
      ...settlementJobQueues(g.ctx),
      ...invoiceJobQueues(g.ctx),
      ...passwordResetJobQueues(g.ctx),
      ...teamJobQueues(g.ctx),
      ...receiptJobQueues(g.ctx),
    }).sort();
    expect(merged).toEqual(declared);
    expect(merged).toEqual(expect.arrayContaining(Object.keys(emailJobQueues(g.ctx))));
    expect(merged.length).toBeGreaterThanOrEqual(3);
  });

  it('registers routes in list order: the order of the OpenAPI paths', async () => {
    const paths = async (features: readonly Feature[]) => {
      const app = await createGatewayServer(g.ctx, features, { rateLimit: false });
      try {
        return Object.keys((await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json().paths);
      } finally {
        await app.close();
      }
    };
    const systemFirst = await paths([systemFeature(g.ctx), eventsFeature(g.ctx)]);
    const eventsFirst = await paths([eventsFeature(g.ctx), systemFeature(g.ctx)]);
    expect(systemFirst[0]).toBe('/healthz');
    expect(eventsFirst[0]).toBe('/v1/events');
    expect([...eventsFirst].sort()).toEqual([...systemFirst].sort());
  });

  it("starts the features' workers in list order before the job runner, and stops them in reverse", async () => {
    const log: string[] = [];
    const worker = (name: string) => ({
      name,
      start: async () => void log.push(`start ${name}`),
      stop: async () => void log.push(`stop ${name}`),
    });
    const features: Feature[] = [
      { name: 'a', workers: [worker('a.watch'), { ...worker('a.socket'), role: 'realtime' }] },
      {
        name: 'b',
        workers: [worker('b.deliver')],
        queues: { 'test.house': { handler: async () => void log.push('job') } },
      },
    ];
    await enqueue(g.db, { queue: 'test.house', payload: {}, idempotencyKey: `house-${Date.now()}` });
    const workers = await startGatewayWorkers(g.ctx, features, { jobPollMs: 20 });
    try {
      expect(workers.names).toEqual(['a.watch', 'b.deliver']);
      await expect.poll(() => log.includes('job'), { timeout: 10_000 }).toBe(true);
    } finally {
      await workers.stop();
    }
    expect(log).toEqual(['start a.watch', 'start b.deliver', 'job', 'stop b.deliver', 'stop a.watch']);
  });
});
