// POST /v1/webhook-endpoints/{id}/test: one real, signed delivery of a `test` event to that endpoint only, through the
// delivery runner; never listed, fetched or streamed by the events API; refused for a disabled endpoint, for
// read-only keys and across tenants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createTestGateway, signUp, type TestGateway } from '../_test/testGateway.ts';
import {
  eventually,
  independentlyVerify,
  startDeliveryRunner,
  startReceiver,
  testSecretBox,
  type Receiver,
} from './_test/webhookTestKit.ts';

const dbKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`send a test event (${dbKind})`, () => {
  let g: TestGateway;
  let admin: string;
  let readOnly: string;
  let other: string;
  let rx: Receiver;

  beforeAll(async () => {
    g = await createTestGateway();
    g.ctx.secretBox = testSecretBox();
    const owner = await signUp(g.app);
    admin = (await createKey(g.app, owner.token, { role: 'developer' })).secret;
    readOnly = (await createKey(g.app, owner.token, { role: 'read_only' })).secret;
    other = (await createKey(g.app, (await signUp(g.app)).token, { role: 'admin' })).secret;
    rx = await startReceiver();
  });
  afterAll(async () => {
    await rx?.close();
    await g?.close();
  });

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, token = admin, payload?: unknown) => {
    const r = await g.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: r.statusCode, body: r.json() };
  };

  it('delivers one signed `test` event to that endpoint only, and keeps it out of the events API', async () => {
    const target = await call('POST', '/v1/webhook-endpoints', admin, {
      url: rx.url,
      enabled_events: ['payment.confirmed'],
    });
    expect(target.status).toBe(201);
    const bystander = await call('POST', '/v1/webhook-endpoints', admin, {
      url: `${rx.url}/other`,
      enabled_events: ['*'],
    });
    expect(bystander.status).toBe(201);

    const sent = await call('POST', `/v1/webhook-endpoints/${target.body.id}/test`);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      object: 'webhook_delivery',
      endpoint_id: target.body.id,
      event_type: 'test',
      status: 'pending',
    });
    expect(sent.body.event_id).toMatch(/^evt_/);

    const runner = await startDeliveryRunner(g.ctx);
    try {
      const [req] = await rx.waitFor(1);
      expect(req!.url).toBe('/hooks');
      const body = JSON.parse(req!.body.toString('utf8'));
      expect(body).toMatchObject({
        id: sent.body.event_id,
        type: 'test',
        livemode: false,
        data: { object: { object: 'webhook_endpoint', id: target.body.id, url: rx.url } },
      });
      expect(independentlyVerify(req!.headers['tender-signature'], req!.body, target.body.secret)).toBe(1);
      const done = await eventually(async () => {
        const d = await call('GET', `/v1/webhook-deliveries/${sent.body.id}`);
        return d.body.status === 'succeeded' ? d.body : undefined;
      });
      expect(done.last_status_code).toBe(200);
    } finally {
      await runner.stop();
    }
    // Only the endpoint asked for: the bystander subscribed to everything got nothing.
    expect(rx.requests.map((r) => r.url)).toEqual(['/hooks']);

    // Not a fact of the merchant's: the events API neither lists nor fetches it.
    const events = await call('GET', '/v1/events?limit=100');
    expect(events.status).toBe(200);
    expect(events.body.data.map((e: { type: string }) => e.type)).not.toContain('test');
    expect((await call('GET', `/v1/events/${sent.body.event_id}`)).status).toBe(404);

    // Each request is a new event.
    const again = await call('POST', `/v1/webhook-endpoints/${target.body.id}/test`);
    expect(again.status).toBe(201);
    expect(again.body.event_id).not.toBe(sent.body.event_id);
  });

  it('refuses a disabled endpoint (409), read-only keys (403) and another merchant (404)', async () => {
    const ep = await call('POST', '/v1/webhook-endpoints', admin, { url: rx.url, enabled_events: ['*'] });
    expect((await call('POST', `/v1/webhook-endpoints/${ep.body.id}/test`, readOnly)).status).toBe(403);
    const stranger = await call('POST', `/v1/webhook-endpoints/${ep.body.id}/test`, other);
    expect([stranger.status, stranger.body.error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    expect((await call('PATCH', `/v1/webhook-endpoints/${ep.body.id}`, admin, { status: 'disabled' })).status).toBe(
      200,
    );
    const disabled = await call('POST', `/v1/webhook-endpoints/${ep.body.id}/test`);
    expect([disabled.status, disabled.body.error.code]).toEqual([409, 'WEBHOOK_ENDPOINT_DISABLED']);
    expect((await call('POST', '/v1/webhook-endpoints/we_nope/test')).status).toBe(404);
  });
});
