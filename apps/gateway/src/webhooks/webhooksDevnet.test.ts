// A full payment on the anvil devnet, driven by the real workers (sweeps and webhook deliveries), reaches a merchant
// receiver as exactly the five events of its life, each once, each signed so that an independent implementation of
// the spec accepts it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import { gatewayFeatures } from '../runtime.ts';
import { startGatewayWorkers, type GatewayWorkers } from '../workers.ts';
import {
  independentlyVerify,
  ownerSession,
  startReceiver,
  testSecretBox,
  type Receiver,
} from './_test/webhookTestKit.ts';
import { createWebhookEndpoint } from './endpoints.ts';
import { verifyWebhook } from '../../../../packages/sdk/src/verifyWebhook.ts';

let h: ChainHarness;
let rx: Receiver;
let workers: GatewayWorkers | undefined;
beforeAll(async () => {
  h = await startChainHarness({ confirmations: 2 });
  h.ctx.secretBox = testSecretBox();
  // The harness's merchant exists only as a tenant id; the endpoint's audit entry needs the account row.
  await h.db.query(`insert into merchants (id, business_name) values ($1, 'Devnet shop') on conflict do nothing`, [
    h.tenant.merchantId,
  ]);
  rx = await startReceiver();
});
afterAll(async () => {
  await workers?.stop();
  await rx?.close();
  await h?.close();
});

describe(`webhooks of a full payment on the devnet (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('delivers payment.detected, payment.confirmed, settlement.submitted, settlement.completed, payment.completed once each', async () => {
    const { endpoint, secret } = await createWebhookEndpoint(h.ctx, ownerSession(h.tenant.merchantId), {
      url: rx.url,
      enabled_events: ['*'],
    });
    workers = await startGatewayWorkers(
      h.ctx,
      gatewayFeatures(h.ctx, { watcher: { watch: false }, webhooks: { pollMs: 50 }, sweep: { checkEveryMs: 100 } }),
      { jobPollMs: 50 },
    );

    const { id, depositAddress } = await h.createIntent({ amount: '25', order_reference: 'ORDER-2048' });
    await h.pay(depositAddress, '25');
    await h.sync();
    expect(await h.status(id)).toBe('DETECTED');
    await h.mine(1);
    await h.sync();
    expect(['PAID', 'SETTLEMENT_PENDING']).toContain(await h.status(id));
    // The sweep job (run by the workers) broadcasts the settlement; then its transfer into the vault becomes final.
    const deadline = Date.now() + 30_000;
    while ((await h.status(id)) !== 'SETTLEMENT_PENDING') {
      if (Date.now() > deadline) throw new Error(`sweep not submitted: ${await h.status(id)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await h.sync();
    await h.mine(1);
    await h.sync();
    expect(await h.status(id)).toBe('SETTLED');

    const got = await rx.waitFor(5, 30_000);
    await new Promise((r) => setTimeout(r, 500)); // nothing more may arrive
    expect(rx.requests).toHaveLength(5);
    const events = got.map((req) => {
      expect(independentlyVerify(req.headers['tender-signature'], req.body, secret)).toBe(1);
      return verifyWebhook(req.body, req.headers['tender-signature'], secret);
    });
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        'payment.completed',
        'payment.confirmed',
        'payment.detected',
        'settlement.completed',
        'settlement.submitted',
      ].sort(),
    );
    // Each event once, with the outbox's id, about this payment, in API shape with the order reference.
    const outbox = await h.db.query<{ id: string; type: string }>(
      'select id, type from gateway_events where payment_id = $1 order by seq',
      [id],
    );
    expect(new Set(events.map((e) => e.id))).toEqual(new Set(outbox.map((e) => e.id)));
    for (const e of events) {
      expect(e).toMatchObject({ object: 'event', livemode: false, api_version: '2026-10-01' });
      expect(e.data.object).toMatchObject({
        id,
        object: 'payment_intent',
        order_reference: 'ORDER-2048',
        amount: '25',
      });
    }
    const completed = events.find((e) => e.type === 'payment.completed')!;
    expect(completed.data.object).toMatchObject({ status: 'SETTLED', amount_settled: '25' });
    const deliveries = await h.db.query<{ status: string; attempt_count: number }>(
      'select status, attempt_count from webhook_deliveries where endpoint_id = $1',
      [endpoint.id],
    );
    expect(deliveries).toHaveLength(5);
    expect(deliveries.every((d) => d.status === 'succeeded' && d.attempt_count === 1)).toBe(true);
  });
});
