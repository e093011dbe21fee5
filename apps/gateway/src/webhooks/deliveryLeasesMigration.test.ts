// Upgrading to deliveries that are their own jobs (migration 0702) loses nothing in flight: the old queue's
// automatic jobs become due deliveries with their run counts, manual jobs become manual retry requests, and the
// queue's rows are gone.
import { migrate, openPglite, platformMigrations, type Database } from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayMigrations } from '../migrations.ts';

const dbKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

describe(`webhook delivery leases migration (${dbKind})`, () => {
  let db: Database;

  beforeAll(async () => {
    // A database migrated up to the one before 0702 (PGlite: from scratch, not the fully migrated template).
    db = process.env.DATABASE_URL ? await openTestDatabase([]) : await openPglite();
    const all = [...(await platformMigrations()), ...(await gatewayMigrations())];
    const at = all.findIndex((m) => m.id === 'gateway/0702_webhook_delivery_leases.sql');
    expect(at).toBeGreaterThan(0);
    await migrate(db, all.slice(0, at));
    // Deliveries as the job queue left them: one whose automatic job is queued for later, one whose job was
    // running (its run may or may not have gone out), one succeeded with a manual resend queued, one pending with
    // both its automatic job and a manual one, and one done with nothing queued.
    await db.exec(`
      insert into merchants (id, business_name) values ('mer_up', 'Upgrade shop');
      insert into webhook_endpoints (id, merchant_id, environment, url, enabled_events, secret_sealed, created_at,
                                     updated_at)
        values ('we_up', 'mer_up', 'test', 'http://localhost/h', '{*}', 'sealed', now(), now());
      insert into gateway_events (id, merchant_id, environment, livemode, type, data)
        select 'evt_' || n, 'mer_up', 'test', false, 'payment.confirmed', '{}' from generate_series(1, 5) n;
      insert into webhook_deliveries (id, event_id, endpoint_id, merchant_id, environment, event_type, status,
                                      attempt_count, auto_attempt_count, next_attempt_at, created_at, updated_at)
        values ('whd_later', 'evt_1', 'we_up', 'mer_up', 'test', 'payment.confirmed', 'pending', 2, 2,
                now() + interval '10 minutes', now(), now()),
               ('whd_running', 'evt_2', 'we_up', 'mer_up', 'test', 'payment.confirmed', 'pending', 0, 0, null, now(),
                now()),
               ('whd_resend', 'evt_3', 'we_up', 'mer_up', 'test', 'payment.confirmed', 'succeeded', 1, 1, null, now(),
                now()),
               ('whd_both', 'evt_4', 'we_up', 'mer_up', 'test', 'payment.confirmed', 'pending', 1, 1,
                now() + interval '1 hour', now(), now()),
               ('whd_done', 'evt_5', 'we_up', 'mer_up', 'test', 'payment.confirmed', 'succeeded', 1, 1, null, now(),
                now());
      insert into jobs (queue, payload, idempotency_key, state, attempts, max_attempts, run_at, lease_token,
                        lease_expires_at)
        values ('gateway.webhook-delivery', '{"deliveryId":"whd_later"}', 'webhook:whd_later', 'queued', 2, 12,
                now() + interval '10 minutes', null, null),
               ('gateway.webhook-delivery', '{"deliveryId":"whd_running"}', 'webhook:whd_running', 'running', 1, 12,
                now() - interval '1 second', gen_random_uuid(), now() + interval '20 seconds'),
               ('gateway.webhook-delivery', '{"deliveryId":"whd_resend","manual":true}', 'webhook:whd_resend:manual:1',
                'queued', 0, 1, now(), null, null),
               ('gateway.webhook-delivery', '{"deliveryId":"whd_both"}', 'webhook:whd_both', 'queued', 1, 12,
                now() + interval '1 hour', null, null),
               ('gateway.webhook-delivery', '{"deliveryId":"whd_both","manual":true}', 'webhook:whd_both:manual:1',
                'queued', 0, 1, now(), null, null),
               ('other.queue', '{}', 'other:1', 'queued', 0, 5, now(), null, null);
    `);
    await migrate(db, all);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('carries every in-flight job over to its delivery and deletes the queue', async () => {
    const rows = await db.query<{
      id: string;
      due_in: 'now' | 'later' | null;
      run_count: number;
      manual_retry_at_attempt: number | null;
      leased: boolean;
    }>(
      `select id, case when due_at is null then null when due_at <= now() then 'now' else 'later' end as due_in,
              run_count, manual_retry_at_attempt, lease_token is not null as leased
         from webhook_deliveries order by id`,
    );
    expect(rows).toEqual([
      { id: 'whd_both', due_in: 'now', run_count: 1, manual_retry_at_attempt: 1, leased: false },
      { id: 'whd_done', due_in: null, run_count: 0, manual_retry_at_attempt: null, leased: false },
      { id: 'whd_later', due_in: 'later', run_count: 2, manual_retry_at_attempt: null, leased: false },
      { id: 'whd_resend', due_in: 'now', run_count: 0, manual_retry_at_attempt: 1, leased: false },
      // Its run counted: if it never logged, the next run logs it as interrupted.
      { id: 'whd_running', due_in: 'now', run_count: 1, manual_retry_at_attempt: null, leased: false },
    ]);
    // whd_both's automatic schedule is still there, behind the manual attempt.
    const [both] = await db.query<{ later: boolean }>(
      `select next_attempt_at > now() as later from webhook_deliveries where id = 'whd_both'`,
    );
    expect(both!.later).toBe(true);
    expect(await db.query(`select queue from jobs order by queue`)).toEqual([{ queue: 'other.queue' }]);
  });
});
