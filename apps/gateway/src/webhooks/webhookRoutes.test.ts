// The webhook endpoints API and the delivery log over HTTP (Fastify inject): shapes, validation, secrets shown once
// and sealed at rest, permissions, tenant isolation, pagination.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKey, createTestGateway, signUp, type TestGateway } from '../_test/testGateway.ts';
import { resolveWebhookSettings } from './settings.ts';
import { emitTestEvent, testSecretBox } from './_test/webhookTestKit.ts';

const dbKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`webhook endpoints API (${dbKind})`, () => {
  let g: TestGateway;
  let admin: string;
  let live: string;
  let readOnly: string;
  let other: string;
  let merchantId: string;

  beforeAll(async () => {
    g = await createTestGateway();
    g.ctx.secretBox = testSecretBox();
    const owner = await signUp(g.app);
    merchantId = owner.merchantId;
    admin = (await createKey(g.app, owner.token, { role: 'developer' })).secret;
    readOnly = (await createKey(g.app, owner.token, { role: 'read_only' })).secret;
    await g.db.query('update users set email_verified_at = now() where id = $1', [owner.userId]);
    live = (await createKey(g.app, owner.token, { role: 'admin', environment: 'live' })).secret;
    const stranger = await signUp(g.app);
    other = (await createKey(g.app, stranger.token, { role: 'admin' })).secret;
  });
  afterAll(() => g?.close());

  const call = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token = admin, payload?: unknown) => {
    const r = await g.app.inject({
      method,
      url,
      headers: bearer(token),
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: r.statusCode, body: r.json(), headers: r.headers };
  };
  const create = (payload: unknown, token = admin) => call('POST', '/v1/webhook-endpoints', token, payload);

  it('registers an endpoint: 201, whsec_ secret shown once, sealed at rest, audited', async () => {
    const r = await create({
      url: 'http://localhost:3000/hooks',
      enabled_events: ['payment.confirmed', 'payment.completed', 'payment.confirmed'],
      description: 'orders',
    });
    expect(r.status).toBe(201);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toMatchObject({
      object: 'webhook_endpoint',
      url: 'http://localhost:3000/hooks',
      description: 'orders',
      enabled_events: ['payment.confirmed', 'payment.completed'],
      status: 'enabled',
      disabled_reason: null,
      livemode: false,
      previous_secret_expires_at: null,
      failing_since: null,
    });
    expect(r.body.id).toMatch(/^we_/);
    expect(r.body.secret).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    const rows = await g.db.query<{ secret_sealed: string }>('select * from webhook_endpoints where id = $1', [
      r.body.id,
    ]);
    expect(JSON.stringify(rows)).not.toContain(r.body.secret.slice(6));
    expect(g.ctx.secretBox!.open(rows[0]!.secret_sealed, r.body.id)).toBe(r.body.secret);
    // Bound to its row: the sealed value does not open as another endpoint's.
    expect(() => g.ctx.secretBox!.open(rows[0]!.secret_sealed, 'we_other')).toThrow();
    const got = await call('GET', `/v1/webhook-endpoints/${r.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).not.toHaveProperty('secret');
    expect(JSON.stringify((await call('GET', '/v1/webhook-endpoints')).body)).not.toContain(r.body.secret);
    const [a] = await g.db.query<{ action: string; data: Record<string, unknown> }>(
      `select action, data from audit_events where target_id = $1`,
      [r.body.id],
    );
    expect(a).toMatchObject({ action: 'webhook_endpoint.created', data: { url: 'http://localhost:3000/hooks' } });
  });

  it('validates: schema rules, "*" alone, unknown types, and the SSRF guard per environment', async () => {
    const codes = async (payload: unknown, token = admin) => {
      const r = await create(payload, token);
      return `${r.status} ${r.body.error?.code ?? ''}`;
    };
    expect(await codes({ url: 'http://localhost/x' })).toBe('400 VALIDATION_FAILED');
    expect(await codes({ url: 'http://localhost/x', enabled_events: [] })).toBe('400 VALIDATION_FAILED');
    expect(await codes({ url: 'http://localhost/x', enabled_events: ['payment.paid'] })).toBe('400 VALIDATION_FAILED');
    expect(await codes({ url: 'http://localhost/x', enabled_events: ['*', 'payment.late'] })).toBe(
      '400 VALIDATION_FAILED',
    );
    expect(await codes({ url: 'http://localhost/x', enabled_events: ['*'], extra: 1 })).toBe('400 VALIDATION_FAILED');
    expect(await codes({ url: 'x'.repeat(2049), enabled_events: ['*'] })).toBe('400 VALIDATION_FAILED');
    const rejected = await create({ url: 'http://10.0.0.1/hooks', enabled_events: ['*'] });
    expect(rejected.status).toBe(400);
    expect(rejected.body.error).toMatchObject({
      code: 'WEBHOOK_URL_REJECTED',
      details: [
        { path: '/url', message: '10.0.0.1 is a private address; webhook endpoints must be publicly reachable' },
      ],
    });
    expect(await codes({ url: 'https://user:pw@example.com/x', enabled_events: ['*'] })).toBe(
      '400 WEBHOOK_URL_REJECTED',
    );
    // Live mode: https and public addresses only, localhost included.
    expect(await codes({ url: 'http://localhost:3000/x', enabled_events: ['*'] }, live)).toBe(
      '400 WEBHOOK_URL_REJECTED',
    );
    expect(await codes({ url: 'https://localhost:3000/x', enabled_events: ['*'] }, live)).toBe(
      '400 WEBHOOK_URL_REJECTED',
    );
    expect(await codes({ url: 'https://169.254.169.254/x', enabled_events: ['*'] }, live)).toBe(
      '400 WEBHOOK_URL_REJECTED',
    );
    expect(await codes({ url: 'https://8.8.8.8/hooks', enabled_events: ['*'] }, live)).toBe('201 ');
  });

  it('refuses loopback in test mode where the deployment does not allow it', async () => {
    g.ctx.webhooks = resolveWebhookSettings({ allowLoopbackInTest: false }, 'dev');
    try {
      const r = await create({ url: 'http://127.0.0.1:3000/hooks', enabled_events: ['*'] });
      expect(r.body.error?.code).toBe('WEBHOOK_URL_REJECTED');
    } finally {
      g.ctx.webhooks = resolveWebhookSettings({}, 'dev');
    }
  });

  it('updates url, events, description and status; re-enabling clears the failure record', async () => {
    const { body: ep } = await create({ url: 'http://localhost:3000/a', enabled_events: ['*'] });
    await g.db.query(`update webhook_endpoints set failing_since = now() where id = $1`, [ep.id]);
    const patched = await call('PATCH', `/v1/webhook-endpoints/${ep.id}`, admin, {
      url: 'http://localhost:3000/b',
      enabled_events: ['payment.expired'],
      description: 'renamed',
      status: 'disabled',
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      url: 'http://localhost:3000/b',
      enabled_events: ['payment.expired'],
      description: 'renamed',
      status: 'disabled',
      disabled_reason: 'manual',
    });
    expect(patched.body.disabled_at).not.toBeNull();
    const enabled = await call('PATCH', `/v1/webhook-endpoints/${ep.id}`, admin, {
      status: 'enabled',
      description: null,
    });
    expect(enabled.body).toMatchObject({
      status: 'enabled',
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
      description: null,
    });
    expect((await call('PATCH', `/v1/webhook-endpoints/${ep.id}`, admin, {})).status).toBe(400);
    const bad = await call('PATCH', `/v1/webhook-endpoints/${ep.id}`, admin, { url: 'http://192.168.1.1/' });
    expect(bad.body.error.code).toBe('WEBHOOK_URL_REJECTED');
    const actions = await g.db.query<{ action: string }>(
      'select action from audit_events where target_id = $1 order by seq',
      [ep.id],
    );
    expect(actions.map((a) => a.action)).toEqual([
      'webhook_endpoint.created',
      'webhook_endpoint.disabled',
      'webhook_endpoint.enabled',
    ]);
  });

  it('rotates the secret with an overlap (default 24 h, max 7 days) and shows the new one once', async () => {
    const { body: ep } = await create({ url: 'http://localhost:3000/r', enabled_events: ['*'] });
    const r = await g.app.inject({
      method: 'POST',
      url: `/v1/webhook-endpoints/${ep.id}/rotate-secret`,
      headers: bearer(admin),
    });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.secret).not.toBe(ep.secret);
    expect(Date.parse(body.previous_secret_expires_at) - g.clock.now().getTime()).toBe(86_400_000);
    const tooLong = await call('POST', `/v1/webhook-endpoints/${ep.id}/rotate-secret`, admin, {
      overlap_seconds: 7 * 86_400 + 1,
    });
    expect(tooLong.body.error.code).toBe('VALIDATION_FAILED');
    const none = await call('POST', `/v1/webhook-endpoints/${ep.id}/rotate-secret`, admin, { overlap_seconds: 0 });
    expect(none.body.previous_secret_expires_at).toBeNull();
  });

  it('deletes: gone from list and get, still named in the delivery log', async () => {
    const { body: ep } = await create({ url: 'http://localhost:3000/d', enabled_events: ['payment.detected'] });
    const evt = await emitTestEvent(g.db, { merchantId, environment: 'test' }, 'payment.detected');
    const del = await call('DELETE', `/v1/webhook-endpoints/${ep.id}`);
    expect(del).toMatchObject({ status: 200, body: { id: ep.id, object: 'webhook_endpoint', deleted: true } });
    expect((await call('GET', `/v1/webhook-endpoints/${ep.id}`)).status).toBe(404);
    expect((await call('DELETE', `/v1/webhook-endpoints/${ep.id}`)).status).toBe(404);
    const ids = (await call('GET', '/v1/webhook-endpoints?limit=100')).body.data.map((e: { id: string }) => e.id);
    expect(ids).not.toContain(ep.id);
    const log = await call('GET', `/v1/webhook-deliveries?event_id=${evt}&endpoint_id=${ep.id}`);
    expect(log.body.data).toHaveLength(1);
    // Its pending delivery ended with the endpoint: failed at once, with the reason, nothing sent.
    expect(log.body.data[0]).toMatchObject({
      endpoint_id: ep.id,
      status: 'failed',
      last_error: 'endpoint deleted',
      event_type: 'payment.detected',
      attempt_count: 0,
    });
    const retry = await call('POST', `/v1/webhook-deliveries/${log.body.data[0].id}/retry`);
    expect(retry).toMatchObject({ status: 409, body: { error: { code: 'WEBHOOK_ENDPOINT_DISABLED' } } });
  });

  it('lists deliveries newest first with filters and a cursor', async () => {
    const { body: ep } = await create({ url: 'http://localhost:3000/l', enabled_events: ['payment.overpaid'] });
    const events: string[] = [];
    for (let i = 0; i < 5; i++)
      events.push(await emitTestEvent(g.db, { merchantId, environment: 'test' }, 'payment.overpaid'));
    const page1 = await call('GET', `/v1/webhook-deliveries?endpoint_id=${ep.id}&limit=2`);
    expect(page1.body.data.map((d: { event_id: string }) => d.event_id)).toEqual([events[4], events[3]]);
    expect(page1.body.has_more).toBe(true);
    const page2 = await call(
      'GET',
      `/v1/webhook-deliveries?endpoint_id=${ep.id}&limit=2&cursor=${page1.body.next_cursor}`,
    );
    const page3 = await call(
      'GET',
      `/v1/webhook-deliveries?endpoint_id=${ep.id}&limit=2&cursor=${page2.body.next_cursor}`,
    );
    expect([...page2.body.data, ...page3.body.data].map((d: { event_id: string }) => d.event_id)).toEqual([
      events[2],
      events[1],
      events[0],
    ]);
    expect(page3.body).toMatchObject({ has_more: false, next_cursor: null });
    const pending = await call('GET', `/v1/webhook-deliveries?endpoint_id=${ep.id}&status=pending&limit=100`);
    expect(pending.body.data).toHaveLength(5);
    expect((await call('GET', `/v1/webhook-deliveries?endpoint_id=${ep.id}&status=succeeded`)).body.data).toHaveLength(
      0,
    );
    expect((await call('GET', '/v1/webhook-deliveries?status=done')).status).toBe(400);
    expect((await call('GET', '/v1/webhook-deliveries?cursor=bogus')).body.error.code).toBe('VALIDATION_FAILED');
    const detail = await call('GET', `/v1/webhook-deliveries/${page1.body.data[0].id}`);
    expect(detail.body).toMatchObject({ object: 'webhook_delivery', attempts: [], attempt_count: 0, livemode: false });
    const retry = await call('POST', `/v1/webhook-deliveries/${page1.body.data[0].id}/retry`);
    expect(retry.status).toBe(200);
    // The delivery is its own job: due since it was made, and now with a manual retry asked for at attempt 0.
    const requestOf = async () =>
      (
        await g.db.query<{ manual_retry_at_attempt: number | null; due: boolean; run_count: number }>(
          `select manual_retry_at_attempt, due_at <= now() as due, run_count from webhook_deliveries where id = $1`,
          [page1.body.data[0].id],
        )
      )[0];
    expect(await requestOf()).toEqual({ manual_retry_at_attempt: 0, due: true, run_count: 0 });
    // Asking again before it ran asks for the same attempt.
    await call('POST', `/v1/webhook-deliveries/${page1.body.data[0].id}/retry`);
    expect(await requestOf()).toEqual({ manual_retry_at_attempt: 0, due: true, run_count: 0 });
    const audits = await g.db.query<{ data: Record<string, unknown> }>(
      `select data from audit_events where target_id = $1 and action = 'webhook_delivery.retry_requested' order by seq`,
      [page1.body.data[0].id],
    );
    expect(audits.map((a) => a.data)).toEqual([
      { requested_at_attempt: 0, attempt_count: 0 },
      { requested_at_attempt: 0, attempt_count: 0 },
    ]);
  });

  it('permissions and tenancy: read_only reads only; another merchant or environment sees nothing', async () => {
    const { body: ep } = await create({ url: 'http://localhost:3000/p', enabled_events: ['*'] });
    expect((await call('GET', `/v1/webhook-endpoints/${ep.id}`, readOnly)).status).toBe(200);
    expect((await call('GET', '/v1/webhook-deliveries', readOnly)).status).toBe(200);
    const denied = await create({ url: 'http://localhost:3000/p', enabled_events: ['*'] }, readOnly);
    expect(denied).toMatchObject({ status: 403, body: { error: { code: 'PERMISSION_DENIED' } } });
    expect((await call('PATCH', `/v1/webhook-endpoints/${ep.id}`, readOnly, { status: 'disabled' })).status).toBe(403);
    expect((await call('DELETE', `/v1/webhook-endpoints/${ep.id}`, readOnly)).status).toBe(403);
    for (const token of [other, live]) {
      expect((await call('GET', `/v1/webhook-endpoints/${ep.id}`, token)).status).toBe(404);
      expect((await call('PATCH', `/v1/webhook-endpoints/${ep.id}`, token, { status: 'disabled' })).status).toBe(404);
      expect((await call('DELETE', `/v1/webhook-endpoints/${ep.id}`, token)).status).toBe(404);
      expect((await call('POST', `/v1/webhook-endpoints/${ep.id}/rotate-secret`, token, {})).status).toBe(404);
      const listed = (await call('GET', '/v1/webhook-endpoints?limit=100', token)).body.data.map(
        (e: { id: string }) => e.id,
      );
      expect(listed).not.toContain(ep.id);
    }
    const mine = (await call('GET', '/v1/webhook-deliveries?limit=100')).body.data;
    expect(mine.length).toBeGreaterThan(0);
    const d = mine[0].id;
    expect((await call('GET', `/v1/webhook-deliveries/${d}`, other)).status).toBe(404);
    expect((await call('POST', `/v1/webhook-deliveries/${d}/retry`, other)).status).toBe(404);
    expect((await call('GET', '/v1/webhook-deliveries?limit=100', other)).body.data).toEqual([]);
    expect((await g.app.inject({ method: 'GET', url: '/v1/webhook-endpoints' })).statusCode).toBe(401);
  });

  it('at most 16 endpoints per environment', async () => {
    const stranger = await signUp(g.app);
    const key = (await createKey(g.app, stranger.token, { role: 'admin' })).secret;
    for (let i = 0; i < 16; i++)
      expect((await create({ url: `http://localhost/${i}`, enabled_events: ['*'] }, key)).status).toBe(201);
    const r = await create({ url: 'http://localhost/17', enabled_events: ['*'] }, key);
    expect(r).toMatchObject({ status: 409, body: { error: { code: 'WEBHOOK_ENDPOINT_LIMIT' } } });
  });

  it('an event reaches every subscribed endpoint, more than the ids prepared per event included', async () => {
    const stranger = await signUp(g.app);
    const key = (await createKey(g.app, stranger.token, { role: 'admin' })).secret;
    g.ctx.webhooks = resolveWebhookSettings({ maxEndpoints: 20 }, 'dev');
    try {
      const ids: string[] = [];
      for (let i = 0; i < 20; i++)
        ids.push((await create({ url: `http://localhost/${i}`, enabled_events: ['*'] }, key)).body.id);
      const evt = await emitTestEvent(g.db, { merchantId: stranger.merchantId, environment: 'test' }, 'payment.late');
      const log = await call('GET', `/v1/webhook-deliveries?event_id=${evt}&limit=100`, key);
      expect(log.body.data.map((d: { endpoint_id: string }) => d.endpoint_id).sort()).toEqual(ids.sort());
      expect(new Set(log.body.data.map((d: { id: string }) => d.id)).size).toBe(20);
      for (const d of log.body.data) expect(d.id).toMatch(/^whd_[0-9A-Za-z]+$/);
      // Each delivery is due at once: it is its own job.
      const due = await g.db.query(`select 1 from webhook_deliveries where id = any($1::text[]) and due_at <= now()`, [
        log.body.data.map((d: { id: string }) => d.id),
      ]);
      expect(due).toHaveLength(20);
    } finally {
      g.ctx.webhooks = resolveWebhookSettings({}, 'dev');
    }
  });

  it('without a SecretBox (no SECRET_BOX_KEYS) registration answers 503 WEBHOOKS_UNAVAILABLE', async () => {
    const box = g.ctx.secretBox;
    g.ctx.secretBox = null;
    try {
      const r = await create({ url: 'http://localhost/x', enabled_events: ['*'] });
      expect(r).toMatchObject({ status: 503, body: { error: { code: 'WEBHOOKS_UNAVAILABLE', type: 'api_error' } } });
    } finally {
      g.ctx.secretBox = box!;
    }
  });

  it('documents the endpoints in the OpenAPI description', async () => {
    const doc = (await g.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const p of [
      '/v1/webhook-endpoints',
      '/v1/webhook-endpoints/{id}',
      '/v1/webhook-endpoints/{id}/rotate-secret',
      '/v1/webhook-deliveries',
      '/v1/webhook-deliveries/{id}',
      '/v1/webhook-deliveries/{id}/retry',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
