// Two delivery runner PROCESSES on one PostgreSQL, claiming from the same backlog: every delivery is sent once and
// logged once (SKIP LOCKED claims, one lease per row, fenced writes). PostgreSQL only (PGlite is
// one in-process database); the in-process variant, two runners on two connections, is in deliveryRunner.test.ts.
import type { ChildProcess } from 'node:child_process';
import { createLogger, platformMigrations, type Database } from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayServices } from '../runtime.ts';
import { gatewayMigrations } from '../migrations.ts';
import {
  emitTestEvent,
  eventually,
  ownerSession,
  startReceiver,
  testSecretBox,
  type Receiver,
} from './_test/webhookTestKit.ts';
import { createWebhookEndpoint } from './endpoints.ts';
import { spawnDeliveryWorker } from './_test/spawnDeliveryWorker.ts';

const EVENTS = 200;

describe.skipIf(!process.env.DATABASE_URL)('webhook delivery runners in two processes (PostgreSQL only)', () => {
  let db: Database & { schema?: string };
  let rx: Receiver;
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    db = await openTestDatabase([...(await platformMigrations()), ...(await gatewayMigrations())]);
    rx = await startReceiver();
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await rx?.close();
    await db?.close();
  });

  const spawnWorker = async () => {
    const child = await spawnDeliveryWorker(db.schema!, { CONCURRENCY: '16' });
    children.add(child);
    return child;
  };

  it('every delivery succeeds exactly once in the log, and the receiver gets each event once', async () => {
    const ctx = createGatewayServices({
      db,
      logger: createLogger({ level: 'silent' }),
      now: () => new Date(),
      config: { publicUrl: 'http://gateway.test', profile: 'dev' },
      secretBox: testSecretBox(),
    });
    const merchantId = `mer_two_${process.pid}`;
    await db.query(`insert into merchants (id, business_name) values ($1, 'Two workers shop')`, [merchantId]);
    const { endpoint } = await createWebhookEndpoint(ctx, ownerSession(merchantId), {
      url: rx.url,
      enabled_events: ['*'],
    });
    // An answer takes a few milliseconds, so that both processes hold deliveries at once.
    rx.fallback = (_req, res) => setTimeout(() => res.writeHead(200).end('ok'), 5);
    const [a, b] = await Promise.all([spawnWorker(), spawnWorker()]);
    const eventIds: string[] = [];
    for (let i = 0; i < EVENTS; i++) eventIds.push(await emitTestEvent(db, { merchantId, environment: 'test' }));
    await eventually(
      async () => {
        const [r] = await db.query<{ n: number }>(
          `select count(*)::int as n from webhook_deliveries where endpoint_id = $1 and status = 'succeeded'`,
          [endpoint.id],
        );
        return r!.n === EVENTS ? true : undefined;
      },
      60_000,
      'every delivery succeeded',
    );
    a.kill('SIGTERM');
    b.kill('SIGTERM');
    await Promise.all([new Promise((r) => a.once('exit', r)), new Promise((r) => b.once('exit', r))]);

    const received = rx.requests.map((q) => JSON.parse(q.body.toString()).id as string);
    expect(received).toHaveLength(EVENTS);
    expect(new Set(received).size).toBe(EVENTS);
    expect([...received].sort()).toEqual([...eventIds].sort());
    const perDelivery = await db.query<{ attempts: number; ok: number }>(
      `select count(a.*)::int as attempts, count(*) filter (where a.status_code = 200)::int as ok
         from webhook_deliveries d left join webhook_attempts a on a.delivery_id = d.id
        where d.endpoint_id = $1 group by d.id`,
      [endpoint.id],
    );
    expect(perDelivery).toHaveLength(EVENTS);
    expect(perDelivery.every((p) => p.attempts === 1 && p.ok === 1)).toBe(true);
    // One run per delivery: no claim ever took a row another process held.
    const [runs] = await db.query<{ max: number; min: number }>(
      `select max(run_count)::int as max, min(run_count)::int as min from webhook_deliveries where endpoint_id = $1`,
      [endpoint.id],
    );
    expect(runs).toEqual({ max: 1, min: 1 });
  }, 90_000);
});
