// Persist before commit: every fact read from the devnet (a deposit, a refund the watcher matched, a refund proof,
// a sweep's receipt) is on the chain's disk before the database records it, so that a crash of anvil cannot take
// back what was announced. And when a devnet does lose a completed refund (a process that does not own the chain
// recorded it), the request completes again without a second refund.completed.
import { anvilRequest, createDevnetClient, devnetAccounts, transferToken, type DevnetClient } from '@tender/evm';
import { DeferJobError } from '@tender/platform';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChainHarness, type ChainHarness } from '../_test/chainHarness.ts';
import { SYSTEM_ACTOR } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { listEvents } from '../outbox/events.ts';
import { createRefundRequest } from '../refunds/createRefundRequest.ts';
import { submitRefundProof } from '../refunds/submitRefundProof.ts';
import { runSweep } from '../settlement/sweeper.ts';
import { createChainWatcher, type ChainWatcher } from './chainWatcher.ts';

let h: ChainHarness;
let vaultClient: DevnetClient;
beforeAll(async () => {
  h = await startChainHarness({ confirmations: 2 });
  vaultClient = createDevnetClient(h.devnet.rpcUrl, { account: devnetAccounts()[1]! });
  await h.db.query(`insert into merchants (id, business_name) values ($1, 'Devnet shop') on conflict do nothing`, [
    h.tenant.merchantId,
  ]);
});
afterAll(() => h?.close());

const fresh = (): Address => privateKeyToAddress(generatePrivateKey()).toLowerCase() as Address;
const snapshot = (c: DevnetClient) => anvilRequest<string>(c, 'evm_snapshot', []);
const revertTo = (c: DevnetClient, id: string) => anvilRequest<boolean>(c, 'evm_revert', [id]);

/** What the database held each time the chain was persisted, in order. */
interface Persisted {
  network: string;
  refundTransfers: number;
  incoming: number;
  sweeps: string[];
}

function persistingCtx(seen: Persisted[], paymentId: () => string | undefined): GatewayContext {
  return {
    ...h.ctx,
    async persistChain(network) {
      const pid = paymentId() ?? '';
      const [r] = await h.db.query<{ refunds: number; incoming: number }>(
        `select count(*) filter (where kind = 'refund')::int as refunds,
           count(*) filter (where kind = 'incoming')::int as incoming
         from chain_transfers where payment_id = $1 and not removed`,
        [pid],
      );
      const sweeps = await h.db.query<{ state: string }>(
        `select state from settlements where payment_id = $1 order by attempt`,
        [pid],
      );
      seen.push({ network, refundTransfers: r!.refunds, incoming: r!.incoming, sweeps: sweeps.map((s) => s.state) });
    },
  };
}

async function sweepUntilDone(ctx: GatewayContext, settlementId: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    try {
      await runSweep(ctx, settlementId, { checkEveryMs: 10, retryDelayMs: () => 0 });
      return;
    } catch (err) {
      if (!(err instanceof DeferJobError)) throw err;
      await h.mine(1);
    }
  }
  throw new Error('sweep did not finish');
}

async function syncWith(w: ChainWatcher): Promise<void> {
  for (let i = 0; i < 40 && (await w.pollOnce()).behind; i++);
}

/** A payment paid and swept into the vault (SETTLED), through the given context and watcher. */
async function settledPayment(ctx: GatewayContext, w: ChainWatcher, amount: string): Promise<string> {
  const p = await h.createIntent({ amount });
  await h.pay(p.depositAddress, amount);
  await h.mine(1);
  await syncWith(w);
  const [s] = await h.db.query<{ id: string }>(
    `select id from settlements where payment_id = $1 and purpose = 'payment'`,
    [p.id],
  );
  await sweepUntilDone(ctx, s!.id);
  await h.mine(2);
  await syncWith(w);
  expect(await h.status(p.id)).toBe('SETTLED');
  return p.id;
}

const requestRefund = (ctx: GatewayContext, paymentId: string, recipient: Address, amount: string) =>
  h.db.tx((tx) =>
    createRefundRequest(ctx, tx, h.tenant, SYSTEM_ACTOR, { payment_intent_id: paymentId, amount, recipient }),
  );
const refundStatus = async (id: string) =>
  (await h.db.query<{ status: string }>('select status from refund_requests where id = $1', [id]))[0]!.status;
const refundEvents = async (paymentId: string) =>
  (await listEvents(h.db, h.tenant, { paymentId, limit: 100 })).filter((e) => e.type.startsWith('refund.'));

describe(`persist before commit (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('the chain is persisted before the watcher records a deposit or a refund, and before a sweep receipt or a refund proof is recorded', async () => {
    const seen: Persisted[] = [];
    let current: string | undefined;
    const ctx = persistingCtx(seen, () => current);
    await h.watcher.stop();
    const w = createChainWatcher(ctx, {
      network: h.network,
      reader: h.reader,
      pollMs: 20,
      maxRange: 500,
      beforeCommit: () => ctx.persistChain(h.network.id),
    });
    try {
      const p = await h.createIntent({ amount: '6' });
      current = p.id;
      await h.pay(p.depositAddress, '6');
      await h.mine(1);
      await syncWith(w);
      // The deposit: persisted while the database did not hold it yet.
      expect(seen[0]).toEqual({ network: 'devnet', refundTransfers: 0, incoming: 0, sweeps: [] });
      seen.length = 0;
      const [s] = await h.db.query<{ id: string }>(
        `select id from settlements where payment_id = $1 and purpose = 'payment'`,
        [p.id],
      );
      await sweepUntilDone(ctx, s!.id);
      // The sweep's receipt: persisted while the attempt was still recorded as submitted.
      expect(seen.map((x) => x.sweeps)).toContainEqual(['submitted']);
      await h.mine(2);
      await syncWith(w);
      expect(await h.status(p.id)).toBe('SETTLED');

      // A refund the watcher matches without a proof: persisted before the poll that records it (only a refund
      // in that poll, no deposit: the poll the old code committed without persisting).
      const watched = await requestRefund(ctx, p.id, fresh(), '2');
      seen.length = 0;
      await transferToken(vaultClient, h.devnet.manifest.tokens.USDC, watched.recipient as Address, 2_000_000n);
      await syncWith(w);
      expect(await refundStatus(watched.id)).toBe('confirming');
      expect(seen).toEqual([{ network: 'devnet', refundTransfers: 0, incoming: 1, sweeps: ['succeeded'] }]);

      // A refund proven through the API before the watcher saw it: persisted before the proof is recorded.
      const proven = await requestRefund(ctx, p.id, fresh(), '1');
      const receipt = await transferToken(
        vaultClient,
        h.devnet.manifest.tokens.USDC,
        proven.recipient as Address,
        1_000_000n,
      );
      // The watcher's cursor passes the block without matching it (as when the request is filed after the transfer).
      await h.db.query(`update refund_requests set status = 'cancelled', cancelled_at = now() where id = $1`, [
        proven.id,
      ]);
      await syncWith(w);
      await h.db.query(`update refund_requests set status = 'pending', cancelled_at = null where id = $1`, [proven.id]);
      seen.length = 0;
      const view = await submitRefundProof(ctx, h.tenant, SYSTEM_ACTOR, proven.id, {
        tx_hash: receipt.transactionHash,
      });
      expect(view.status).toBe('confirming');
      expect(seen).toEqual([{ network: 'devnet', refundTransfers: 1, incoming: 1, sweeps: ['succeeded'] }]);
    } finally {
      await w.stop();
    }
  });

  it('a completed refund the devnet lost is pending again, and completing it again sends no second refund.completed', async () => {
    await h.watcher.stop();
    const w = createChainWatcher(h.ctx, { network: h.network, reader: h.reader, pollMs: 20, maxRange: 500 });
    try {
      const paymentId = await settledPayment(h.ctx, w, '10');
      const recipient = fresh();
      const refund = await requestRefund(h.ctx, paymentId, recipient, '3');
      const snap = await snapshot(h.payer);
      await transferToken(vaultClient, h.devnet.manifest.tokens.USDC, recipient, 3_000_000n);
      await h.mine(2);
      await syncWith(w);
      expect(await refundStatus(refund.id)).toBe('completed');
      const announced = await refundEvents(paymentId);
      expect(announced.map((e) => e.type).reverse()).toEqual(['refund.requested', 'refund.completed']);

      // The chain goes back to before the refund (a state file older than the database); a fresh watcher rolls
      // the database back to it: the refund is owed again.
      expect(await revertTo(h.payer, snap)).toBe(true);
      await w.stop();
      const after = createChainWatcher(h.ctx, { network: h.network, reader: h.reader, pollMs: 20, maxRange: 500 });
      try {
        const r = await after.pollOnce();
        expect(r.rollback).toMatchObject({ transfers: 1, finalTransfers: 1 });
        expect(await refundStatus(refund.id)).toBe('pending');

        // The merchant sends it again: the request completes again, announced once in all.
        await transferToken(vaultClient, h.devnet.manifest.tokens.USDC, recipient, 3_000_000n);
        await h.mine(2);
        await syncWith(after);
        expect(await refundStatus(refund.id)).toBe('completed');
        const events = await refundEvents(paymentId);
        expect(events.map((e) => e.type).reverse()).toEqual(['refund.requested', 'refund.completed']);
        expect(events.find((e) => e.type === 'refund.completed')!.id).toBe(
          announced.find((e) => e.type === 'refund.completed')!.id,
        );
      } finally {
        await after.stop();
      }
    } finally {
      await w.stop();
    }
  });
});
