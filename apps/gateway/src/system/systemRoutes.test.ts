import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueue } from '@tender/platform';
import { createTestGateway, signUp, type TestGateway } from '../_test/testGateway.ts';
import { emitTestEvent, ownerSession, testSecretBox } from '../webhooks/_test/webhookTestKit.ts';
import { createWebhookEndpoint } from '../webhooks/endpoints.ts';

describe('system endpoints', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await createTestGateway();
  });
  afterAll(() => gw.close());

  it('answers liveness and readiness without credentials', async () => {
    const live = await gw.app.inject({ method: 'GET', url: '/healthz' });
    expect([live.statusCode, live.json()]).toEqual([200, { status: 'ok' }]);
    const ready = await gw.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', database: 'ok' });
  });

  it('reports networks and queue depth on /public/status, and no merchant data', async () => {
    await enqueue(gw.ctx.db, {
      queue: 'status.probe',
      payload: { merchant: 'mer_secret' },
      idempotencyKey: 'status-1',
    });
    const r = await gw.app.inject({ method: 'GET', url: '/public/status' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.status).toBe('operational');
    expect(body.queues).toContainEqual(expect.objectContaining({ queue: 'status.probe', depth: 1 }));
    const base = body.networks.find((n: { network: string }) => n.network === 'base');
    expect(base).toMatchObject({ environment: 'live', state: 'unavailable' });
    expect(r.body).not.toContain('mer_secret');
  });

  it('shows the webhook delivery backlog beside the job queues, on /public/status and /metrics', async () => {
    gw.ctx.secretBox = testSecretBox();
    const owner = await signUp(gw.app);
    await createWebhookEndpoint(gw.ctx, ownerSession(owner.merchantId), {
      url: 'http://localhost:9/hooks',
      enabled_events: ['*'],
    });
    await emitTestEvent(gw.db, { merchantId: owner.merchantId, environment: 'test' }); // no runner: it stays due
    const r = await gw.app.inject({ method: 'GET', url: '/public/status' });
    expect(r.json().queues).toContainEqual({
      queue: 'gateway.webhook-delivery',
      depth: 1,
      scheduled: 0,
      running: 0,
      dead: 0,
      oldest_age_seconds: expect.any(Number),
    });
    const m = await gw.app.inject({ method: 'GET', url: '/metrics' });
    expect(m.body).toMatch(/^tender_webhook_deliveries_due 1$/m);
    expect(m.body).toMatch(/^tender_webhook_deliveries_leased 0$/m);
  });

  it('exposes Prometheus metrics with request latency and job queue gauges', async () => {
    await gw.app.inject({ method: 'GET', url: '/healthz' });
    const m = await gw.app.inject({ method: 'GET', url: '/metrics' });
    expect(m.statusCode).toBe(200);
    expect(m.body).toContain(
      'http_request_duration_seconds_bucket{le="0.001",method="GET",route="/healthz",status="200"}',
    );
    expect(m.body).toMatch(/tender_jobs_due\{queue="status\.probe"\} 1/);
    expect(m.body).toContain('# TYPE tender_watcher_lag_seconds gauge');
  });

  it('fails readiness with 503 in the envelope when the database is gone', async () => {
    const other = await createTestGateway();
    await other.ctx.db.close();
    const r = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(r.statusCode).toBe(503);
    expect(r.json().error).toMatchObject({ type: 'api_error', code: 'SERVICE_UNAVAILABLE' });
    await other.app.close();
  });
});
