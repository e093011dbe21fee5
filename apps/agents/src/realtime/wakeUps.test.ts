import type { AddressInfo } from 'node:net';
import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, openAgentsDb, startAgents, type AgentsHarness } from '../_test/agentsTestKit.ts';
import { eventually, makeEvent, makeTenant } from '../events/_test/eventsKit.ts';
import { EVENTS_CHANNEL, wakeTenants } from '../eventLog/index.ts';
import { TestClient } from './_test/wsClient.ts';
import { REALTIME_PATH } from './protocol.ts';

/**
 * Wake-ups of the gateway's own process (eventLog/wakeAfterCommit.ts): a producer in the process wakes its sockets
 * at the commit, with no NOTIFY; the NOTIFY it sends for the other processes does not wake them a second time. The
 * gateway runs on `gated`, the same database whose listen() forwards NOTIFYs only while `hear` is set, and sweeps
 * every ten minutes: within a test, an event reaches a socket by a wake-up or not at all.
 */
let db: Database;
let gated: Database;
let hear = true;
let h: AgentsHarness;
let wsUrl: string;
const woken = new Map<string, number>();

beforeAll(async () => {
  db = await openAgentsDb();
  gated = {
    ...db,
    listen: (channel, onNotify) => db.listen(channel, (p) => hear && onNotify(p)),
  };
  h = await startAgents({
    db: gated,
    env: { EVENTS_SWEEP_MS: '600000' },
    realtimeHooks: {
      probe: (point, tenantId) => {
        if (point === 'woken') woken.set(tenantId, (woken.get(tenantId) ?? 0) + 1);
      },
    },
  });
  await h.app.listen({ host: '127.0.0.1', port: 0 });
  wsUrl = `ws://127.0.0.1:${(h.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
});
afterAll(async () => {
  await h?.close();
  await db?.close();
});

/** A tenant with a socket whose replay is complete (its connection's own wake-up is behind it). */
async function tenantWithSocket() {
  const t = await makeTenant(db);
  const r = await call(h.app, 'GET', '/api/v1/events/realtime-token', {
    headers: { authorization: `Bearer ${t.token}` },
  });
  const client = await TestClient.open(wsUrl, r.body.data.realtime.token as string);
  await client.next((f) => f.type === 'session.replay.complete');
  return { ...t, client };
}

/** Resolves once `db` (a listener registered after the gateway's) saw `payload`: the gateway's saw it before. */
async function seen(payload: string, send: () => Promise<unknown>): Promise<void> {
  let got = false;
  const unlisten = await db.listen(db.channel(EVENTS_CHANNEL), (p) => (got ||= p === payload));
  try {
    await send();
    await eventually(() => (got ? true : undefined), 10_000, payload);
  } finally {
    await unlisten();
  }
}

describe('wake-ups in the gateway’s process', () => {
  it('an event recorded in the process reaches its socket at the commit, with no NOTIFY heard', async () => {
    const t = await tenantWithSocket();
    hear = false;
    try {
      const e = await makeEvent(gated, t.id, { local: true });
      const d = await t.client.next((f) => f.type === 'event.delivery' && f.event.eventId === e);
      expect(d.event.payload).toEqual({ type: 'test.event', eventId: e, local: true });
    } finally {
      hear = true;
      await t.client.close();
    }
  });

  it('its own NOTIFY (n:<tenant>/<origin>) does not wake the tenant again; another origin’s and the trigger’s do', async () => {
    const t = await tenantWithSocket();
    try {
      const before = woken.get(t.id) ?? 0;
      let origin = '';
      const unlisten = await db.listen(db.channel(EVENTS_CHANNEL), (p) => {
        if (p.startsWith(`n:${t.id}/`)) origin = p.slice(`n:${t.id}/`.length);
      });
      let e: string;
      try {
        e = await makeEvent(gated, t.id);
        await eventually(() => (origin ? true : undefined), 10_000, 'the wake-up NOTIFY');
      } finally {
        await unlisten();
      }
      await t.client.next((f) => f.type === 'event.delivery' && f.event.eventId === e);
      expect(woken.get(t.id)! - before).toBe(1); // at the commit, in process; the NOTIFY came after it
      await seen(`n:${t.id}/other`, () => wakeTenants(db, [t.id], 'other'));
      expect(woken.get(t.id)! - before).toBe(2);
      await seen(`n:${t.id}`, () => wakeTenants(db, [t.id]));
      expect(woken.get(t.id)! - before).toBe(3);
      await seen(`n:${t.id}/${origin}`, () => wakeTenants(db, [t.id], origin));
      expect(woken.get(t.id)! - before).toBe(3);
    } finally {
      await t.client.close();
    }
  });
});
