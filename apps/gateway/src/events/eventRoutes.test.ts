import { createLogger } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createKey,
  createTestGateway,
  markEmailVerified,
  signUp,
  type SignedUp,
  type TestGateway,
} from '../_test/testGateway.ts';
import { emitEvent } from '../outbox/events.ts';
import { createEventTail } from './eventTail.ts';
import type { Tenant } from '../tenant.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`the events API (${db})`, () => {
  let g: TestGateway;
  let a: SignedUp;
  let b: SignedUp;
  let baseUrl: string;
  beforeAll(async () => {
    g = await createTestGateway();
    a = await signUp(g.app);
    b = await signUp(g.app);
    await markEmailVerified(g.db, a.userId);
    baseUrl = await g.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => g?.close());

  let n = 0;
  const emit = (who: SignedUp, type = 'payment.completed', environment: 'test' | 'live' = 'test') =>
    g.db.tx((tx) =>
      emitEvent(g.ctx, tx, {
        merchantId: who.merchantId,
        environment,
        type,
        paymentId: null,
        object: { id: `pi_test${++n}`, object: 'payment_intent' },
        createdAt: new Date(),
      }),
    );
  const get = (url: string, token = a.token, headers: Record<string, string> = {}) =>
    g.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });

  it('lists the tenant’s events newest first with the webhook body, and retrieves one', async () => {
    const e1 = await emit(a, 'payment.detected');
    const e2 = await emit(a, 'payment.completed');
    const live = await emit(a, 'payment.completed', 'live');
    const other = await emit(b);
    const r = await get('/v1/events?limit=100');
    expect(r.statusCode).toBe(200);
    const ids = r.json().data.map((e: { id: string }) => e.id);
    expect(ids.slice(0, 2)).toEqual([e2, e1]);
    expect(ids).not.toContain(live);
    expect(ids).not.toContain(other);
    expect(r.json().data[0]).toEqual({
      id: e2,
      object: 'event',
      type: 'payment.completed',
      created: expect.any(Number),
      livemode: false,
      api_version: expect.any(String),
      data: { object: { id: expect.stringMatching(/^pi_test/), object: 'payment_intent' } },
    });

    expect((await get('/v1/events?type=payment.detected')).json().data.map((e: { id: string }) => e.id)).toContain(e1);
    expect((await get('/v1/events?type=payment.detected')).json().data.map((e: { id: string }) => e.id)).not.toContain(
      e2,
    );
    expect((await get(`/v1/events/${e1}`)).json()).toMatchObject({ id: e1, type: 'payment.detected' });
    // Another merchant's event and one of the other environment are unknown ids.
    for (const id of [other, live, 'evt_nope']) {
      const miss = await get(`/v1/events/${id}`);
      expect(miss.statusCode).toBe(404);
      expect(miss.json().error.code).toBe('RESOURCE_NOT_FOUND');
    }
  });

  it('pages with an opaque cursor without gaps or repeats, and bounds by created time', async () => {
    for (let i = 0; i < 5; i++) await emit(a);
    const all = (await get('/v1/events?limit=100')).json().data.map((e: { id: string }) => e.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { id: string }[]; next_cursor: string | null; has_more: boolean } = (
        await get(`/v1/events?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.data.map((e) => e.id));
      expect(page.has_more).toBe(page.next_cursor !== null);
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all);

    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await get(`/v1/events?from=${future}`)).json().data).toEqual([]);
    expect((await get(`/v1/events?to=${future}&limit=100`)).json().data.length).toBe(all.length);
  });

  it('orders by seq as a number: pages and the stream cross 10 and 100 without repeats or gaps', async () => {
    // seq is read as text; an ORDER BY that bound to the text alias sorted "10" before "9" (issue 25).
    const key = await createKey(g.app, a.token, { name: 'order', role: 'read_only' });
    const start = await emit(a, 'payment.detected');
    const emitted = [start];
    while (emitted.length < 110) emitted.push(await emit(a, 'payment.confirmed'));
    const [top] = await g.db.query<{ max: string }>('select max(seq)::text as max from gateway_events');
    expect(BigInt(top!.max)).toBeGreaterThanOrEqual(110n);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { data: { id: string }[]; next_cursor: string | null } = (
        await get(`/v1/events?limit=5${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      seen.push(...page.data.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    const ours = seen.filter((id) => emitted.includes(id));
    expect(ours).toEqual([...emitted].reverse());
    expect(new Set(seen).size).toBe(seen.length);

    const stream = await openStream(`${baseUrl}/v1/events/stream`, key.secret, { 'last-event-id': start });
    expect((await stream.next(emitted.length - 1)).map((m) => m.id)).toEqual(emitted.slice(1));
    stream.close();
  });

  it('refuses bad filters with the envelope naming the field', async () => {
    const cases: [string, string][] = [
      ['/v1/events?type=payment.nope', 'type'],
      ['/v1/events?limit=0', 'limit'],
      ['/v1/events?from=2026-01-01T00:00:00%2B02:00', 'from'],
      ['/v1/events?cursor=bm90LWEtY3Vyc29y', 'cursor'],
      ['/v1/events/stream?types=payment.completed,nope', 'types'],
    ];
    for (const [url, field] of cases) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(r.json().error.details)).toContain(field);
    }
    expect((await g.app.inject({ method: 'GET', url: '/v1/events' })).statusCode).toBe(401);
  });

  it('streams the tenant’s new events live, and resumes after Last-Event-ID', async () => {
    const key = await createKey(g.app, a.token, { name: 'listen', role: 'read_only' });
    const first = await openStream(`${baseUrl}/v1/events/stream`, key.secret);
    await emit(b); // another merchant: never on a's stream
    const x = await emit(a, 'payment.detected');
    const y = await emit(a, 'payment.completed');
    const got = await first.next(2);
    expect(got.map((m) => [m.id, m.event])).toEqual([
      [x, 'payment.detected'],
      [y, 'payment.completed'],
    ]);
    expect(JSON.parse(got[1]!.data)).toMatchObject({ id: y, object: 'event', type: 'payment.completed' });
    first.close();

    const z = await emit(a, 'payment.expired');
    const resumed = await openStream(`${baseUrl}/v1/events/stream`, key.secret, { 'last-event-id': x });
    expect((await resumed.next(2)).map((m) => m.id)).toEqual([y, z]);
    resumed.close();

    const filtered = await openStream(`${baseUrl}/v1/events/stream?types=payment.expired`, key.secret, {
      'last-event-id': x,
    });
    expect((await filtered.next(1)).map((m) => m.id)).toEqual([z]);
    filtered.close();

    const unknown = await fetch(`${baseUrl}/v1/events/stream`, {
      headers: { ...bearer(key.secret), 'last-event-id': 'evt_unknown' },
    });
    expect(unknown.status).toBe(404);
  });

  it('ends a stream within seconds of its API key being revoked, saying why; reconnecting is 401', async () => {
    const revoked = await createKey(g.app, a.token, { name: 'to revoke', role: 'read_only' });
    const kept = await createKey(g.app, a.token, { name: 'kept', role: 'read_only' });
    const doomed = await openStream(`${baseUrl}/v1/events/stream`, revoked.secret);
    const other = await openStream(`${baseUrl}/v1/events/stream`, kept.secret);
    const before = await emit(a);
    expect((await doomed.next(1)).map((m) => m.id)).toEqual([before]);
    expect((await other.next(1)).map((m) => m.id)).toEqual([before]);

    const r = await g.app.inject({
      method: 'POST',
      url: `/v1/api-keys/${revoked.id}/revoke`,
      headers: bearer(a.token),
    });
    expect(r.statusCode).toBe(200);
    const started = Date.now();
    const comments = await doomed.ended(3_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(comments.at(-1)).toBe('closed: INVALID_API_KEY: This API key has been revoked');

    const again = await fetch(`${baseUrl}/v1/events/stream`, { headers: bearer(revoked.secret) });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('INVALID_API_KEY');
    // Another key of the same merchant keeps its stream.
    const after = await emit(a);
    expect((await other.next(1)).map((m) => m.id)).toEqual([after]);
    other.close();
  });

  it('ends a session’s stream within seconds of logout; reconnecting is 401', async () => {
    const c = await signUp(g.app);
    const stream = await openStream(`${baseUrl}/v1/events/stream`, c.token);
    const logout = await g.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: bearer(c.token) });
    expect(logout.statusCode).toBe(200);
    const started = Date.now();
    const comments = await stream.ended(3_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(comments.at(-1)).toBe('closed: INVALID_SESSION: This session has ended; sign in again');
    const again = await fetch(`${baseUrl}/v1/events/stream`, { headers: bearer(c.token) });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('INVALID_SESSION');
  });

  it('waits at a hole in the sequence for an open transaction, and skips a hole that never fills', async () => {
    let clock = 0;
    const tail = createEventTail(g.db, createLogger({ level: 'silent' }), {
      pollMs: 20,
      gapTimeoutMs: 1_000,
      now: () => clock,
    });
    const tenant: Tenant = { merchantId: a.merchantId, environment: 'test' };
    const seen: string[] = [];
    const stop = await tail.subscribe({
      tenant,
      lastSeq: null,
      deliver: async (rows) => void seen.push(...rows.map((r) => r.id)),
    });
    // A seq handed out and never used (as a rolled-back insert leaves it).
    await g.db.query(`select nextval(pg_get_serial_sequence('gateway_events', 'seq'))`);
    const after = await emit(a);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([]); // the tail waits: the hole could be a transaction still open
    clock += 1_001;
    await waitFor(() => seen.length === 1);
    expect(seen).toEqual([after]);
    stop();
    tail.close();
  });
});

async function waitFor(ok: () => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

interface SseMessage {
  id: string;
  event: string;
  data: string;
}

/** A minimal server-sent events reader over fetch: waits for the connection, then yields parsed messages. */
async function openStream(url: string, token: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { ...bearer(token), ...headers }, signal: abort.signal });
  if (res.status !== 200) throw new Error(`stream: ${res.status} ${await res.text()}`);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  const parse = () => {
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const m: Record<string, string> = {};
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          comments.push(line.slice(1).trim());
          continue;
        }
        const i = line.indexOf(': ');
        m[line.slice(0, i)] = line.slice(i + 2);
      }
      if (m.id) messages.push({ id: m.id, event: m.event ?? '', data: m.data ?? '' });
    }
  };
  return {
    async next(count: number): Promise<SseMessage[]> {
      const deadline = Date.now() + 15_000;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`stream: got ${messages.length} of ${count}`);
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffer += value;
        parse();
      }
      return messages.splice(0, count);
    },
    /** Waits for the server to end the stream (within `ms`); returns every comment it sent. */
    async ended(ms: number): Promise<string[]> {
      const timer = setTimeout(() => abort.abort(), ms);
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return comments;
          buffer += value;
          parse();
        }
      } catch (err) {
        throw new Error(`stream still open after ${ms} ms (${String(err)})`);
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => abort.abort(),
  };
}
