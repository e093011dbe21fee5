// Delivery end to end in one process: outbox event -> fan-out -> delivery row claimed by the runner -> signed POST to a real HTTP receiver
// on 127.0.0.1 -> attempt log, read back through the API. Retry delays are shortened to milliseconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createTestGateway, signUp, type TestGateway } from '../_test/testGateway.ts';
import { resolveWebhookSettings } from './settings.ts';
// The runner's claim, to play a worker that takes a delivery and dies.
import { claimDeliveries } from './claimDeliveries.ts';
import {
  emitTestEvent,
  eventually,
  independentlyVerify,
  ok,
  startDeliveryRunner,
  startReceiver,
  status,
  testSecretBox,
  type Receiver,
} from './_test/webhookTestKit.ts';
import { INTERRUPTED_ATTEMPT_ERROR } from './writeAttempts.ts';
import { verifyWebhook } from '../../../../packages/sdk/src/verifyWebhook.ts';

const dbKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const RETRY_MS = 40;

describe(`webhook delivery (${dbKind})`, () => {
  let g: TestGateway;
  let key: string;
  let tenant: { merchantId: string; environment: 'test' };
  let runner: Awaited<ReturnType<typeof startDeliveryRunner>> | undefined;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    g = await createTestGateway();
    g.ctx.secretBox = testSecretBox();
    g.ctx.webhooks = resolveWebhookSettings(
      { retryDelaysMs: Array<number>(8).fill(RETRY_MS), jitter: 0, timeoutMs: 800 },
      'dev',
    );
    const owner = await signUp(g.app);
    key = (await createKey(g.app, owner.token, { role: 'developer' })).secret;
    tenant = { merchantId: owner.merchantId, environment: 'test' };
    runner = await startDeliveryRunner(g.ctx);
  });
  afterAll(async () => {
    await runner?.stop();
    await Promise.all(receivers.map((r) => r.close()));
    await g?.close();
  });

  const receiver = async () => {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  };
  const api = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
    const r = await g.app.inject({ method, url, headers: bearer(key), ...(payload ? { payload } : {}) });
    return { status: r.statusCode, body: r.json() };
  };
  const endpoint = async (url: string, enabled_events: string[] = ['*']) => {
    const r = await api('POST', '/v1/webhook-endpoints', { url, enabled_events });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body as { id: string; secret: string };
  };
  const deliveryOf = async (eventId: string, endpointId: string) => {
    const list = await api('GET', `/v1/webhook-deliveries?event_id=${eventId}&endpoint_id=${endpointId}`);
    expect(list.body.data).toHaveLength(1);
    return (await api('GET', `/v1/webhook-deliveries/${list.body.data[0].id}`)).body;
  };
  /** Waits (polling the table, not the rate-limited API) for the delivery's status, then reads it through the API. */
  const settled = async (eventId: string, endpointId: string, want: 'succeeded' | 'failed', attempts?: number) => {
    await eventually(
      async () => {
        const [d] = await g.db.query<{ status: string; attempt_count: number }>(
          'select status, attempt_count from webhook_deliveries where event_id = $1 and endpoint_id = $2',
          [eventId, endpointId],
        );
        return d?.status === want && (attempts === undefined || d.attempt_count === attempts) ? true : undefined;
      },
      20_000,
      `${want} delivery of ${eventId}`,
    );
    return deliveryOf(eventId, endpointId);
  };
  const endpointWhen = async (id: string, sql: string) => {
    await eventually(
      async () => {
        const [e] = await g.db.query(`select 1 from webhook_endpoints where id = $1 and ${sql}`, [id]);
        return e ? true : undefined;
      },
      20_000,
      `endpoint ${id}: ${sql}`,
    );
    return (await api('GET', `/v1/webhook-endpoints/${id}`)).body;
  };

  it('fails three times, then succeeds: four logged attempts of the same signed event', async () => {
    const rx = await receiver();
    rx.queue.push(status(500, 'boom'), status(503), (_req, res) => res.destroy());
    const ep = await endpoint(rx.url, ['payment.confirmed']);
    const eventId = await emitTestEvent(g.db, tenant, 'payment.confirmed');
    const got = await rx.waitFor(4);
    const d = await settled(eventId, ep.id, 'succeeded');

    // The same event (id, bytes) on every attempt, each validly signed (independent HMAC), each with its own t.
    for (const req of got) {
      expect(req.method).toBe('POST');
      expect(req.headers['content-type']).toBe('application/json');
      expect(req.headers['tender-event-id']).toBe(eventId);
      expect(independentlyVerify(req.headers['tender-signature'], req.body, ep.secret)).toBe(1);
      expect(req.body.equals(got[0]!.body)).toBe(true);
    }
    const event = JSON.parse(got[0]!.body.toString('utf8'));
    expect(event).toMatchObject({
      id: eventId,
      object: 'event',
      type: 'payment.confirmed',
      livemode: false,
      api_version: '2026-10-01',
      data: { object: { id: 'pi_test', order_reference: 'order-1' } },
    });
    expect(Math.abs(event.created - Date.now() / 1000)).toBeLessThan(60);

    expect(d).toMatchObject({ status: 'succeeded', attempt_count: 4, last_status_code: 200, next_attempt_at: null });
    expect(d.attempts.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3, 4]);
    expect(d.attempts.map((a: { status_code: number | null }) => a.status_code)).toEqual([500, 503, null, 200]);
    expect(d.attempts[0]).toMatchObject({ response_excerpt: 'boom', error: 'HTTP 500', manual: false });
    expect(d.attempts[2].error).toMatch(/socket hang up|ECONNRESET|closed/);
    expect(d.attempts[3]).toMatchObject({ response_excerpt: 'ok', error: null });
    for (const a of d.attempts) expect(a.latency_ms).toBeGreaterThanOrEqual(0);
    // Retries came after the (shortened) delay, never at once.
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(RETRY_MS - 5);
    // And nothing more once it succeeded.
    await new Promise((r) => setTimeout(r, 5 * RETRY_MS));
    expect(rx.requests).toHaveLength(4);
  });

  it('gives up after the first attempt and 8 retries: nine attempts, failed, then a manual retry delivers it', async () => {
    const rx = await receiver();
    rx.fallback = status(500);
    const ep = await endpoint(rx.url, ['payment.expired']);
    const eventId = await emitTestEvent(g.db, tenant, 'payment.expired');
    await rx.waitFor(9);
    const d = await settled(eventId, ep.id, 'failed');
    expect(d).toMatchObject({ attempt_count: 9, next_attempt_at: null, last_error: 'HTTP 500' });
    await new Promise((r) => setTimeout(r, 5 * RETRY_MS));
    expect(rx.requests).toHaveLength(9);

    rx.fallback = ok;
    const retried = await api('POST', `/v1/webhook-deliveries/${d.id}/retry`);
    expect(retried.status).toBe(200);
    const after = await settled(eventId, ep.id, 'succeeded');
    expect(after.attempts).toHaveLength(10);
    expect(after.attempts[9]).toMatchObject({ attempt: 10, status_code: 200, manual: true });
    expect(JSON.parse(rx.requests[9]!.body.toString()).id).toBe(eventId);
    // A resend of a succeeded delivery: same event id again, still succeeded.
    await api('POST', `/v1/webhook-deliveries/${d.id}/retry`);
    await rx.waitFor(11);
    expect(JSON.parse(rx.requests[10]!.body.toString()).id).toBe(eventId);
    const resent = await settled(eventId, ep.id, 'succeeded', 11);
    expect(resent.attempts[10]).toMatchObject({ attempt: 11, status_code: 200, manual: true });
  });

  it('never follows a redirect, and fails an attempt with no complete answer within the timeout', async () => {
    const rx = await receiver();
    const elsewhere = await receiver();
    rx.queue.push(status(302, '', { location: elsewhere.url }), (_req, res) => {
      setTimeout(() => res.writeHead(200).end('too late'), 2_000);
    });
    const ep = await endpoint(rx.url, ['payment.late']);
    const eventId = await emitTestEvent(g.db, tenant, 'payment.late');
    const d = await settled(eventId, ep.id, 'succeeded');
    expect(d.attempts.map((a: { status_code: number | null }) => a.status_code)).toEqual([302, null, 200]);
    expect(d.attempts[0].error).toMatch(/^redirect \(HTTP 302\) to http:\/\/127\.0\.0\.1:\d+\/hooks not followed$/);
    expect(d.attempts[1].error).toBe('timed out after 800 ms');
    expect(d.attempts[1].latency_ms).toBeGreaterThanOrEqual(790);
    expect(elsewhere.requests).toHaveLength(0);
  });

  it('fans out by subscription and tenant: "*" gets everything, others only their types, other merchants nothing', async () => {
    const rx = await receiver();
    const all = await endpoint(`${rx.url}/all`, ['*']);
    const some = await endpoint(`${rx.url}/some`, ['settlement.completed', 'payment.completed']);
    const off = await endpoint(`${rx.url}/off`, ['*']);
    expect((await api('PATCH', `/v1/webhook-endpoints/${off.id}`, { status: 'disabled' })).status).toBe(200);
    await emitTestEvent(g.db, tenant, 'payment.detected');
    const completed = await emitTestEvent(g.db, tenant, 'settlement.completed');
    await emitTestEvent(g.db, { merchantId: 'mer_someone_else', environment: 'test' }, 'settlement.completed');
    await emitTestEvent(g.db, { ...tenant, environment: 'live' } as never, 'settlement.completed');
    await rx.waitFor(3);
    await new Promise((r) => setTimeout(r, 200));
    const seen = rx.requests.map((q) => `${q.url} ${JSON.parse(q.body.toString()).type}`).sort();
    expect(seen).toEqual([
      '/hooks/all payment.detected',
      '/hooks/all settlement.completed',
      '/hooks/some settlement.completed',
    ]);
    // Each endpoint signs with its own secret.
    for (const q of rx.requests) {
      const [mine, theirs] = q.url === '/hooks/all' ? [all, some] : [some, all];
      expect(independentlyVerify(q.headers['tender-signature'], q.body, mine.secret)).toBe(1);
      expect(independentlyVerify(q.headers['tender-signature'], q.body, theirs.secret)).toBe(0);
    }
    const list = await api('GET', `/v1/webhook-deliveries?event_id=${completed}`);
    expect(list.body.data.map((x: { endpoint_id: string }) => x.endpoint_id).sort()).toEqual([all.id, some.id].sort());
  });

  it('rotation: both secrets sign during the overlap, only the new one after', async () => {
    const rx = await receiver();
    const ep = await endpoint(rx.url, ['payment.underpaid']);
    const rotated = await api('POST', `/v1/webhook-endpoints/${ep.id}/rotate-secret`, { overlap_seconds: 3600 });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(ep.secret);
    await emitTestEvent(g.db, tenant, 'payment.underpaid');
    const [during] = await rx.waitFor(1);
    const sig = String(during!.headers['tender-signature']);
    expect(sig.match(/v1=/g)).toHaveLength(2);
    expect(independentlyVerify(sig, during!.body, ep.secret)).toBe(1);
    expect(independentlyVerify(sig, during!.body, rotated.body.secret)).toBe(1);
    // Newest first: the first v1 alone is the new secret's.
    const [t, firstV1] = sig.split(',');
    expect(independentlyVerify(`${t},${firstV1}`, during!.body, rotated.body.secret)).toBe(1);
    expect(verifyWebhook(during!.body, sig, rotated.body.secret).type).toBe('payment.underpaid');

    // Rotating with no overlap retires both older secrets at once.
    const again = await api('POST', `/v1/webhook-endpoints/${ep.id}/rotate-secret`, { overlap_seconds: 0 });
    await emitTestEvent(g.db, tenant, 'payment.underpaid');
    const [, after] = await rx.waitFor(2);
    const sig2 = String(after!.headers['tender-signature']);
    expect(sig2.match(/v1=/g)).toHaveLength(1);
    expect(independentlyVerify(sig2, after!.body, again.body.secret)).toBe(1);
    expect(independentlyVerify(sig2, after!.body, rotated.body.secret)).toBe(0);
    expect(independentlyVerify(sig2, after!.body, ep.secret)).toBe(0);
  });

  it('a worker that claimed the delivery and died: the lease expires, the event is delivered, the lost run is logged', async () => {
    const rx = await receiver();
    await runner!.stop();
    runner = undefined;
    const ep = await endpoint(rx.url, ['payment.invalid_asset']);
    const eventId = await emitTestEvent(g.db, tenant, 'payment.invalid_asset');
    // A worker claims the delivery with a short lease and then never does anything again.
    const claimed = await claimDeliveries(g.db, 10, 300);
    expect(claimed.length).toBeGreaterThanOrEqual(1);
    runner = await startDeliveryRunner(g.ctx);
    const d = await settled(eventId, ep.id, 'succeeded');
    expect(rx.requests).toHaveLength(1);
    expect(JSON.parse(rx.requests[0]!.body.toString()).id).toBe(eventId);
    expect(d.attempts).toHaveLength(2);
    expect(d.attempts[0]).toMatchObject({ attempt: 1, status_code: null, error: INTERRUPTED_ATTEMPT_ERROR });
    expect(d.attempts[1]).toMatchObject({ attempt: 2, status_code: 200, error: null });
  });

  it('a run lost before it logged, then the endpoint disabled: the next run sends nothing but logs the lost run', async () => {
    const rx = await receiver();
    await runner!.stop();
    runner = undefined;
    const ep = await endpoint(rx.url, ['payment.underpaid']);
    const eventId = await emitTestEvent(g.db, tenant, 'payment.underpaid');
    // A worker claims the delivery (its POST may have gone out) and dies; then the merchant disables the endpoint.
    const claimed = await claimDeliveries(g.db, 10, 300);
    expect(claimed.length).toBeGreaterThanOrEqual(1);
    expect((await api('PATCH', `/v1/webhook-endpoints/${ep.id}`, { status: 'disabled' })).status).toBe(200);
    runner = await startDeliveryRunner(g.ctx);
    await eventually(
      async () => {
        const [row] = await g.db.query<{ n: number }>(
          'select attempt_count as n from webhook_deliveries where event_id = $1 and endpoint_id = $2',
          [eventId, ep.id],
        );
        return row?.n === 1 ? true : undefined;
      },
      20_000,
      'the lost run logged',
    );
    const d = await deliveryOf(eventId, ep.id);
    expect(d.status).toBe('failed');
    expect(d.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: null, error: INTERRUPTED_ATTEMPT_ERROR, manual: false }),
    ]);
    expect(rx.requests).toHaveLength(0);
  });

  it('disabling or deleting an endpoint ends its pending deliveries without an attempt; retry answers 409', async () => {
    const rx = await receiver();
    rx.fallback = status(500);
    const ep = await endpoint(rx.url, ['settlement.failed']);
    const eventId = await emitTestEvent(g.db, tenant, 'settlement.failed');
    await rx.waitFor(1);
    expect((await api('PATCH', `/v1/webhook-endpoints/${ep.id}`, { status: 'disabled' })).status).toBe(200);
    // Ended by the PATCH itself (no waiting for the next retry)…
    expect(await deliveryOf(eventId, ep.id)).toMatchObject({ status: 'failed', next_attempt_at: null });
    // …and still ended once every attempt that was in flight has logged its outcome: a retry already under way when
    // the PATCH landed may still reach the receiver, so the count is compared with what the receiver saw, live.
    let seen = '';
    await eventually(
      async () => {
        const [row] = await g.db.query<{ status: string; attempt_count: number }>(
          'select status, attempt_count from webhook_deliveries where event_id = $1 and endpoint_id = $2',
          [eventId, ep.id],
        );
        seen = `${row?.status}, ${row?.attempt_count} attempts logged, ${rx.requests.length} received`;
        return row?.status === 'failed' && row.attempt_count === rx.requests.length ? true : undefined;
      },
      20_000,
      () => `every in-flight attempt logged (last seen: ${seen})`,
    );
    const d = await deliveryOf(eventId, ep.id);
    expect(d.last_error).toMatch(/^(endpoint disabled|HTTP 500)$/);
    expect(d.attempt_count).toBe(rx.requests.length);
    const r = await api('POST', `/v1/webhook-deliveries/${d.id}/retry`);
    expect(r).toMatchObject({ status: 409, body: { error: { code: 'WEBHOOK_ENDPOINT_DISABLED' } } });
  });

  it('an endpoint with only failures for 3 days is disabled, with an audit entry', async () => {
    const rx = await receiver();
    rx.fallback = status(500);
    const ep = await endpoint(rx.url, ['payment.detected']);
    const healthy = await receiver();
    const other = await endpoint(healthy.url, ['payment.detected']);
    await emitTestEvent(g.db, tenant, 'payment.detected');
    await rx.waitFor(1);
    const failing = await endpointWhen(ep.id, 'failing_since is not null');
    const failingSince = failing.failing_since;
    expect(failing.status).toBe('enabled');
    g.clock.advance(3 * 86_400 + 60);
    await emitTestEvent(g.db, tenant, 'payment.detected');
    const disabled = await endpointWhen(ep.id, `status = 'disabled'`);
    expect(disabled).toMatchObject({ disabled_reason: 'failing', failing_since: failingSince });
    const stillPending = await g.db.query(
      `select 1 from webhook_deliveries where endpoint_id = $1 and status = 'pending'`,
      [ep.id],
    );
    expect(stillPending).toHaveLength(0);
    const audit = await g.db.query<{ action: string; actor_type: string; data: Record<string, unknown> }>(
      `select action, actor_type, data from audit_events where target_id = $1 and action = 'webhook_endpoint.disabled'`,
      [ep.id],
    );
    expect(audit).toEqual([
      {
        action: 'webhook_endpoint.disabled',
        actor_type: 'system',
        data: expect.objectContaining({ reason: 'failing', failing_since: failingSince }),
      },
    ]);
    // The healthy endpoint of the same merchant is untouched, and no new event reaches the disabled one.
    expect((await api('GET', `/v1/webhook-endpoints/${other.id}`)).body).toMatchObject({
      status: 'enabled',
      failing_since: null,
    });
    const before = rx.requests.length;
    await emitTestEvent(g.db, tenant, 'payment.detected');
    await healthy.waitFor(3);
    expect(rx.requests.length).toBe(before);
  });
});
