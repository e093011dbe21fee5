// The expiry job end to end: scheduled by the intent's creation at expires_at, run by the gateway's job runner.
import type { DevnetManifest } from '@tender/evm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, type TestGateway } from '../_test/testGateway.ts';
import { createNetworkRegistry } from '../networks/registry.ts';
import { listEvents } from '../outbox/events.ts';
import { createPaymentIntent } from './createPaymentIntent.ts';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}` as `0x${string}`;
const manifest: DevnetManifest = {
  rpcUrl: 'http://127.0.0.1:9',
  chainId: 31337,
  genesisHash: `0x${'11'.repeat(32)}`,
  genesisTimestamp: 1,
  contracts: { depositFactory: a(0xfac) },
  tokens: { USDC: a(0xa1), EURC: a(0xa2), USDT: a(0xa3), bridgedUSDC: a(0xa4), plainERC20: a(0xa5) },
  accounts: [a(1)],
  deployer: a(1),
};

let gw: TestGateway;
beforeAll(async () => {
  gw = await createTestGateway({ jobs: true });
  gw.ctx.networkRegistry = createNetworkRegistry({ profile: 'dev' }, { devnet: manifest });
});
afterAll(() => gw?.close());

describe(`expiry job (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('is scheduled at expires_at and, when due, moves an unpaid intent to EXPIRED with payment.expired', async () => {
    const t = { merchantId: 'acct_exp', environment: 'test' as const };
    // The vault row as setVault writes it (setVault itself reads the chain, which this test has none of).
    await gw.db.query(
      `insert into merchant_vaults (merchant_id, environment, network, address) values ($1, $2, 'devnet', $3)`,
      [t.merchantId, t.environment, a(0xbeef)],
    );
    // Created "400 s ago" with the minimum expiry of 300 s: its expiry job is due now.
    gw.clock.advance(-400);
    const { id, row } = await createPaymentIntent(gw.ctx, t, {
      amount: '5',
      networks: ['devnet'],
      expires_in_seconds: 300,
    });
    gw.clock.advance(400);
    const [job] = await gw.db.query<{ run_at: Date; queue: string }>(
      'select run_at, queue from jobs where idempotency_key = $1',
      [`payment-expiry:${id}`],
    );
    expect(job!.run_at.getTime()).toBe(row.expires_at.getTime());
    expect(job!.queue).toBe('gateway.payment-expiry');
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [p] = await gw.db.query<{ status: string }>('select status from payment_intents where id = $1', [id]);
      if (p!.status === 'EXPIRED') break;
      if (Date.now() > deadline) throw new Error(`still ${p!.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const events = await listEvents(gw.db, t, { paymentId: id });
    expect(events.map((e) => e.type)).toEqual(['payment.expired']);
    expect(events[0]!.data.object).toMatchObject({ id, status: 'EXPIRED', livemode: false });
  });
});
