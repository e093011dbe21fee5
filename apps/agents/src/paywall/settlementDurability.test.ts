import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  openAgentsDb,
  paidCall,
  payerClient,
  startAgents,
  startChain,
  type AgentsHarness,
  type Chain,
  type Payer,
} from '../_test/agentsTestKit.ts';
import { claimPaidRequest, releaseOrphanedLeases } from './paidRequests.ts';

// The chain keeps a settlement before the database records it (Payments.beforeRecordSettlement, the devnet's
// persist() under `tender start`), and a process alone on its database takes over the leases of its dead
// predecessor at start. The crash suite (apps/cli/src/crashSuite.test.ts) kills real processes around both.
let chain: Chain;
let db: Database;
let h: AgentsHarness;
let payer: Payer;
const MAILBOXES = '/api/v1/email/mailboxes';
const PRICE = 250_000n; // email.mailbox.create

/** What the chain and the database said each time the hook ran; `fail` makes the next calls throw. */
const seen: { consumed: boolean; state: string | undefined }[] = [];
let fail = 0;

beforeAll(async () => {
  chain = await startChain();
  db = await openAgentsDb();
  h = await startAgents({ db, chain });
  payer = payerClient(chain.payers[2]!);
  h.ctx.payments!.beforeRecordSettlement = async () => {
    const [row] = await db.query<{ state: string; nonce: `0x${string}` }>(
      `select state, payment_payload->'payload'->'authorization'->>'nonce' as nonce
         from agent_paid_requests order by created_at desc limit 1`,
    );
    const consumed = await h.ctx.payments!.chain.authorizationUsed(chain.usdt, payer.address, row!.nonce);
    seen.push({ consumed, state: row?.state });
    if (fail > 0) {
      fail--;
      throw new Error('injected: the devnet could not write its state');
    }
  };
});

afterAll(async () => {
  await h?.close();
  await db?.close();
  await chain?.devnet.stop();
});

describe('a settlement is durable on the chain before the database records it', () => {
  it('runs the hook after the transfer is mined and before the row leaves pending', async () => {
    const before = await chain.balance(payer.address);
    const r = await paidCall(h.app, payer, 'POST', MAILBOXES, { localPart: 'durable-one', displayName: 'One' });
    expect(r.paid.status, JSON.stringify(r.paid.body)).toBe(201);
    expect(seen).toEqual([{ consumed: true, state: 'pending' }]);
    expect(before - (await chain.balance(payer.address))).toBe(PRICE);
  });

  it('a hook that fails leaves the request pending (nothing recorded); the retry reconciles without a second charge', async () => {
    seen.length = 0;
    fail = 1;
    const before = await chain.balance(payer.address);
    const existing = (
      await db.query<{ n: number }>(`select count(*)::int as n from agent_mailboxes where local_part = 'durable-two'`)
    )[0]!.n;
    expect(existing).toBe(0);
    const r = await paidCall(h.app, payer, 'POST', MAILBOXES, { localPart: 'durable-two', displayName: 'Two' });
    expect(r.paid.status).toBe(409);
    expect(r.paid.body.error.code).toBe('PAYMENT_PENDING');
    const [row] = await db.query<{ state: string; lease_live: boolean }>(
      `select state, lease_expires_at > now() as lease_live from agent_paid_requests where idempotency_key = $1`,
      [r.key],
    );
    expect(row).toEqual({ state: 'pending', lease_live: false });
    // The transfer is on the chain, the database does not say so yet: the retry finds the authorization consumed.
    const again = await call(h.app, 'POST', MAILBOXES, {
      body: { localPart: 'durable-two', displayName: 'Two' },
      headers: { 'payment-signature': r.signature, 'idempotency-key': r.key },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(seen).toEqual([
      { consumed: true, state: 'pending' },
      { consumed: true, state: 'pending' },
    ]);
    expect(before - (await chain.balance(payer.address))).toBe(PRICE);
    const mailboxes = await db.query(`select 1 from agent_mailboxes where local_part = 'durable-two'`);
    expect(mailboxes).toHaveLength(1);
  });
});

describe('leases of a dead predecessor', () => {
  it('a process alone on its database expires them at start, so the retry continues at once', async () => {
    const claim = {
      walletAddress: '0x00000000000000000000000000000000000000aa',
      idempotencyKey: 'orphan-1',
      serviceId: 'email.mailbox.create',
      requestHash: 'h',
      proofHash: 'p-orphan-1',
      amountUnits: '250000',
      network: 'eip155:1',
      asset: '0x00000000000000000000000000000000000000bb',
      paymentPayload: {},
      leaseMs: 120_000,
    };
    const first = await claimPaidRequest(db, claim);
    expect(first.kind).toBe('claimed');
    // The holder died: its lease would keep every retry PAYMENT_PENDING for two minutes.
    await expect(claimPaidRequest(db, claim)).rejects.toMatchObject({ code: 'PAYMENT_PENDING' });
    expect(await releaseOrphanedLeases(db)).toBe(1);
    const next = await claimPaidRequest(db, claim);
    expect(next).toMatchObject({ kind: 'claimed', fresh: false });
    // Completed requests and expired leases are left alone.
    expect(await releaseOrphanedLeases(db)).toBe(1);
    expect(await releaseOrphanedLeases(db)).toBe(0);
  });
});
