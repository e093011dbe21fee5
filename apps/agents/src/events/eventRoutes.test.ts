import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openAgentsDb, startAgents, type AgentsHarness, createAgentsTestServer } from '../_test/agentsTestKit.ts';
import { createRealtimeGateway } from '../realtime/gateway.ts';
import { makeEvent, makeTenant } from './_test/eventsKit.ts';

// The events REST API through the real server (inject): free, Bearer, agents envelopes.
let db: Database;
let h: AgentsHarness;
beforeAll(async () => {
  db = await openAgentsDb();
  h = await startAgents({ db });
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

describe('events REST API', () => {
  it('is in the catalog as available, free and Bearer; answers AUTH_REQUIRED / INVALID_TOKEN without a valid token', async () => {
    const services = (await call(h.app, 'GET', '/api/v1/services')).body.data.services as {
      serviceId: string;
      available: boolean;
      paid: boolean;
      auth: string;
    }[];
    const events = services.filter((s) => s.serviceId.startsWith('events.'));
    expect(events.map((s) => s.serviceId).sort()).toEqual([
      'events.ack',
      'events.ack-all',
      'events.get',
      'events.list',
      'events.realtime-token',
    ]);
    expect(events.every((s) => s.available && !s.paid && s.auth === 'bearer')).toBe(true);
    const none = await call(h.app, 'POST', '/api/v1/events/list', { body: {} });
    expect([none.status, none.body.error.code]).toEqual([401, 'AUTH_REQUIRED']);
    expect(none.body.guides).toEqual({
      llms: '/llms.txt',
      serviceCatalog: '/api/v1/services',
      openapi: '/openapi.json',
    });
    const bad = await call(h.app, 'GET', '/api/v1/events', { headers: auth('at_v1_nope') });
    expect([bad.status, bad.body.error.code]).toEqual([401, 'INVALID_TOKEN']);
  });

  it('list, get, ack (idempotent), ack-all with a cutoff, and the legacy aliases; another tenant’s event is unknown', async () => {
    const t = await makeTenant(db);
    const other = await makeTenant(db);
    const a = await makeEvent(
      db,
      t.id,
      { n: 1 },
      { type: 'email.received', service: 'email.message.query', resourceId: 'mb-1' },
    );
    const b = await makeEvent(db, t.id, { n: 2 }, { type: 'phone.call.ended' });
    const foreign = await makeEvent(db, other.id);

    const list = await call(h.app, 'POST', '/api/v1/events/list', {
      headers: auth(t.token),
      body: { types: ['email.received'] },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.events.map((e: { eventId: string }) => e.eventId)).toEqual([a]);
    expect(list.body.data.events[0]).toMatchObject({
      type: 'email.received',
      status: 'pending',
      source: 'agentos.internal',
      service: 'email.message.query',
      resourceId: 'mb-1',
      deliveredAt: null,
      attempts: 0,
      payload: { type: 'email.received', eventId: a, n: 1 },
    });
    expect(list.body.data.nextCursor).toBeNull();
    expect(list.body.requestId).toMatch(/^req_/);

    const page = await call(h.app, 'POST', '/api/v1/events/list', { headers: auth(t.token), body: { limit: 1 } });
    expect(page.body.data.events).toHaveLength(1);
    const rest = await call(h.app, 'POST', '/api/v1/events/list', {
      headers: auth(t.token),
      body: { limit: 1, cursor: page.body.data.nextCursor },
    });
    expect([page.body.data.events[0].eventId, rest.body.data.events[0].eventId].sort()).toEqual([a, b].sort());

    const badFilter = await call(h.app, 'POST', '/api/v1/events/list', {
      headers: auth(t.token),
      body: { status: 'done' },
    });
    expect([badFilter.status, badFilter.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);

    const got = await call(h.app, 'POST', '/api/v1/events/get', { headers: auth(t.token), body: { eventId: b } });
    expect(got.body.data.event).toMatchObject({ eventId: b, type: 'phone.call.ended' });
    const stranger = await call(h.app, 'POST', '/api/v1/events/get', {
      headers: auth(t.token),
      body: { eventId: foreign },
    });
    expect([stranger.status, stranger.body.error.code]).toEqual([403, 'RESOURCE_NOT_OWNED']);
    const unknown = await call(h.app, 'POST', '/api/v1/events/get', {
      headers: auth(t.token),
      body: { eventId: '00000000-0000-4000-8000-000000000000' },
    });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'RESOURCE_NOT_FOUND']);
    const ackForeign = await call(h.app, 'POST', '/api/v1/events/ack', {
      headers: auth(t.token),
      body: { eventId: foreign },
    });
    expect(ackForeign.body.error.code).toBe('RESOURCE_NOT_OWNED');
    const [f] = await db.query<{ status: string }>('select status from agent_events where event_id = $1', [foreign]);
    expect(f?.status).toBe('pending');

    const ack1 = await call(h.app, 'POST', '/api/v1/events/ack', { headers: auth(t.token), body: { eventId: a } });
    const ack2 = await call(h.app, 'POST', `/api/v1/events/${a}/acknowledge`, { headers: auth(t.token) });
    expect(ack1.body.data.event.status).toBe('acknowledged');
    expect(ack2.body.data.event).toEqual(ack1.body.data.event);

    const alias = await call(
      h.app,
      'GET',
      '/api/v1/events?status=acknowledged&status=pending&types=email.received,phone.call.ended',
      {
        headers: auth(t.token),
      },
    );
    expect(alias.body.data.events.map((e: { eventId: string }) => e.eventId).sort()).toEqual([a, b].sort());

    const noCutoff = await call(h.app, 'POST', '/api/v1/events/ack-all', { headers: auth(t.token), body: {} });
    expect(noCutoff.body.error.code).toBe('VALIDATION_FAILED');
    const all = await call(h.app, 'POST', '/api/v1/events/ack-all', {
      headers: auth(t.token),
      body: { before: new Date(Date.now() + 1000).toISOString() },
    });
    expect(all.body.data.acknowledged).toBe(1);
    const open = await call(h.app, 'POST', '/api/v1/events/list', { headers: auth(t.token), body: {} });
    expect(open.body.data.events).toEqual([]);
  });

  it('production hands out no realtime token for a plain ws:// endpoint (wss:// required)', async () => {
    const t = await makeTenant(db);
    const realtime = createRealtimeGateway({
      db,
      logger: h.ctx.logger,
      publicUrl: 'http://agents.example',
      policy: h.ctx.config.events,
      settings: h.ctx.config.realtime,
    });
    const app = await createAgentsTestServer(
      { ...h.ctx, realtime, config: { ...h.ctx.config, profile: 'production' } },
      { rateLimit: false },
    );
    try {
      await app.ready();
      const r = await call(app, 'GET', '/api/v1/events/realtime-token', { headers: auth(t.token) });
      expect([r.status, r.body.error.code]).toEqual([503, 'SERVICE_UNAVAILABLE']);
      expect(await db.query('select 1 from agent_realtime_tokens where tenant_id = $1', [t.id])).toEqual([]);
      const tls = createRealtimeGateway({
        db,
        logger: h.ctx.logger,
        publicUrl: 'https://agents.example',
        policy: h.ctx.config.events,
        settings: h.ctx.config.realtime,
      });
      expect(tls.websocketUrl).toBe('wss://agents.example/api/v1/events/ws');
    } finally {
      await app.close();
    }
  });
});
