import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAgentsDb } from '../_test/agentsTestKit.ts';
import { makeTenant } from '../events/_test/eventsKit.ts';
import {
  ackDelivered,
  ackEvent,
  claimForDelivery,
  EVENTS_CHANNEL,
  expireAndFailEvents,
  releaseLeases,
  renewLeases,
  type EventPolicy,
  type SocketAckResult,
} from './index.ts';

/**
 * Model-based test of the delivery lease protocol (the rules at the top of eventLog/eventRecord.ts): random sequences of
 * inserts, claims by three sockets, socket acks, REST acks, renewals, releases, sweeps and clock advances run
 * against the real SQL (with a pinned clock) and against a plain model; after every step the rows must equal the
 * model. The model states the protocol; the invariants follow from it and are asserted too:
 *  - a claim never returns an event another socket holds under a live lease;
 *  - acknowledged, expired and failed are final (except failed → acknowledged over REST);
 *  - an ack under a lease that ran out, or under another socket's lease, changes nothing.
 */
const policy: EventPolicy = { leaseMs: 1_000, retentionSeconds: 8, maxAttempts: 4 };
const BASE = Date.parse('2030-01-01T00:00:00.000Z');

type Status = 'pending' | 'delivered' | 'acknowledged' | 'expired' | 'failed';
interface MEvent {
  id: string;
  created: number;
  expiresAt: number; // effective expiry (explicit or created + retention)
  status: Status;
  lease: { token: string; until: number } | null;
  attempts: number;
}
interface Model {
  now: number;
  events: MEvent[];
}
interface Real {
  db: Database;
  tenantId: string;
  /** Lease tokens of three sockets, fresh per run (leases are looked up by token across tenants). */
  sockets: string[];
}

const at = (m: Model) => new Date(BASE + m.now);
const isOpen = (e: MEvent) => e.status === 'pending' || e.status === 'delivered';
const expiredNow = (e: MEvent, now: number) => isOpen(e) && e.expiresAt <= now;
const order = (a: MEvent, b: MEvent) => a.created - b.created || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const liveLease = (e: MEvent, now: number) => e.lease !== null && e.lease.until > now;

async function checkRows(m: Model, r: Real): Promise<void> {
  const rows = await r.db.query<{
    event_id: string;
    status: Status;
    lease_token: string | null;
    lease_expires_at: Date | null;
    attempts: number;
  }>(
    `select event_id, status, lease_token, lease_expires_at, attempts from agent_events where tenant_id = $1 order by event_id`,
    [r.tenantId],
  );
  const expected = [...m.events]
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((e) => ({
      event_id: e.id,
      status: e.status,
      lease_token: e.lease?.token ?? null,
      lease_expires_at: e.lease ? new Date(BASE + e.lease.until) : null,
      attempts: e.attempts,
    }));
  expect(rows.map((x) => ({ ...x, attempts: Number(x.attempts) }))).toEqual(expected);
}

class Insert implements fc.AsyncCommand<Model, Real> {
  constructor(readonly expiresIn: number | null) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const id = randomUUID();
    const expires = this.expiresIn === null ? null : m.now + this.expiresIn;
    await r.db.query(
      `insert into agent_events (event_id, tenant_id, type, source, payload, dedupe_key, created_at, expires_at)
       values ($1::uuid, $2, 'test.model', 'agentos.internal', '{}'::jsonb, 'model:' || $1::text, $3, $4)`,
      [id, r.tenantId, at(m), expires === null ? null : new Date(BASE + expires)],
    );
    m.events.push({
      id,
      created: m.now,
      expiresAt: expires ?? m.now + policy.retentionSeconds * 1000,
      status: 'pending',
      lease: null,
      attempts: 0,
    });
    await checkRows(m, r);
  }
  toString = () => `insert(${this.expiresIn})`;
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model) {
    m.now += this.ms;
  }
  toString = () => `advance(${this.ms})`;
}

class Claim implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly socket: number,
    readonly limit: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const token = r.sockets[this.socket]!;
    const want = m.events
      .filter((e) => isOpen(e) && !expiredNow(e, m.now) && !liveLease(e, m.now) && e.attempts < policy.maxAttempts)
      .sort(order)
      .slice(0, this.limit);
    const got = await claimForDelivery(
      r.db,
      policy,
      { tenantId: r.tenantId, leaseToken: token, limit: this.limit },
      at(m),
    );
    // Never an event under another live lease (the model only offers unleased ones).
    for (const e of want) {
      expect(e.lease === null || e.lease.until <= m.now).toBe(true);
      e.status = 'delivered';
      e.lease = { token, until: m.now + policy.leaseMs };
      e.attempts++;
    }
    expect(got.map((c) => c.record.eventId)).toEqual(want.map((e) => e.id));
    await checkRows(m, r);
  }
  toString = () => `claim(s${this.socket}, ${this.limit})`;
}

class SocketAck implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly socket: number,
    readonly pick: number,
  ) {}
  check = (m: Readonly<Model>) => m.events.length > 0;
  async run(m: Model, r: Real) {
    const token = r.sockets[this.socket]!;
    const e = m.events[this.pick % m.events.length]!;
    let want: SocketAckResult;
    if (e.status === 'acknowledged') want = 'acknowledged';
    else if (e.status === 'expired' || expiredNow(e, m.now)) want = 'expired';
    else if (e.lease === null || (e.lease.token === token && e.lease.until > m.now)) {
      want = 'acknowledged';
      e.status = 'acknowledged';
      e.lease = null;
    } else want = 'lease_expired'; // ran out, or another socket's: nothing changes
    const got = await ackDelivered(r.db, policy, [{ tenantId: r.tenantId, eventId: e.id, leaseToken: token }], at(m));
    expect(got).toEqual([want]);
    await checkRows(m, r);
  }
  toString = () => `socketAck(s${this.socket}, #${this.pick})`;
}

class RestAck implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.events.length > 0;
  async run(m: Model, r: Real) {
    const e = m.events[this.pick % m.events.length]!;
    const expired = e.status === 'expired' || expiredNow(e, m.now);
    if (!expired && e.status !== 'acknowledged') {
      e.status = 'acknowledged';
      e.lease = null;
    }
    const got = await ackEvent(r.db, policy, r.tenantId, e.id, at(m)).then(
      (x) => x.event.status,
      (err: { code?: string }) => err.code,
    );
    expect(got).toBe(expired ? 'EVENT_EXPIRED' : 'acknowledged');
    await checkRows(m, r);
  }
  toString = () => `restAck(#${this.pick})`;
}

class Renew implements fc.AsyncCommand<Model, Real> {
  constructor(readonly socket: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const token = r.sockets[this.socket]!;
    const held = m.events.filter((e) => e.status === 'delivered' && e.lease?.token === token && e.lease.until > m.now);
    for (const e of held) e.lease = { token, until: m.now + policy.leaseMs };
    const got = await renewLeases(r.db, policy, [token], at(m));
    expect(got.map((g) => g.eventId).sort()).toEqual(held.map((e) => e.id).sort());
    await checkRows(m, r);
  }
  toString = () => `renew(s${this.socket})`;
}

class Release implements fc.AsyncCommand<Model, Real> {
  constructor(readonly socket: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const token = r.sockets[this.socket]!;
    const held = m.events.filter((e) => e.status === 'delivered' && e.lease?.token === token);
    for (const e of held) e.lease = null;
    expect(await releaseLeases(r.db, token, r.db.channel(EVENTS_CHANNEL))).toBe(held.length);
    await checkRows(m, r);
  }
  toString = () => `release(s${this.socket})`;
}

class Sweep implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    for (const e of m.events) {
      if (expiredNow(e, m.now)) {
        e.status = 'expired';
        e.lease = null;
      } else if (isOpen(e) && e.attempts >= policy.maxAttempts && !liveLease(e, m.now)) {
        e.status = 'failed';
        e.lease = null;
      }
    }
    await expireAndFailEvents(r.db, policy, {}, at(m));
    await checkRows(m, r);
  }
  toString = () => 'sweep';
}

let db: Database;
beforeAll(async () => {
  db = await openAgentsDb();
});
afterAll(async () => {
  await db?.close();
});

describe('event lease protocol (model-based)', () => {
  const run = async (cmds: Iterable<fc.AsyncCommand<Model, Real>>) => {
    const t = await makeTenant(db);
    await fc.asyncModelRun(
      () => ({
        model: { now: 0, events: [] },
        real: { db, tenantId: t.id, sockets: [randomUUID(), randomUUID(), randomUUID()] },
      }),
      cmds,
    );
  };

  // The edges of the protocol, each as a fixed sequence (the random runs below reach them only now and then).
  it.each([
    [
      'an ack under its own lease that ran out is refused',
      [new Insert(null), new Claim(0, 1), new Advance(1_100), new SocketAck(0, 0)],
    ],
    [
      'an ack while another socket holds the lease is refused',
      [new Insert(null), new Claim(0, 1), new Advance(1_100), new Claim(1, 1), new SocketAck(0, 0)],
    ],
    [
      'renewal does not revive a lease that ran out',
      [new Insert(null), new Claim(0, 1), new Advance(1_100), new Renew(0), new Claim(1, 1), new SocketAck(1, 0)],
    ],
    [
      'a released event is acknowledged by any socket and claimed by none',
      [new Insert(null), new Claim(0, 1), new Release(0), new SocketAck(1, 0), new Claim(2, 3)],
    ],
    [
      'expiry wins over leases and acks',
      [new Insert(500), new Claim(0, 1), new Advance(700), new SocketAck(0, 0), new RestAck(0), new Sweep()],
    ],
    [
      'attempts run out into failed; REST ack still takes it',
      [
        new Insert(null),
        ...[0, 1, 2, 3].flatMap(() => [new Claim(0, 1), new Advance(1_100)]),
        new Claim(1, 1),
        new Sweep(),
        new RestAck(0),
      ],
    ],
  ] as const)('%s', async (_name, cmds) => run(cmds));

  it('matches the model under random interleavings of claims, acks, renewals, releases, sweeps and time', async () => {
    const socket = fc.integer({ min: 0, max: 2 });
    const pick = fc.nat({ max: 3 }); // mostly the oldest events, which claims reach first
    const commands = [
      fc.option(fc.integer({ min: 1, max: 12_000 }), { nil: null }).map((x) => new Insert(x)),
      fc.constantFrom(1, 300, 700, 1_100, 4_000).map((ms) => new Advance(ms)), // around the 1 s lease and 8 s retention
      fc.tuple(socket, fc.integer({ min: 1, max: 3 })).map(([s, n]) => new Claim(s, n)),
      fc.tuple(socket, pick).map(([s, k]) => new SocketAck(s, k)),
      fc.tuple(socket, pick).map(([s, k]) => new SocketAck(s, k)), // twice: acks are where leases bite
      pick.map((k) => new RestAck(k)),
      socket.map((s) => new Renew(s)),
      socket.map((s) => new Release(s)),
      fc.constant(new Sweep()),
    ];
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 40, size: 'large' }), async (cmds) => {
        await run(cmds);
      }),
      { numRuns: Number(process.env.LEASE_MODEL_RUNS ?? 60) },
    );
  });
});
