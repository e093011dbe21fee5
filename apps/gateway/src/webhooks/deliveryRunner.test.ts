// The delivery runner's own guarantees, on both databases: fenced writes (a run whose lease was taken over writes
// nothing), leases kept through long sends, a graceful stop that logs the aborted attempt and hands the delivery
// back, a manual retry asked while the automatic run is in flight, and two runners on separate connections that
// never send one delivery twice.
import { openDatabase, type Database } from '@tender/platform';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, signUp, type TestGateway } from '../_test/testGateway.ts';
import {
  emitTestEvent,
  eventually,
  ok,
  ownerSession,
  startDeliveryRunner,
  startReceiver,
  status,
  testSecretBox,
  type Receiver,
} from './_test/webhookTestKit.ts';
import { claimDeliveries } from './claimDeliveries.ts';
import { completeAndClaimDeliveries } from './completeAndClaimDeliveries.ts';
import { retryDelivery } from './deliveries.ts';
import { DELIVERY_MAX_RUNS } from './deliveryWorker.ts';
import { INTERRUPTED_ATTEMPT_ERROR, writeAttempts } from './writeAttempts.ts';
import { createWebhookEndpoint } from './endpoints.ts';
import { resolveWebhookSettings } from './settings.ts';

const dbKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const RETRY_MS = 200;

interface Attempt {
  attempt: number;
  status_code: number | null;
  error: string | null;
  manual: boolean;
}

describe(`webhook delivery runner (${dbKind})`, () => {
  let g: TestGateway;
  const receivers: Receiver[] = [];
  const runners: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    g = await createTestGateway();
    g.ctx.secretBox = testSecretBox();
    g.ctx.webhooks = resolveWebhookSettings(
      { retryDelaysMs: Array<number>(8).fill(RETRY_MS), jitter: 0, timeoutMs: 5_000 },
      'dev',
    );
  });
  // Every test stops its runners: one left running (some have short leases) would claim the next test's
  // deliveries, and a lease that runs out on a loaded machine sends a delivery twice (at least once, as designed).
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await g?.close();
  });

  const receiver = async () => {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  };
  const runner = async (opts: Parameters<typeof startDeliveryRunner>[1] = {}, ctx = g.ctx) => {
    const r = await startDeliveryRunner(ctx, opts);
    runners.push(r);
    return r;
  };
  /** A merchant with one endpoint at `url`. */
  const merchant = async (url: string) => {
    const owner = await signUp(g.app);
    const { endpoint } = await createWebhookEndpoint(g.ctx, ownerSession(owner.merchantId), {
      url,
      enabled_events: ['*'],
    });
    return { tenant: { merchantId: owner.merchantId, environment: 'test' as const }, endpointId: endpoint.id };
  };
  const deliveryOf = async (endpointId: string) => {
    const [d] = await g.db.query<{
      id: string;
      status: string;
      attempt_count: number;
      auto_attempt_count: number;
      run_count: number;
      leased: boolean;
      due: boolean;
      manual_retry_at_attempt: number | null;
    }>(
      `select id, status, attempt_count, auto_attempt_count, run_count, lease_token is not null as leased,
              due_at is not null as due, manual_retry_at_attempt
         from webhook_deliveries where endpoint_id = $1`,
      [endpointId],
    );
    return d!;
  };
  const attemptsOf = (deliveryId: string) =>
    g.db.query<Attempt>(
      `select attempt, status_code, error, manual from webhook_attempts where delivery_id = $1 order by attempt`,
      [deliveryId],
    );
  const settled = (endpointId: string, want: string) =>
    eventually(
      async () => {
        const d = await deliveryOf(endpointId);
        return d.status === want && !d.leased && !d.due ? d : undefined;
      },
      20_000,
      `${want} delivery to ${endpointId}`,
    );

  // First, while no runner runs: the claims below take every due delivery of the database.
  it('a run whose lease was taken over writes nothing; the run that took over logs it as interrupted', async () => {
    const rx = await receiver();
    const { tenant, endpointId } = await merchant(rx.url);
    await emitTestEvent(g.db, tenant);
    // A lease of a second: long enough to still live on the next line on a loaded machine.
    const [first] = await claimDeliveries(g.db, 10, 1_000);
    expect(first).toMatchObject({ run_count: 1, manual: false, status: 'pending' });
    // Not claimable while the lease lives…
    expect(await claimDeliveries(g.db, 10, 5_000)).toEqual([]);
    await new Promise((r) => setTimeout(r, 1_100));
    // …claimable again once it has expired: a new token, the run counted.
    const [second] = await claimDeliveries(g.db, 10, 5_000);
    expect(second).toMatchObject({ id: first!.id, run_count: 2 });
    expect(second!.lease_token).not.toBe(first!.lease_token);

    const record = (leaseToken: string, interrupted: number) => ({
      deliveryId: first!.id,
      leaseToken,
      startedAt: new Date(),
      result: { ok: true, statusCode: 200, latencyMs: 3, excerpt: 'ok', error: null },
      manual: false,
      aborted: false,
      final: false,
      retryInMs: null,
      interrupted,
    });
    // The first run comes back late: refused, nothing logged, the lease still the second run's.
    expect(await writeAttempts(g.db, [record(first!.lease_token, 0)], new Date(0))).toEqual([undefined]);
    expect(await attemptsOf(first!.id)).toEqual([]);
    expect(await deliveryOf(endpointId)).toMatchObject({ status: 'pending', leased: true, attempt_count: 0 });
    // The second run logs the first as interrupted, then its own success, and releases the row with nothing due.
    const [written] = await writeAttempts(g.db, [record(second!.lease_token, 1)], new Date(0));
    expect(written).toMatchObject({ attempt: 2 });
    expect(await attemptsOf(first!.id)).toEqual([
      { attempt: 1, status_code: null, error: INTERRUPTED_ATTEMPT_ERROR, manual: false },
      { attempt: 2, status_code: 200, error: null, manual: false },
    ]);
    expect(await deliveryOf(endpointId)).toMatchObject({
      status: 'succeeded',
      leased: false,
      due: false,
      attempt_count: 2,
      auto_attempt_count: 2,
      run_count: 2,
    });
  });

  it('the cycle writes attempts and claims in one statement, and never claims a delivery it writes', async () => {
    const rx = await receiver();
    const { tenant } = await merchant(rx.url);
    await emitTestEvent(g.db, tenant);
    const [a] = await claimDeliveries(g.db, 1, 100);
    await emitTestEvent(g.db, tenant, 'payment.detected');
    await new Promise((r) => setTimeout(r, 150));
    // A's lease has run out (A is due again) and B is due: the statement that writes A's attempt claims B only.
    const success = (d: { id: string; lease_token: string }) => ({
      deliveryId: d.id,
      leaseToken: d.lease_token,
      startedAt: new Date(),
      result: { ok: true, statusCode: 200, latencyMs: 3, excerpt: 'ok', error: null },
      manual: false,
      aborted: false,
      final: false,
      retryInMs: null,
      interrupted: 0,
    });
    const first = await completeAndClaimDeliveries(g.db, {
      records: [success(a!)],
      disableCutoff: new Date(0),
      limit: 10,
      leaseMs: 5_000,
    });
    expect(first.written).toEqual([{ attempt: 1, endpointId: a!.endpoint_id, disable: false }]);
    expect(first.claimed.map((d) => d.event_type)).toEqual(['payment.detected']);
    const [b] = first.claimed;
    expect(b).toMatchObject({ run_count: 1, endpoint_id: a!.endpoint_id, url: rx.url });
    expect(await attemptsOf(a!.id)).toEqual([{ attempt: 1, status_code: 200, error: null, manual: false }]);
    // B's write with no slot free: written, nothing claimed (A succeeded; nothing else is due).
    const second = await completeAndClaimDeliveries(g.db, {
      records: [success(b!)],
      disableCutoff: new Date(0),
      limit: 0,
      leaseMs: 5_000,
    });
    expect(second).toEqual({ written: [{ attempt: 1, endpointId: a!.endpoint_id, disable: false }], claimed: [] });
    // A record whose lease is not held writes nothing, and the claim beside it still runs.
    const third = await completeAndClaimDeliveries(g.db, {
      records: [success(b!)],
      disableCutoff: new Date(0),
      limit: 10,
      leaseMs: 5_000,
    });
    expect(third).toEqual({ written: [undefined], claimed: [] });
    expect(await attemptsOf(b!.id)).toHaveLength(1);
  });

  it('a delivery whose runs all die is ended as failed after DELIVERY_MAX_RUNS, every lost run logged', async () => {
    const rx = await receiver();
    const { tenant, endpointId } = await merchant(rx.url);
    await emitTestEvent(g.db, tenant);
    // DELIVERY_MAX_RUNS runs claim it and die (their leases expire unwritten).
    for (let i = 1; i <= DELIVERY_MAX_RUNS; i++) {
      const [c] = await claimDeliveries(g.db, 10, 50);
      expect(c).toMatchObject({ run_count: i });
      await new Promise((r) => setTimeout(r, 60));
    }
    const r = await runner();
    const d = await settled(endpointId, 'failed');
    await r.stop();
    expect(rx.requests).toHaveLength(0);
    const attempts = await attemptsOf(d.id);
    expect(attempts).toHaveLength(DELIVERY_MAX_RUNS);
    expect(attempts.every((a) => a.error === INTERRUPTED_ATTEMPT_ERROR && !a.manual)).toBe(true);
    expect(d).toMatchObject({ attempt_count: DELIVERY_MAX_RUNS, run_count: DELIVERY_MAX_RUNS + 1 });
  });

  it('a send that outlasts the lease keeps it: another runner never sends the delivery meanwhile', async () => {
    const rx = await receiver();
    // The send lasts more than twice the lease, so it needs two extensions or more. The lease is long enough that a
    // loaded machine's event-loop stalls (hundreds of ms at load 20 on two cores) do not miss both heartbeats.
    rx.fallback = (_req, res) => setTimeout(() => res.writeHead(200).end('ok'), 4_000);
    const { tenant, endpointId } = await merchant(rx.url);
    const a = await runner({ leaseMs: 1_500 });
    const b = await runner({ leaseMs: 1_500 });
    await emitTestEvent(g.db, tenant);
    const d = await settled(endpointId, 'succeeded');
    expect(rx.requests).toHaveLength(1);
    expect(d).toMatchObject({ attempt_count: 1, run_count: 1 });
    await Promise.all([a.stop(), b.stop()]);
  });

  it('stopping mid-send logs the aborted attempt, uses no run of the schedule, and the delivery is sent again', async () => {
    const rx = await receiver();
    rx.queue.push(() => {}); // the first request is never answered
    const { tenant, endpointId } = await merchant(rx.url);
    const a = await runner();
    await emitTestEvent(g.db, tenant);
    await rx.waitFor(1);
    await a.stop();
    const handedBack = await deliveryOf(endpointId);
    expect(handedBack).toMatchObject({ status: 'pending', leased: false, due: true, attempt_count: 1, run_count: 0 });
    await runner();
    const d = await settled(endpointId, 'succeeded');
    expect(d).toMatchObject({ attempt_count: 2, auto_attempt_count: 1, run_count: 1 });
    const attempts = await attemptsOf(d.id);
    expect(attempts[0]).toMatchObject({ attempt: 1, status_code: null, manual: false });
    expect(attempts[0]!.error).toMatch(/aborted/);
    expect(attempts[1]).toMatchObject({ attempt: 2, status_code: 200, manual: false });
    expect(rx.requests.map((q) => JSON.parse(q.body.toString()).id as string)).toEqual([
      JSON.parse(rx.requests[0]!.body.toString()).id,
      JSON.parse(rx.requests[0]!.body.toString()).id,
    ]);
  });

  it('a manual retry asked while the automatic run is in flight runs after it, once, and the schedule goes on', async () => {
    const rx = await receiver();
    const { tenant, endpointId } = await merchant(rx.url);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    rx.queue.push(
      (_req, res) => void held.then(() => res.writeHead(500).end('first')), // automatic 1, held until asked
      status(500, 'manual'), // the manual attempt
    );
    rx.fallback = ok; // automatic 2
    await runner();
    await emitTestEvent(g.db, tenant);
    await rx.waitFor(1);
    const { id } = await deliveryOf(endpointId);
    // Asked twice while the automatic attempt is in flight: the same attempt; the row stays the run's.
    await retryDelivery(g.ctx, ownerSession(tenant.merchantId), id);
    await retryDelivery(g.ctx, ownerSession(tenant.merchantId), id);
    expect(await deliveryOf(endpointId)).toMatchObject({ leased: true, manual_retry_at_attempt: 0 });
    release();
    const d = await settled(endpointId, 'succeeded');
    expect(await attemptsOf(d.id)).toEqual([
      { attempt: 1, status_code: 500, error: 'HTTP 500', manual: false },
      { attempt: 2, status_code: 500, error: 'HTTP 500', manual: true },
      { attempt: 3, status_code: 200, error: null, manual: false },
    ]);
    expect(d).toMatchObject({ auto_attempt_count: 2, run_count: 2, manual_retry_at_attempt: null });
    // The automatic retry kept its delay after the first attempt; the manual one did not wait for it.
    expect(rx.requests[2]!.at - rx.requests[0]!.at).toBeGreaterThanOrEqual(RETRY_MS - 20);
  });

  it('two runners on separate connections send every delivery exactly once', async () => {
    const rx = await receiver();
    rx.fallback = (_req, res) => setTimeout(() => res.writeHead(200).end('ok'), 5);
    const { tenant, endpointId } = await merchant(rx.url);
    const schema = (g.db as Database & { schema?: string }).schema;
    let second: Database | undefined;
    if (process.env.DATABASE_URL) second = await openDatabase({ url: process.env.DATABASE_URL, schema, poolSize: 4 });
    try {
      await runner({ concurrency: 4 });
      await runner({ concurrency: 4 }, second ? { ...g.ctx, db: second } : g.ctx);
      const events: string[] = [];
      for (let i = 0; i < 40; i++) events.push(await emitTestEvent(g.db, tenant));
      await eventually(
        async () => {
          const [r] = await g.db.query<{ n: number }>(
            `select count(*)::int as n from webhook_deliveries where endpoint_id = $1 and status = 'succeeded'`,
            [endpointId],
          );
          return r!.n === 40 ? true : undefined;
        },
        30_000,
        '40 deliveries',
      );
      const received = rx.requests.map((q) => JSON.parse(q.body.toString()).id as string).sort();
      expect(received).toEqual([...events].sort());
      const [log] = await g.db.query<{ attempts: number; ok: number; deliveries: number }>(
        `select count(*)::int as attempts, count(*) filter (where a.status_code = 200)::int as ok,
                count(distinct a.delivery_id)::int as deliveries
           from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = $1`,
        [endpointId],
      );
      expect(log).toEqual({ attempts: 40, ok: 40, deliveries: 40 });
    } finally {
      await Promise.all(runners.splice(0).map((r) => r.stop()));
      await second?.close();
    }
  });
});
