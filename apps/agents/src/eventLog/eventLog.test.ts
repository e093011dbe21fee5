import { randomUUID } from 'node:crypto';
import { afterCommit, type Database, type Sql } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAgentsDb } from '../_test/agentsTestKit.ts';
import { eventually, makeEvent, makeTenant } from '../events/_test/eventsKit.ts';
import {
  ackAllEvents,
  ackDelivered,
  ackEvent,
  claimForDelivery,
  EVENTS_CHANNEL,
  EVENTS_CHANNEL_SQL,
  expireAndFailEvents,
  getEvent,
  listEvents,
  releaseLeases,
  renewLeases,
  tenantsWithDeliverable,
  IN_COMMIT_NOTIFY_SQL,
  onLocalWake,
  parseWake,
  wakeTenants,
  type EventPolicy,
} from './index.ts';

let db: Database;
const policy: EventPolicy = { leaseMs: 60_000, retentionSeconds: 30 * 86_400, maxAttempts: 3 };
const at = (ms: number) => new Date(Date.now() + ms);

beforeAll(async () => {
  db = await openAgentsDb();
});
afterAll(async () => {
  await db?.close();
});

describe('event wake-ups', () => {
  /** An insert outside recordEvent (a writer that does not wake anyone itself). */
  const rawInsert = (sql: Sql, tenantId: string, id = randomUUID()) =>
    sql.query(
      `insert into agent_events (event_id, tenant_id, type, source, payload, dedupe_key)
       values ($1, $2, 'test.event', 'agentos.internal', '{}'::jsonb, $3)`,
      [id, tenantId, `test:${id}`],
    );

  it('recordEvent wakes n:<tenant>/<origin> on db.channel(agent_events) after the commit, once per tenant; nothing before, nothing on rollback', async () => {
    const [row] = await db.query<{ ch: string }>(`select ${EVENTS_CHANNEL_SQL} as ch`);
    expect(row?.ch).toBe(db.channel(EVENTS_CHANNEL));
    const a = await makeTenant(db);
    const b = await makeTenant(db);
    const c = await makeTenant(db);
    const got: string[] = [];
    const inProcess: string[] = [];
    const local = onLocalWake(db, (ids) => inProcess.push(...ids));
    const unlisten = await db.listen(db.channel(EVENTS_CHANNEL), (p) => got.push(p));
    try {
      await expect(
        db.tx(async (tx) => {
          await makeEvent(tx, c.id);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await db.tx(async (tx) => {
        await makeEvent(tx, a.id);
        await makeEvent(tx, a.id);
        await makeEvent(tx, b.id);
        await new Promise((r) => setTimeout(r, 50));
        expect(got).toEqual([]); // nothing before commit
        expect(inProcess).toEqual([]);
      });
      await eventually(() => (got.length >= 2 ? true : undefined), 5_000, 'notifications');
      await new Promise((r) => setTimeout(r, 50));
      const { origin } = local;
      expect(got.sort()).toEqual([`n:${a.id}/${origin}`, `n:${b.id}/${origin}`].sort());
      expect(got.map((p) => parseWake(p.slice(2)))).toContainEqual({ tenantId: a.id, origin });
      expect(inProcess).toEqual([a.id, a.id, b.id]); // at the commit, once per recordEvent
    } finally {
      local.stop();
      await unlisten();
    }
  });

  it('the insert trigger sends nothing inside the commit unless the transaction opts in (IN_COMMIT_NOTIFY_SQL)', async () => {
    const a = await makeTenant(db);
    const got: string[] = [];
    const unlisten = await db.listen(db.channel(EVENTS_CHANNEL), (p) => got.push(p));
    try {
      await rawInsert(db, a.id);
      await db.tx(async (tx) => {
        await tx.query(IN_COMMIT_NOTIFY_SQL);
        await rawInsert(tx, a.id);
      });
      await eventually(() => (got.length >= 1 ? true : undefined), 5_000, 'the opted-in insert notifies');
      await new Promise((r) => setTimeout(r, 100));
      expect(got).toEqual([`n:${a.id}`]);
      await wakeTenants(db, [a.id, a.id]);
      await eventually(() => (got.length >= 2 ? true : undefined), 5_000, 'wake');
      await new Promise((r) => setTimeout(r, 50));
      expect(got).toEqual([`n:${a.id}`, `n:${a.id}`]);
    } finally {
      await unlisten();
    }
  });

  it('wake-ups of many concurrent commits all arrive, each tenant at least once and never before its commit', async () => {
    const tenants = await Promise.all(Array.from({ length: 20 }, () => makeTenant(db)));
    const got = new Map<string, number>();
    const committed = new Set<string>();
    let early = 0;
    const unlisten = await db.listen(db.channel(EVENTS_CHANNEL), (p) => {
      const t = parseWake(p.slice(2)).tenantId;
      if (!committed.has(t)) early++;
      got.set(t, (got.get(t) ?? 0) + 1);
    });
    try {
      await Promise.all(
        tenants.flatMap((t) =>
          [0, 1, 2].map(() =>
            db.tx(async (tx) => {
              await makeEvent(tx, t.id);
              afterCommit(tx, () => committed.add(t.id)); // at the commit, before any wake-up NOTIFY is sent
            }),
          ),
        ),
      );
      await eventually(() => (tenants.every((t) => got.has(t.id)) ? true : undefined), 5_000, 'every tenant woken');
      expect(early).toBe(0);
    } finally {
      await unlisten();
    }
  });
});

describe('lease protocol', () => {
  it('claims open events oldest first; a live lease excludes every other claimer; release makes them claimable again', async () => {
    const t = await makeTenant(db);
    for (let i = 0; i < 5; i++) await makeEvent(db, t.id, { i });
    // Delivery order is (createdAt, eventId): read it from the database (PGlite's clock may tie in one millisecond).
    const order = (
      await db.query<{ event_id: string }>(
        'select event_id from agent_events where tenant_id = $1 order by created_at, event_id',
        [t.id],
      )
    ).map((r) => r.event_id);
    const ids = (cs: { record: { eventId: string } }[]) => cs.map((c) => c.record.eventId);
    const s1 = randomUUID();
    const s2 = randomUUID();
    const first = await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: s1, limit: 3 });
    expect(ids(first)).toEqual(order.slice(0, 3));
    expect(first.every((c) => c.record.status === 'delivered' && c.record.attempts === 1 && c.record.deliveredAt)).toBe(
      true,
    );
    const second = await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: s2, limit: 10 });
    expect(ids(second)).toEqual(order.slice(3));
    expect(await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: s2, limit: 10 })).toEqual([]);

    expect(await releaseLeases(db, s1, db.channel(EVENTS_CHANNEL))).toBe(3);
    const again = await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: s2, limit: 10 });
    expect(again.map((c) => [c.record.eventId, c.record.attempts])).toEqual(order.slice(0, 3).map((id) => [id, 2]));
    // deliveredAt is the first delivery; it does not move on redelivery.
    expect(again[0]!.record.deliveredAt).toBe(first[0]!.record.deliveredAt);
  });

  it('concurrent claimers never share an event (SKIP LOCKED)', async () => {
    const t = await makeTenant(db);
    for (let i = 0; i < 60; i++) await makeEvent(db, t.id, { i });
    const tokens = Array.from({ length: 6 }, () => randomUUID());
    const claims = await Promise.all(
      tokens.map((leaseToken) => claimForDelivery(db, policy, { tenantId: t.id, leaseToken, limit: 15 })),
    );
    const all = claims.flat().map((c) => c.record.eventId);
    expect(all).toHaveLength(60);
    expect(new Set(all).size).toBe(60);
  });

  it('a lease that ran out is claimable by another socket; the late ack is refused and changes nothing', async () => {
    const t = await makeTenant(db);
    const id = await makeEvent(db, t.id);
    const s1 = randomUUID();
    const s2 = randomUUID();
    await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: s1, limit: 1 });
    const later = at(policy.leaseMs + 1_000);
    // s1's lease ran out (its process stalled): renewal does not revive it, s2 takes the event.
    expect(await renewLeases(db, policy, [s1], later)).toEqual([]);
    const taken = await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: s2, limit: 1 }, later);
    expect(taken.map((c) => [c.record.eventId, c.record.attempts])).toEqual([[id, 2]]);
    const before = await db.query('select * from agent_events where event_id = $1', [id]);
    expect(await ackDelivered(db, policy, [{ tenantId: t.id, eventId: id, leaseToken: s1 }], later)).toEqual([
      'lease_expired',
    ]);
    expect(await db.query('select * from agent_events where event_id = $1', [id])).toEqual(before);
    // The holder's ack counts; repeating it (or s1's) is idempotent.
    expect(await ackDelivered(db, policy, [{ tenantId: t.id, eventId: id, leaseToken: s2 }], later)).toEqual([
      'acknowledged',
    ]);
    expect(
      await ackDelivered(
        db,
        policy,
        [
          { tenantId: t.id, eventId: id, leaseToken: s2 },
          { tenantId: t.id, eventId: id, leaseToken: s1 },
        ],
        later,
      ),
    ).toEqual(['acknowledged', 'acknowledged']);
    const ev = await getEvent(db, policy, t.id, id);
    expect(ev).toMatchObject({ status: 'acknowledged', attempts: 2 });
    expect(ev?.acknowledgedAt).not.toBeNull();
  });

  it('socket acks: own live lease or no lease are accepted; another socket’s lease, another tenant or an unknown id are not', async () => {
    const t = await makeTenant(db);
    const other = await makeTenant(db);
    const never = await makeEvent(db, t.id);
    const held = await makeEvent(db, t.id);
    const s1 = randomUUID();
    const s2 = randomUUID();
    // `held` goes to s1 only (the oldest first: claim both, then release `never` by acking it via no-lease path)
    await db.query(
      `update agent_events set status = 'delivered', lease_token = $2, lease_expires_at = now() + interval '1 minute' where event_id = $1`,
      [held, s1],
    );
    expect(
      await ackDelivered(db, policy, [
        { tenantId: t.id, eventId: held, leaseToken: s2 }, // s1 holds it
        { tenantId: other.id, eventId: never, leaseToken: s2 }, // not that tenant's
        { tenantId: t.id, eventId: randomUUID(), leaseToken: s2 }, // unknown
        { tenantId: t.id, eventId: never, leaseToken: s2 }, // never delivered: no lease to respect
      ]),
    ).toEqual(['lease_expired', 'not_owned', 'not_found', 'acknowledged']);
    expect((await getEvent(db, policy, t.id, held))?.status).toBe('delivered');
    expect(await ackDelivered(db, policy, [{ tenantId: t.id, eventId: held, leaseToken: s1 }])).toEqual([
      'acknowledged',
    ]);
  });

  it('renewal extends live leases only and names the events still held', async () => {
    const t = await makeTenant(db);
    const a = await makeEvent(db, t.id);
    const s = randomUUID();
    await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: s, limit: 5 });
    const r = await renewLeases(db, policy, [s], at(policy.leaseMs / 2));
    expect(r).toEqual([{ eventId: a, leaseToken: s }]);
    const [row] = await db.query<{ lease_expires_at: Date }>(
      'select lease_expires_at from agent_events where event_id = $1',
      [a],
    );
    expect(row!.lease_expires_at.getTime()).toBeGreaterThan(Date.now() + policy.leaseMs * 1.4);
  });
});

describe('acknowledgement over REST', () => {
  it('is idempotent, ignores leases, refuses expired events and other tenants', async () => {
    const t = await makeTenant(db);
    const other = await makeTenant(db);
    const id = await makeEvent(db, t.id);
    await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: randomUUID(), limit: 1 });
    const first = await ackEvent(db, policy, t.id, id);
    expect(first.changed).toBe(true);
    expect(first.event.status).toBe('acknowledged');
    const second = await ackEvent(db, policy, t.id, id);
    expect(second).toEqual({ event: first.event, changed: false });
    await expect(ackEvent(db, policy, other.id, id)).rejects.toMatchObject({ code: 'RESOURCE_NOT_OWNED' });

    const gone = await makeEvent(db, t.id, {}, { expiresAt: new Date(Date.now() - 1000) });
    await expect(ackEvent(db, policy, t.id, gone)).rejects.toMatchObject({ code: 'EVENT_EXPIRED' });
    expect((await getEvent(db, policy, t.id, gone))?.status).toBe('expired');
  });

  it('ack-all takes the explicit cutoff and the optional types and service', async () => {
    const t = await makeTenant(db);
    const a = await makeEvent(db, t.id, {}, { type: 'email.received', service: 'email.message.query' });
    const b = await makeEvent(db, t.id, {}, { type: 'phone.call.ended' });
    await new Promise((r) => setTimeout(r, 20));
    const cutoff = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    const c = await makeEvent(db, t.id, {}, { type: 'email.received', service: 'email.message.query' });
    expect(await ackAllEvents(db, policy, t.id, { before: cutoff, types: ['email.received'] })).toBe(1);
    expect(await ackAllEvents(db, policy, t.id, { before: cutoff, service: 'email.message.query' })).toBe(0);
    expect(await ackAllEvents(db, policy, t.id, { before: cutoff })).toBe(1);
    const st = async (id: string) => (await getEvent(db, policy, t.id, id))?.status;
    expect([await st(a), await st(b), await st(c)]).toEqual(['acknowledged', 'acknowledged', 'pending']);
  });
});

describe('listing', () => {
  it('filters, pages with an opaque cursor in (createdAt, eventId) order, and never shows another tenant', async () => {
    const t = await makeTenant(db);
    const other = await makeTenant(db);
    await makeEvent(db, other.id, { i: -1 });
    const ids: string[] = [];
    // One transaction: equal createdAt, so eventId decides the order.
    await db.tx(async (tx) => {
      for (let i = 0; i < 7; i++)
        ids.push(await makeEvent(tx, t.id, { i }, { resourceId: i % 2 ? 'odd' : 'even', agentId: 'ag' }));
    });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await listEvents(db, policy, t.id, { limit: 3, cursor });
      seen.push(...page.events.map((e) => e.eventId));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([...ids].sort());
    const odd = await listEvents(db, policy, t.id, { resourceId: 'odd', agentId: 'ag' });
    expect(odd.events.map((e) => e.payload.i).sort()).toEqual([1, 3, 5]);
    await ackEvent(db, policy, t.id, ids[0]!);
    expect((await listEvents(db, policy, t.id, {})).events).toHaveLength(6); // default: open only
    expect((await listEvents(db, policy, t.id, { status: 'acknowledged' })).events.map((e) => e.eventId)).toEqual([
      ids[0],
    ]);
    expect((await listEvents(db, policy, t.id, { status: ['acknowledged', 'pending'] })).events).toHaveLength(7);
    expect((await listEvents(db, policy, t.id, { to: '2000-01-01T00:00:00Z' })).events).toEqual([]);
    await expect(listEvents(db, policy, t.id, { cursor: 'not-a-cursor' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('expiry and failure', () => {
  it('expired events are never claimed or replayed, and the sweep records them; attempts beyond the bound fail', async () => {
    const t = await makeTenant(db);
    const old = await makeEvent(db, t.id, { k: 'old' });
    await db.query(`update agent_events set created_at = now() - interval '31 days' where event_id = $1`, [old]);
    const fresh = await makeEvent(db, t.id, { k: 'fresh' });
    expect((await getEvent(db, policy, t.id, old))?.status).toBe('expired'); // before any sweep
    const s = randomUUID();
    const claimed = await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: s, limit: 10 });
    expect(claimed.map((c) => c.record.eventId)).toEqual([fresh]);
    const r = await expireAndFailEvents(db, policy);
    expect(r.expired).toBeGreaterThanOrEqual(1);
    const [row] = await db.query<{ status: string }>('select status from agent_events where event_id = $1', [old]);
    expect(row?.status).toBe('expired');

    // `fresh` is delivered and never acknowledged: after maxAttempts deliveries it fails instead of looping.
    for (let k = 1; k < policy.maxAttempts; k++) {
      await releaseLeases(db, s, db.channel(EVENTS_CHANNEL));
      expect(await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: s, limit: 10 })).toHaveLength(1);
    }
    await releaseLeases(db, s, db.channel(EVENTS_CHANNEL));
    expect(await claimForDelivery(db, policy, { tenantId: t.id, leaseToken: s, limit: 10 })).toEqual([]);
    expect(await tenantsWithDeliverable(db, policy, [t.id])).toEqual([]);
    expect((await expireAndFailEvents(db, policy)).failed).toBeGreaterThanOrEqual(1);
    const failed = await getEvent(db, policy, t.id, fresh);
    expect(failed).toMatchObject({ status: 'failed', attempts: policy.maxAttempts });
    // Failed events stay listable and can be acknowledged over REST once handled.
    expect((await ackEvent(db, policy, t.id, fresh)).event.status).toBe('acknowledged');
  });
});
