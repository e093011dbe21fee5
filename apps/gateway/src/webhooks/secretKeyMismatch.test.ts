// Two processes with different SECRET_BOX_KEYS on one database: the second must refuse to start (the canary), and a
// worker that cannot open an endpoint's secret anyway (its keys changed under it) sends nothing, uses no attempt
// and says why on the delivery, instead of `pending` with `last_error: null`.
import {
  checkSecretBoxCanary,
  createLogger,
  parseKeyRing,
  platformMigrations,
  SecretBox,
  SecretBoxMismatchError,
  type Database,
} from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayServices } from '../runtime.ts';
import { gatewayMigrations } from '../migrations.ts';
import {
  emitTestEvent,
  eventually,
  ownerSession,
  startDeliveryRunner,
  startReceiver,
  type Receiver,
} from './_test/webhookTestKit.ts';
import { createWebhookEndpoint } from './endpoints.ts';

const box = (ring: string) => new SecretBox(parseKeyRing(ring));
const A = `k1:${'aa'.repeat(32)}`;
const B = `k1:${'bb'.repeat(32)}`; // same id, other key
const C = `k2:${'cc'.repeat(32)}`;

describe(`secret keys that differ between processes (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: Database & { schema?: string };
  let rx: Receiver;
  beforeAll(async () => {
    db = await openTestDatabase([...(await platformMigrations()), ...(await gatewayMigrations())]);
    rx = await startReceiver();
  });
  afterAll(async () => {
    await rx?.close();
    await db?.close();
  });

  it('the canary: the first start seals it, another key is refused, a rotation that keeps the old key is accepted', async () => {
    await checkSecretBoxCanary(db, box(A));
    await checkSecretBoxCanary(db, box(A)); // every later start with the same keys
    await expect(checkSecretBoxCanary(db, box(B))).rejects.toThrow(
      /SECRET_BOX_KEYS key "k1" is not the key that sealed this database's secrets/,
    );
    await expect(checkSecretBoxCanary(db, box(C))).rejects.toBeInstanceOf(SecretBoxMismatchError);
    await expect(checkSecretBoxCanary(db, box(C))).rejects.toThrow(
      /none of the keys .* key id\(s\) k1; this process has k2/,
    );
    // Rotation: k2 seals from now on, k1 still opens; after it, k2 alone is accepted too.
    await checkSecretBoxCanary(db, box(`${C},${A}`));
    await checkSecretBoxCanary(db, box(C));
    await expect(checkSecretBoxCanary(db, box(`${C},${B}`))).rejects.toThrow(/key "k1" is not the key/);
  });

  it('a delivery this process cannot sign uses no attempt and shows why; a process with the right keys delivers it', async () => {
    const ctx = createGatewayServices({
      db,
      logger: createLogger({ level: 'silent' }),
      now: () => new Date(),
      config: { publicUrl: 'http://gateway.test', profile: 'dev' },
      secretBox: box(A),
    });
    const merchantId = `mer_keys_${process.pid}`;
    await db.query(`insert into merchants (id, business_name) values ($1, 'Keys shop')`, [merchantId]);
    const { endpoint } = await createWebhookEndpoint(ctx, ownerSession(merchantId), {
      url: rx.url,
      enabled_events: ['*'],
    });
    const eventId = await emitTestEvent(db, { merchantId, environment: 'test' });

    const wrong = await startDeliveryRunner({ ...ctx, secretBox: box(B) }, { configFaultDeferMs: 30 });
    try {
      const d = await eventually(async () => {
        const [row] = await db.query<{ status: string; last_error: string | null }>(
          `select status, last_error from webhook_deliveries where endpoint_id = $1`,
          [endpoint.id],
        );
        return row?.last_error ? row : undefined;
      });
      expect(d.status).toBe('pending');
      expect(d.last_error).toMatch(
        /^not sent, no attempt used: this process cannot open the endpoint's signing secret/,
      );
      await new Promise((r) => setTimeout(r, 300)); // several more runs, all deferred
    } finally {
      await wrong.stop();
    }
    // Every deferred run was handed back uncounted: no run of the schedule used, no lease held, due again.
    const [row] = await db.query<{ run_count: number; leased: boolean; due: boolean }>(
      `select run_count, lease_token is not null as leased, due_at is not null as due
         from webhook_deliveries where endpoint_id = $1`,
      [endpoint.id],
    );
    expect(row).toEqual({ run_count: 0, leased: false, due: true });
    const [attempts] = await db.query<{ n: number }>(
      `select count(*)::int as n from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id
       where d.endpoint_id = $1`,
      [endpoint.id],
    );
    expect(attempts!.n).toBe(0);
    expect(rx.requests).toHaveLength(0);

    const right = await startDeliveryRunner(ctx);
    try {
      const [req] = await rx.waitFor(1);
      expect(JSON.parse(req!.body.toString()).id).toBe(eventId);
      const done = await eventually(async () => {
        const [row] = await db.query<{ status: string; last_error: string | null; auto_attempt_count: number }>(
          `select status, last_error, auto_attempt_count, run_count from webhook_deliveries where endpoint_id = $1`,
          [endpoint.id],
        );
        return row?.status === 'succeeded' ? row : undefined;
      });
      expect(done).toMatchObject({ last_error: null, auto_attempt_count: 1, run_count: 1 });
    } finally {
      await right.stop();
    }
  });
});
