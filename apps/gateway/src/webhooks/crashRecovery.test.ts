// kill -9 of a delivery worker while its POSTs are in flight loses no event: the deliveries stay leased, the leases
// expire, another worker process delivers every event (same event ids), and the log shows the runs the dead worker
// never finished. Worker processes need PostgreSQL (PGlite is one in-process database); the in-process variant of the
// same recovery (a claimed delivery abandoned until its lease expires) runs on both databases in delivery.test.ts.
import type { ChildProcess } from 'node:child_process';
import type http from 'node:http';
import { createLogger, platformMigrations, type Database } from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayServices } from '../runtime.ts';
import { gatewayMigrations } from '../migrations.ts';
import {
  emitTestEvent,
  eventually,
  ok,
  ownerSession,
  startReceiver,
  testSecretBox,
  type Receiver,
} from './_test/webhookTestKit.ts';
import { INTERRUPTED_ATTEMPT_ERROR } from './writeAttempts.ts';
import { createWebhookEndpoint } from './endpoints.ts';
import { spawnDeliveryWorker } from './_test/spawnDeliveryWorker.ts';

const EVENTS = 20;

describe.skipIf(!process.env.DATABASE_URL)('webhook delivery across a kill -9 (PostgreSQL only)', () => {
  let db: Database & { schema?: string };
  let rx: Receiver;
  const children = new Set<ChildProcess>();
  const held: http.ServerResponse[] = [];

  beforeAll(async () => {
    db = await openTestDatabase([...(await platformMigrations()), ...(await gatewayMigrations())]);
    rx = await startReceiver();
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    for (const res of held) res.destroy();
    await rx?.close();
    await db?.close();
  });

  const spawnWorker = async () => {
    const child = await spawnDeliveryWorker(db.schema!, { LEASE_MS: '1500' });
    children.add(child);
    return child;
  };

  it('SIGKILL mid-delivery: every event still arrives, with its id, processed once by a deduplicating receiver', async () => {
    const ctx = createGatewayServices({
      db,
      logger: createLogger({ level: 'silent' }),
      now: () => new Date(),
      config: { publicUrl: 'http://gateway.test', profile: 'dev' },
      secretBox: testSecretBox(),
    });
    const merchantId = `mer_crash_${process.pid}`;
    await db.query(`insert into merchants (id, business_name) values ($1, 'Crash shop')`, [merchantId]);
    const { endpoint } = await createWebhookEndpoint(ctx, ownerSession(merchantId), {
      url: rx.url,
      enabled_events: ['*'],
    });

    // The merchant's server: holds every request open until the worker is dead, then answers 200 and processes each
    // event id once (dedupe on event.id, as the spec tells receivers to).
    const processed = new Map<string, number>();
    rx.fallback = (req, res) => void held.push(res);
    const a = await spawnWorker();
    const eventIds: string[] = [];
    for (let i = 0; i < EVENTS; i++) eventIds.push(await emitTestEvent(db, { merchantId, environment: 'test' }));
    await rx.waitFor(8, 30_000); // worker A's 8 slots are all mid-POST
    a.kill('SIGKILL');
    await new Promise((r) => a.once('exit', r));
    expect(a.signalCode).toBe('SIGKILL');
    const inFlightAtKill = rx.requests.length;

    rx.fallback = (req, res) => {
      const id = JSON.parse(req.body.toString()).id as string;
      processed.set(id, (processed.get(id) ?? 0) + 1);
      ok(req, res);
    };
    const b = await spawnWorker();
    await eventually(
      async () => {
        const [r] = await db.query<{ n: number }>(
          `select count(*)::int as n from webhook_deliveries where endpoint_id = $1 and status = 'succeeded'`,
          [endpoint.id],
        );
        return r!.n === EVENTS ? true : undefined;
      },
      45_000,
      'every delivery succeeded',
    );
    b.kill('SIGTERM');

    // No event lost, each processed once; the ones cut off by the kill were sent again with the same id.
    expect([...processed.keys()].sort()).toEqual([...eventIds].sort());
    expect([...processed.values()].every((n) => n === 1)).toBe(true);
    const cutOff = new Set(rx.requests.slice(0, inFlightAtKill).map((q) => JSON.parse(q.body.toString()).id as string));
    expect(cutOff.size).toBe(inFlightAtKill);
    for (const id of cutOff) expect(processed.get(id)).toBe(1);
    // Their logs show the run the dead worker never finished, then the success.
    const logs = await db.query<{ event_id: string; attempts: { error: string | null; status_code: number | null }[] }>(
      `select d.event_id, json_agg(json_build_object('error', a.error, 'status_code', a.status_code) order by a.attempt)
                as attempts
         from webhook_deliveries d join webhook_attempts a on a.delivery_id = d.id
        where d.endpoint_id = $1 group by d.event_id`,
      [endpoint.id],
    );
    for (const l of logs) {
      if (cutOff.has(l.event_id)) {
        expect(l.attempts).toEqual([
          { error: INTERRUPTED_ATTEMPT_ERROR, status_code: null },
          { error: null, status_code: 200 },
        ]);
      } else {
        expect(l.attempts).toEqual([{ error: null, status_code: 200 }]);
      }
    }
  });
});
