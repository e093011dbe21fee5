import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import type { App, Database, Sql } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  openAgentsDb,
  startAgents,
  TEST_DOMAIN,
  type AgentsHarness,
  createAgentsTestServer,
} from '../_test/agentsTestKit.ts';
import { eventually, makeEvent, makeTenant } from '../events/_test/eventsKit.ts';
import { TestClient } from './_test/wsClient.ts';
import { createRealtimeGateway } from './gateway.ts';
import { MAX_FRAME_BYTES, REALTIME_PATH } from './protocol.ts';

// The gateway over real sockets (ws clients against the listening agents server), on PGlite or PostgreSQL.
let db: Database;
let h: AgentsHarness;
let wsUrl: string;

beforeAll(async () => {
  db = await openAgentsDb();
  h = await startAgents({
    db,
    env: {
      EVENTS_SWEEP_MS: '100',
      REALTIME_AUTH_TIMEOUT_MS: '300',
      REALTIME_HEARTBEAT_MS: '200',
      REALTIME_MAX_SOCKETS_PER_TENANT: '3',
    },
  });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  wsUrl = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function realtimeToken(app: App, accessToken: string): Promise<string> {
  const r = await call(app, 'GET', '/api/v1/events/realtime-token', { headers: bearer(accessToken) });
  expect(r.status).toBe(200);
  return r.body.data.realtime.token as string;
}
async function tenantWithSocket() {
  const t = await makeTenant(db);
  const rt = await realtimeToken(h.app, t.token);
  return { ...t, rt, client: await TestClient.open(wsUrl, rt) };
}
const status = async (eventId: string) =>
  (await db.query<{ status: string }>('select status from agent_events where event_id = $1', [eventId]))[0]?.status;

describe('realtime token and handshake', () => {
  it('GET /api/v1/events/realtime-token: websocketUrl, 15-minute token, bearer required; the ws path is upgrade-only', async () => {
    const t = await makeTenant(db);
    const r = await call(h.app, 'GET', '/api/v1/events/realtime-token', { headers: bearer(t.token) });
    expect(r.status).toBe(200);
    const rt = r.body.data.realtime;
    expect(rt.websocketUrl).toBe(`ws://agents.test${REALTIME_PATH}`);
    expect(rt.token).toMatch(/^rt_v1_[0-9A-Za-z]{40}$/);
    const ttl = Date.parse(rt.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(14 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 1_000);
    const stored = await db.query('select token_hash from agent_realtime_tokens where token_hash = $1', [rt.token]);
    expect(stored).toEqual([]); // only the hash is stored
    expect((await call(h.app, 'GET', '/api/v1/events/realtime-token')).body.error.code).toBe('AUTH_REQUIRED');
    const plain = await call(h.app, 'GET', REALTIME_PATH);
    expect([plain.status, plain.body.error.code]).toEqual([426, 'UPGRADE_REQUIRED']);
  });

  it('refuses a token in the URL; closes silent sockets after the timeout; rejects unknown and expired tokens', async () => {
    await expect(TestClient.connect(`${wsUrl}?token=rt_v1_x`)).rejects.toThrow(/400/);

    const silent = await TestClient.connect(wsUrl);
    expect((await silent.whenClosed(3_000)).code).toBe(4401);
    expect(silent.frames[0]).toMatchObject({ type: 'error', code: 'AUTH_REQUIRED' });

    const wrong = await TestClient.connect(wsUrl);
    wrong.send({ type: 'session.authenticate', token: `rt_v1_${'a'.repeat(40)}` });
    expect((await wrong.whenClosed()).code).toBe(4403);
    expect(wrong.frames[0]).toMatchObject({ type: 'error', code: 'INVALID_TOKEN' });

    const t = await makeTenant(db);
    const rt = await realtimeToken(h.app, t.token);
    await db.query(`update agent_realtime_tokens set expires_at = now() - interval '1 second' where tenant_id = $1`, [
      t.id,
    ]);
    const late = await TestClient.connect(wsUrl);
    late.send({ type: 'session.authenticate', token: rt });
    expect((await late.whenClosed()).code).toBe(4403);
    expect(late.frames[0]).toMatchObject({ type: 'error', code: 'AUTH_REQUIRED' });

    const early = await TestClient.connect(wsUrl);
    early.ack('00000000-0000-4000-8000-000000000000');
    expect((await early.whenClosed()).code).toBe(4403);
    expect(early.frames[0]).toMatchObject({ type: 'error', code: 'AUTH_REQUIRED' });
  });
});

describe('delivery', () => {
  it('replays unacknowledged events in order, completes the replay, then delivers live; acks are confirmed and idempotent', async () => {
    const t = await makeTenant(db);
    const old: string[] = [];
    for (let i = 0; i < 3; i++) old.push(await makeEvent(db, t.id, { i }));
    await db.query(`update agent_events set status = 'acknowledged', acknowledged_at = now() where event_id = $1`, [
      old[1],
    ]);
    const c = await TestClient.open(wsUrl, await realtimeToken(h.app, t.token));
    const ready = c.frames[0]!;
    expect(ready).toMatchObject({ type: 'session.ready', walletAddress: t.wallet, maxFrameBytes: MAX_FRAME_BYTES });
    expect(Object.keys(ready.protocols)).toEqual(['events', 'voice']);

    const done = await c.next((f) => f.type === 'session.replay.complete');
    expect(done).toEqual({ type: 'session.replay.complete', replay: 'complete', replayed: 2 });
    // In delivery order, (createdAt, eventId), as the database orders them (PGlite's clock may tie).
    const order = await db.query<{ event_id: string }>(
      `select event_id from agent_events where tenant_id = $1 and status <> 'acknowledged' order by created_at, event_id`,
      [t.id],
    );
    expect(c.deliveries().map((e) => e.eventId)).toEqual(order.map((r) => r.event_id));
    expect(order.map((r) => r.event_id).sort()).toEqual([old[0], old[2]].sort());
    expect(c.deliveries().find((e) => e.eventId === old[0])).toMatchObject({
      status: 'delivered',
      attempts: 1,
      type: 'test.event',
      payload: { i: 0 },
    });

    const live = await makeEvent(db, t.id, { live: true });
    const d = await c.next((f) => f.type === 'event.delivery' && f.event.eventId === live);
    expect(d.event.payload).toEqual({ type: 'test.event', eventId: live, live: true });
    c.ack(live);
    expect(await c.next((f) => f.type === 'event.acknowledged')).toEqual({ type: 'event.acknowledged', eventId: live });
    expect(await status(live)).toBe('acknowledged');
    c.ack(live);
    expect(await c.next((f) => f.type === 'event.acknowledged')).toEqual({ type: 'event.acknowledged', eventId: live });
    await c.close();
  });

  it('a closed socket releases its leases: unacknowledged events come back at once on reconnect', async () => {
    const { id, rt, client } = await tenantWithSocket();
    const e = await makeEvent(db, id);
    await client.next((f) => f.type === 'event.delivery' && f.event.eventId === e);
    await client.close();
    const again = await TestClient.open(wsUrl, rt); // the realtime token serves reconnects until it expires
    const d = await again.next((f) => f.type === 'event.delivery');
    expect(d.event).toMatchObject({ eventId: e, attempts: 2, status: 'delivered' });
    again.ack(e);
    await again.next((f) => f.type === 'event.acknowledged');
    await again.close();
  });

  it('several sockets of one tenant share its events without duplicates; another tenant sees none; sockets are bounded', async () => {
    const t = await makeTenant(db);
    const rt = await realtimeToken(h.app, t.token);
    const socks = await Promise.all([
      TestClient.open(wsUrl, rt),
      TestClient.open(wsUrl, rt),
      TestClient.open(wsUrl, rt),
    ]);
    const fourth = await TestClient.connect(wsUrl);
    fourth.send({ type: 'session.authenticate', token: rt });
    expect((await fourth.whenClosed()).code).toBe(4429);
    const stranger = await tenantWithSocket();
    for (const s of socks) s.onDelivery = (ev) => setTimeout(() => s.ack(ev.eventId as string), Math.random() * 20);
    const ids: string[] = [];
    for (let batch = 0; batch < 6; batch++) {
      await db.tx(async (tx) => {
        for (let i = 0; i < 10; i++) ids.push(await makeEvent(tx, t.id, { batch, i }));
      });
    }
    await eventually(
      async () => {
        const [r] = await db.query<{ n: string }>(
          `select count(*) as n from agent_events where tenant_id = $1 and status = 'acknowledged'`,
          [t.id],
        );
        return r?.n === String(ids.length) ? true : undefined;
      },
      20_000,
      'all acknowledged',
    ).catch(async (err: unknown) => {
      const rows = await db.query(
        `select status, attempts, lease_token is not null as leased, lease_expires_at > now() as live, count(*)::int as n
           from agent_events where tenant_id = $1 group by 1, 2, 3, 4`,
        [t.id],
      );
      const frames = socks.map((s) =>
        s.frames.filter((f) => f.type !== 'event.delivery' && f.type !== 'event.acknowledged'),
      );
      throw new Error(
        `${String(err)} ${JSON.stringify({ rows, got: socks.map((s) => s.deliveries().length), frames, stats: h.ctx.realtime.stats() })}`,
      );
    });
    const got = socks.flatMap((s) => s.deliveries().map((e) => e.eventId as string));
    expect(got.sort()).toEqual([...ids].sort()); // each event to exactly one socket, once
    expect(stranger.client.deliveries()).toEqual([]);
    await Promise.all([...socks.map((s) => s.close()), stranger.client.close()]);
  });

  it('a full window holds events back until an acknowledgement frees it (no sweep needed); acks with room to spare claim nothing', async () => {
    let claims = 0;
    const realtime = createRealtimeGateway({
      db,
      logger: h.ctx.logger,
      publicUrl: 'http://127.0.0.1',
      policy: h.ctx.config.events,
      settings: { ...h.ctx.config.realtime, sweepMs: 600_000, maxInFlight: 2 },
      hooks: { probe: (point) => void (point === 'claim.start' && claims++) },
    });
    const app = await createAgentsTestServer({ ...h.ctx, realtime }, { rateLimit: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const t = await makeTenant(db);
      const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
      const c = await TestClient.open(url, await realtimeToken(app, t.token));
      await c.next((f) => f.type === 'session.replay.complete');
      const ids = [await makeEvent(db, t.id), await makeEvent(db, t.id), await makeEvent(db, t.id)];
      await eventually(() => (c.deliveries().length === 2 ? true : undefined));
      await new Promise((r) => setTimeout(r, 300));
      expect(c.deliveries().map((e) => e.eventId)).toEqual(ids.slice(0, 2)); // the window holds the third back
      c.ack(ids[0]!);
      await c.next((f) => f.type === 'event.delivery' && f.event.eventId === ids[2]);
      for (const id of ids.slice(1)) c.ack(id);
      await eventually(() => (c.frames.filter((f) => f.type === 'event.acknowledged').length === 3 ? true : undefined));

      // A trickle: each event costs the one claim its wake-up asks for; its acknowledgement, with room to spare, none.
      const before = claims;
      for (let i = 0; i < 3; i++) {
        const e = await makeEvent(db, t.id);
        await c.next((f) => f.type === 'event.delivery' && f.event.eventId === e);
        c.ack(e);
        await c.next((f) => f.type === 'event.acknowledged' && f.eventId === e);
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(claims - before).toBe(3);
      await c.close();
    } finally {
      await app.close();
    }
  });

  it('a REST acknowledgement reaches the socket holding the event', async () => {
    const { token, id, client } = await tenantWithSocket();
    const e = await makeEvent(db, id);
    await client.next((f) => f.type === 'event.delivery' && f.event.eventId === e);
    const r = await call(h.app, 'POST', '/api/v1/events/ack', { headers: bearer(token), body: { eventId: e } });
    expect(r.body.data.event.status).toBe('acknowledged');
    expect(await client.next((f) => f.type === 'event.acknowledged')).toEqual({
      type: 'event.acknowledged',
      eventId: e,
    });
    await client.close();
  });

  it('an ack under a lease that ran out changes nothing; the redelivery can be acknowledged', async () => {
    const { id, client } = await tenantWithSocket();
    const e = await makeEvent(db, id);
    const first = await client.next((f) => f.type === 'event.delivery' && f.event.eventId === e);
    expect(first.event.attempts).toBe(1);
    // This socket's lease ran out while it lived (its gateway stalled) and another socket claimed the event.
    await db.query(
      `update agent_events set lease_token = gen_random_uuid(), lease_expires_at = now() + interval '1 minute',
              attempts = attempts + 1 where event_id = $1`,
      [e],
    );
    const cols = 'status, lease_token, lease_expires_at, attempts, acknowledged_at';
    const before = await db.query(`select ${cols} from agent_events where event_id = $1`, [e]);
    client.ack(e);
    expect(await client.next((f) => f.type === 'error' || f.type === 'event.acknowledged')).toMatchObject({
      type: 'error',
      code: 'LEASE_EXPIRED',
      eventId: e,
    });
    expect(await db.query(`select ${cols} from agent_events where event_id = $1`, [e])).toEqual(before);
    // The other holder vanished too: its lease runs out, the sweep delivers the event here again.
    await db.query(`update agent_events set lease_expires_at = now() - interval '1 second' where event_id = $1`, [e]);
    const again = await client.next((f) => f.type === 'event.delivery' && f.event.eventId === e);
    expect(again.event.attempts).toBe(3);
    client.ack(e);
    await client.next((f) => f.type === 'event.acknowledged');
    expect(await status(e)).toBe('acknowledged');
    await client.close();
  });

  it('email.received from inbound SMTP is delivered live, without the message body', async () => {
    const { id, client } = await tenantWithSocket();
    await db.query(`insert into agent_email_addresses (local_part, tenant_id) values ('rt-inbox', $1)`, [id]);
    const [box] = await db.query<{ id: string }>(
      `insert into agent_mailboxes (tenant_id, local_part, display_name) values ($1, 'rt-inbox', 'x') returning id`,
      [id],
    );
    const mta = nodemailer.createTransport({ host: '127.0.0.1', port: h.smtpPort, secure: false, ignoreTLS: true });
    await mta.sendMail({
      from: 'a@example.org',
      to: `rt-inbox@${TEST_DOMAIN}`,
      subject: 'Hello socket',
      text: 'secret body',
    });
    mta.close();
    const d = await client.next((f) => f.type === 'event.delivery');
    expect(d.event).toMatchObject({ type: 'email.received', source: 'email', resourceId: box!.id });
    expect(Object.keys(d.event.payload).sort()).toEqual([
      'emailId',
      'eventId',
      'from',
      'mailboxId',
      'receivedAt',
      'subject',
      'type',
    ]);
    expect(JSON.stringify(d)).not.toContain('secret body');
    await client.close();
  });
});

describe('protocol', () => {
  it('answers misuse with protocol errors and keeps the socket; an oversized frame closes it with 1009', async () => {
    const { client } = await tenantWithSocket();
    client.send({ type: 'event.ack', eventId: 'vt_abc' });
    expect(await client.next((f) => f.type === 'error')).toMatchObject({ code: 'PROTOCOL_ERROR' });
    client.send({ type: 'voice.response', turnId: '00000000-0000-4000-8000-000000000000', text: 'hi' });
    const eventId = await client.next((f) => f.type === 'error');
    expect(eventId).toMatchObject({ code: 'PROTOCOL_ERROR' });
    expect(eventId.message).toContain('an event id (a uuid), not a voice turn id');
    client.send({ type: 'voice.response', turnId: 'vt_never_sent', text: 'hi' });
    const unknown = await client.next((f) => f.type === 'error');
    expect(unknown).toMatchObject({ code: 'RESOURCE_NOT_FOUND', turnId: 'vt_never_sent' });
    expect(unknown.message).toContain('No voice turn "vt_never_sent" was sent to this tenant');
    client.send({ type: 'nonsense' });
    expect(await client.next((f) => f.type === 'error')).toMatchObject({ code: 'PROTOCOL_ERROR' });
    client.send('not json');
    expect(await client.next((f) => f.type === 'error')).toMatchObject({ code: 'PROTOCOL_ERROR' });
    client.ack('00000000-0000-4000-8000-000000000000');
    expect(await client.next((f) => f.type === 'error')).toMatchObject({ code: 'RESOURCE_NOT_FOUND' });
    // Another tenant's event: the code REST answers for it (RESOURCE_NOT_OWNED), and it stays unacknowledged.
    const other = await makeTenant(db);
    const theirs = await makeEvent(db, other.id, { n: 1 });
    client.ack(theirs);
    expect(await client.next((f) => f.type === 'error')).toMatchObject({ code: 'RESOURCE_NOT_OWNED', eventId: theirs });
    const rest = await call(h.app, 'POST', '/api/v1/events/ack', {
      body: { eventId: theirs },
      headers: bearer((await makeTenant(db)).token),
    });
    expect(rest.body.error.code).toBe('RESOURCE_NOT_OWNED');
    expect(await status(theirs)).toBe('pending');
    client.send({ type: 'session.authenticate', token: 'again' });
    expect(await client.next((f) => f.type === 'error')).toMatchObject({ code: 'PROTOCOL_ERROR' });
    expect(client.closed).toBeNull();
    client.send({ type: 'event.ack', eventId: 'x'.repeat(MAX_FRAME_BYTES) });
    expect((await client.whenClosed()).code).toBe(1009);
  });

  it('closes a socket that stops answering pings', async () => {
    const t = await makeTenant(db);
    const rt = await realtimeToken(h.app, t.token);
    const c = await TestClient.connect(wsUrl, { autoPong: false });
    c.send({ type: 'session.authenticate', token: rt });
    await c.next((f) => f.type === 'session.ready');
    expect((await c.whenClosed(3_000)).code).toBe(1006); // terminated after two missed pings, no close frame
  });
});

describe('replay when the inbox cannot be read', () => {
  it('sends REPLAY_UNAVAILABLE and replay: deferred, then delivers once the database answers', async () => {
    let failing = true;
    const flaky: Database = Object.create(db) as Database;
    flaky.query = (<T>(text: string, params?: readonly unknown[]) => {
      if (failing && text.includes('skip locked')) return Promise.reject(new Error('inbox unavailable'));
      return db.query<T>(text, params);
    }) as Sql['query'];
    const realtime = createRealtimeGateway({
      db: flaky,
      logger: h.ctx.logger,
      publicUrl: 'http://127.0.0.1',
      policy: h.ctx.config.events,
      settings: { ...h.ctx.config.realtime, sweepMs: 100 },
    });
    const app = await createAgentsTestServer({ ...h.ctx, realtime }, { rateLimit: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const t = await makeTenant(db);
      const e = await makeEvent(db, t.id);
      const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
      const c = await TestClient.open(url, await realtimeToken(app, t.token));
      expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'REPLAY_UNAVAILABLE' });
      expect(await c.next((f) => f.type === 'session.replay.complete')).toMatchObject({ replay: 'deferred' });
      failing = false;
      expect((await c.next((f) => f.type === 'event.delivery')).event.eventId).toBe(e);
      await c.close();
    } finally {
      await app.close();
    }
  });
});

describe('HTTP timeouts', () => {
  it('an upgraded WebSocket outlives the request, header and keep-alive timeouts of its server', async () => {
    const realtime = createRealtimeGateway({
      db,
      logger: h.ctx.logger,
      publicUrl: 'http://127.0.0.1',
      policy: h.ctx.config.events,
      settings: { ...h.ctx.config.realtime, heartbeatMs: 200 },
    });
    const app = await createAgentsTestServer(
      { ...h.ctx, realtime },
      {
        rateLimit: false,
        transport: { requestTimeoutMs: 1000, headersTimeoutMs: 1000, keepAliveTimeoutMs: 1000, trustProxy: false },
      },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const t = await makeTenant(db);
      const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
      const c = await TestClient.open(url, await realtimeToken(app, t.token));
      await new Promise((r) => setTimeout(r, 3_000));
      expect(c.closed).toBeNull();
      const e = await makeEvent(db, t.id);
      expect((await c.next((f) => f.type === 'event.delivery')).event.eventId).toBe(e);
      await c.close();
    } finally {
      await app.close();
    }
  });
});
