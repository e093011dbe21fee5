// Sweeps: the relayer of a network calls DepositFactory.sweep(salt, vault, token), which deploys the payment's
// forwarder if needed and moves its whole token balance into the vault. The forwarder can pay only the vault it
// was created for, so a sweep is safe to repeat and safe for anyone to trigger; the relayer only pays gas.
//
// One sweep attempt = one `settlements` row, driven by one job (queue gateway.sweep.<network>, key per payment, network,
// token, purpose and attempt). Its states:
//   pending   -> submitted   signed under the relayer's nonce lock and persisted BEFORE broadcast (a crash after
//                            the commit rebroadcasts the same raw transaction, never signs a second one)
//   submitted -> succeeded   mined, not reverted (SETTLED needs more: the vault's incoming transfer final, which
//                            the watcher observes)
//   submitted -> failed      reverted, or its nonce was used by another transaction; a new attempt is scheduled
//                            with exponential backoff (SETTLEMENT_FAILED meanwhile)
//   submitted -> submitted   not mined after SWEEP_STUCK_BLOCKS blocks: replaced with the same nonce and higher
//                            fees (+25%, at least the current estimate); every signed transaction is kept in
//                            settlement_txs and any of them may be the one that gets mined
// The job re-runs itself (DeferJobError) every block or so while the attempt is submitted. Waiting (not mined yet,
// the network or its relayer missing here, a chain that does not hold the funds yet) never uses up an attempt: only
// a step that fails (an RPC error) does. A process claims only the sweep queues of networks it can serve
// (sweepQueue(network), settlementJobQueues.ts), so a process without a network leaves its sweeps to one with it.
//
// Nonces: allocated under a row lock on relayer_nonces (one per network and relayer), so processes never sign two
// transactions with one nonce. The chain's pending nonce is the floor; when the relayer has no other transaction in
// flight the chain's pending nonce is used as is, which also heals a gap left by a transaction that never got out.
import type { Sql } from '@tender/platform';
import {
  decodeEventLog,
  erc20Abi,
  encodeFunctionData,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { createRpcPublicClient, depositFactoryAbi } from '@tender/evm';
import type { GatewayContext } from '../context.ts';
import type { GatewayNetwork } from '../networks/registry.ts';
import { recomputePayment } from '../payments/recompute.ts';
import { relayerGas } from './relayerGas.ts';
import { ensureSweep } from './scheduleSweeps.ts';
import { DeferJobError, PermanentJobError, exponentialBackoff, type Job } from '@tender/platform';
import type { Environment } from '../tenant.ts';

export interface SettlementRow {
  id: string;
  payment_id: string;
  merchant_id: string;
  environment: Environment;
  network: string;
  purpose: 'payment' | 'recovery';
  attempt: number;
  token: string;
  deposit_address: string;
  vault: string;
  salt: string;
  state: 'pending' | 'submitted' | 'succeeded' | 'failed' | 'voided';
  relayer: string | null;
  nonce: string | null;
  tx_hash: string | null;
}

/** Delay before the next attempt after attempt `n` failed: 15 s, 30 s, 1 min … capped at 1 h. */
export const sweepRetryBackoff = exponentialBackoff({ baseMs: 15_000, maxMs: 3_600_000, jitter: 'equal' });

const clients = new WeakMap<GatewayNetwork, PublicClient>();
function clientOf(n: GatewayNetwork): PublicClient {
  let c = clients.get(n);
  if (!c) {
    c = createRpcPublicClient(n.rpcUrl!, { retryCount: 1, timeoutMs: 15_000 });
    clients.set(n, c);
  }
  return c;
}

export interface SweepOptions {
  /** Delay between checks of a submitted sweep. Default: the network's block time, at least 250 ms. */
  checkEveryMs?: number;
  /** Override of the retry delay after a failed attempt (tests). */
  retryDelayMs?: (attempt: number) => number;
  /** Delay before a sweep held back by the gas watch looks again. Default 30 s. */
  lowGasRetryMs?: number;
}

/** The sweep queue's handler. */
export function sweepHandler(ctx: GatewayContext, opts: SweepOptions = {}) {
  return async (job: Job<{ settlementId?: unknown }>): Promise<void> => {
    const id = job.payload?.settlementId;
    if (typeof id !== 'string') throw new PermanentJobError('sweep job without a settlementId');
    await runSweep(ctx, id, opts);
  };
}

/** One step of a sweep; resolves when the attempt is finished (succeeded or failed), else throws DeferJobError. */
export async function runSweep(ctx: GatewayContext, settlementId: string, opts: SweepOptions = {}): Promise<void> {
  const [s] = await ctx.db.query<SettlementRow>('select * from settlements where id = $1', [settlementId]);
  if (!s) throw new PermanentJobError(`settlement ${settlementId} does not exist`);
  if (s.state === 'succeeded' || s.state === 'failed' || s.state === 'voided') return;
  const net = ctx.networkRegistry.get(s.network);
  const checkEvery = opts.checkEveryMs ?? Math.max(250, Math.round((net?.blockTimeSeconds ?? 2) * 1000));
  if (!net?.available || !net.factory || !net.rpcUrl) {
    throw new DeferJobError(60_000, `network ${s.network} is unavailable; the sweep waits`);
  }
  if (!net.relayer) {
    throw new DeferJobError(60_000, `no relayer key for ${s.network} (RELAYER_PRIVATE_KEY); the sweep waits`);
  }
  const client = clientOf(net);
  if (s.state === 'pending') {
    if (await nothingToSweep(ctx, client, s)) return;
    // Gas watch (relayerGas.ts): a relayer low on gas would fail sweep after sweep; they wait instead, using no
    // attempt, and go on by themselves once it is funded.
    const gas = await relayerGas(net, ctx.networkRegistry.relayerMinSweeps);
    if (gas?.low) {
      ctx.logger.warn(
        { network: net.id, relayer: gas.address, sweepsAffordable: gas.sweepsAffordable },
        'sweep: the relayer is low on gas; sweeps wait until it is funded',
      );
      throw new DeferJobError(
        opts.lowGasRetryMs ?? 30_000,
        `the relayer of ${net.id} pays gas for ${gas.sweepsAffordable} sweeps, fewer than RELAYER_MIN_SWEEPS ` +
          `(${ctx.networkRegistry.relayerMinSweeps}); the sweep waits until it is funded`,
      );
    }
    try {
      await submit(ctx, client, net, s);
    } catch (err) {
      // The sweep could not be sent (estimation reverted, the node refused it, the relayer cannot pay gas …): this
      // attempt failed. It is recorded as such (SETTLEMENT_FAILED, settlement.failed) and a new attempt follows
      // after a backoff, so a persistent problem is visible instead of hidden in job retries.
      const message = (err as Error).message.split('\n')[0] ?? 'unknown error';
      ctx.logger.warn({ err, settlement: s.id }, 'sweep: could not be sent');
      await finish(ctx, s, 'failed', {
        error: `could not send the sweep: ${message}`,
        retryDelayMs: opts.retryDelayMs,
        from: ['pending', 'submitted'],
        releaseNonce: true,
      });
      return;
    }
    throw new DeferJobError(checkEvery, 'sweep submitted; checking for its receipt');
  }
  if (s.purpose === 'payment') await announce(ctx, s, 'sweep_submitted');
  const finished = await check(ctx, client, net, s, opts);
  if (!finished) throw new DeferJobError(checkEvery, 'sweep not mined yet');
}

/**
 * A sweep never "succeeds" with 0 units: before signing, the deposit address must hold the token. When it holds
 * none, either the funds were already moved into the vault (a settlement transfer is recorded: this attempt ends
 * failed, with no retry, and the payment settles from that transfer), or the database is ahead of the chain (its
 * incoming transfer is not on the chain any more): the attempt waits, without signing, for the watcher to bring
 * the two back together (watcher/chainAgreement.ts).
 */
async function nothingToSweep(ctx: GatewayContext, client: PublicClient, s: SettlementRow): Promise<boolean> {
  const balance = await client.readContract({
    address: s.token as Hex,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [s.deposit_address as Hex],
  });
  if (balance > 0n) return false;
  const [moved] = await ctx.db.query<{ n: number }>(
    `select count(*)::int as n from chain_transfers
     where payment_id = $1 and network = $2 and kind = 'settlement' and token = $3 and not removed`,
    [s.payment_id, s.network, s.token],
  );
  if (s.purpose === 'recovery' || (moved?.n ?? 0) > 0) {
    await finish(ctx, s, 'failed', {
      error: 'nothing to sweep: the deposit address holds none of the token',
      from: ['pending'],
      retry: false,
    });
    return true;
  }
  ctx.logger.error(
    { settlement: s.id, payment: s.payment_id, network: s.network },
    'sweep: the payment is recorded as paid but its deposit address holds nothing: the database is ahead of the ' +
      'chain; the sweep waits for the watcher to reconcile',
  );
  throw new DeferJobError(30_000, 'the deposit address holds nothing; waiting for the chain and the database to agree');
}

async function submit(ctx: GatewayContext, client: PublicClient, net: GatewayNetwork, s: SettlementRow): Promise<void> {
  const relayer = net.relayer!;
  const data = encodeFunctionData({
    abi: depositFactoryAbi,
    functionName: 'sweep',
    args: [s.salt as Hex, s.vault as Hex, s.token as Hex],
  });
  // Everything that needs the chain happens before the database transaction, which then only allocates the nonce,
  // signs locally and records the signed transaction.
  const [gas, fees, chainNonce, block] = await Promise.all([
    client.estimateGas({ account: relayer.address, to: net.factory!, data }),
    client.estimateFeesPerGas(),
    client.getTransactionCount({ address: relayer.address, blockTag: 'pending' }),
    client.getBlockNumber({ cacheTime: 0 }),
  ]);
  const signed = await ctx.db.tx(async (tx) => {
    const [cur] = await tx.query<{ state: string }>('select state from settlements where id = $1 for update', [s.id]);
    if (cur?.state !== 'pending') return undefined; // another run got here first
    const nonce = await allocateNonce(tx, net, relayer.address.toLowerCase(), BigInt(chainNonce));
    const maxPriorityFeePerGas = fees.maxPriorityFeePerGas ?? 1_000_000_000n;
    const maxFeePerGas = fees.maxFeePerGas ?? maxPriorityFeePerGas * 2n;
    const raw = await relayer.signTransaction({
      chainId: net.chainId,
      type: 'eip1559',
      to: net.factory!,
      data,
      nonce: Number(nonce),
      gas: (gas * 12n) / 10n,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
    const hash = await hashOf(raw);
    await tx.query(
      `insert into settlement_txs (tx_hash, settlement_id, nonce, max_fee_per_gas, max_priority_fee_per_gas, raw, sent_at_block)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [hash, s.id, nonce, maxFeePerGas, maxPriorityFeePerGas, raw, block],
    );
    await tx.query(
      `update settlements set state = 'submitted', relayer = $2, nonce = $3, tx_hash = $4, submitted_at = now(),
         updated_at = now() where id = $1`,
      [s.id, relayer.address.toLowerCase(), nonce, hash],
    );
    return raw;
  });
  if (!signed) return;
  await broadcast(client, signed);
  // Announced only once the node accepted it (settlement.submitted = "relayer broadcast the sweep"). A crash
  // between the broadcast and this recompute is repaired by the next check, which recomputes too.
  if (s.purpose === 'payment') await announce(ctx, s, 'sweep_submitted');
}

async function announce(ctx: GatewayContext, s: SettlementRow, reason: string): Promise<void> {
  const [cur] = await ctx.db.query<{ tx_hash: string | null }>('select tx_hash from settlements where id = $1', [s.id]);
  await ctx.db.tx((tx) =>
    recomputePayment(ctx, tx, s.payment_id, {
      reason,
      data: { settlement_id: s.id, tx_hash: cur?.tx_hash ?? null, network: s.network },
    }),
  );
}

async function allocateNonce(tx: Sql, net: GatewayNetwork, relayer: string, chainPending: bigint): Promise<bigint> {
  await tx.query(
    `insert into relayer_nonces (network, address, next_nonce) values ($1, $2, $3)
     on conflict (network, address) do nothing`,
    [net.id, relayer, chainPending],
  );
  const [row] = await tx.query<{ next_nonce: string }>(
    'select next_nonce from relayer_nonces where network = $1 and address = $2 for update',
    [net.id, relayer],
  );
  const [inflight] = await tx.query<{ n: string }>(
    `select count(*) as n from settlements where network = $1 and relayer = $2 and state = 'submitted'`,
    [net.id, relayer],
  );
  const stored = BigInt(row!.next_nonce);
  const nonce = Number(inflight!.n) === 0 ? chainPending : stored > chainPending ? stored : chainPending;
  await tx.query('update relayer_nonces set next_nonce = $3, updated_at = now() where network = $1 and address = $2', [
    net.id,
    relayer,
    nonce + 1n,
  ]);
  return nonce;
}

async function broadcast(client: PublicClient, raw: Hex): Promise<void> {
  try {
    await client.sendRawTransaction({ serializedTransaction: raw });
  } catch (err) {
    const msg = String((err as Error).message).toLowerCase();
    // Already in the pool or already mined: the transaction is out, which is all broadcasting is for.
    if (/already known|already imported|nonce too low|known transaction/.test(msg)) return;
    throw err;
  }
}

async function hashOf(raw: Hex): Promise<string> {
  const { keccak256 } = await import('viem');
  return keccak256(raw).toLowerCase();
}

/** True when the attempt finished (succeeded or failed). */
async function check(
  ctx: GatewayContext,
  client: PublicClient,
  net: GatewayNetwork,
  s: SettlementRow,
  opts: SweepOptions,
): Promise<boolean> {
  const txs = await ctx.db.query<{
    tx_hash: string;
    raw: string;
    nonce: string;
    max_fee_per_gas: string;
    max_priority_fee_per_gas: string;
    sent_at_block: string;
  }>(
    'select tx_hash, raw, nonce, max_fee_per_gas, max_priority_fee_per_gas, sent_at_block from settlement_txs where settlement_id = $1 order by created_at',
    [s.id],
  );
  let receipt: TransactionReceipt | undefined;
  for (const t of txs) {
    receipt = await client.getTransactionReceipt({ hash: t.tx_hash as Hex }).catch(() => undefined);
    if (receipt) break;
  }
  if (receipt) {
    const mined = receipt.status === 'success';
    const amount = mined ? sweptAmount(receipt, net) : null;
    // Mined but moved nothing (the address was emptied before it): not a success. The next attempt's balance
    // check tells a finished settlement from a database that is ahead of the chain.
    const ok = mined && amount !== null && amount > 0n;
    // The receipt is a fact of the chain: on its disk before the database records it (ctx.persistChain).
    await ctx.persistChain(s.network);
    await finish(ctx, s, ok ? 'succeeded' : 'failed', {
      txHash: receipt.transactionHash.toLowerCase(),
      block: receipt.blockNumber,
      amount,
      error: ok ? null : mined ? 'the sweep moved 0 units' : 'the sweep transaction reverted',
      retryDelayMs: opts.retryDelayMs,
    });
    return true;
  }
  const latest = txs[txs.length - 1];
  if (!latest) return false;
  const [head, minedNonce] = await Promise.all([
    client.getBlockNumber({ cacheTime: 0 }),
    client.getTransactionCount({ address: net.relayer!.address, blockTag: 'latest' }),
  ]);
  if (BigInt(minedNonce) > BigInt(latest.nonce)) {
    // Our nonce is used, yet none of our transactions has a receipt: another transaction took it.
    await ctx.persistChain(s.network);
    await finish(ctx, s, 'failed', {
      error: 'the nonce was used by another transaction',
      retryDelayMs: opts.retryDelayMs,
    });
    return true;
  }
  // Still in the pool (or dropped): make sure it is out, and replace it with higher fees once it is stuck.
  await broadcast(client, latest.raw as Hex).catch((err: unknown) =>
    ctx.logger.warn({ err, settlement: s.id }, 'sweep: rebroadcast failed'),
  );
  if (head - BigInt(latest.sent_at_block) >= BigInt(ctx.networkRegistry.sweepStuckBlocks)) {
    await bumpFee(ctx, client, net, s, latest, head);
  }
  return false;
}

async function bumpFee(
  ctx: GatewayContext,
  client: PublicClient,
  net: GatewayNetwork,
  s: SettlementRow,
  prev: { nonce: string; max_fee_per_gas: string; max_priority_fee_per_gas: string; raw: string },
  head: bigint,
): Promise<void> {
  const data = encodeFunctionData({
    abi: depositFactoryAbi,
    functionName: 'sweep',
    args: [s.salt as Hex, s.vault as Hex, s.token as Hex],
  });
  const [fees, gas] = await Promise.all([
    client.estimateFeesPerGas(),
    client.estimateGas({ account: net.relayer!.address, to: net.factory!, data }).catch(() => 200_000n),
  ]);
  const bump = (old: string, now: bigint | undefined) => {
    const raised = (BigInt(old) * 125n) / 100n + 1n;
    return now !== undefined && now > raised ? now : raised;
  };
  const maxPriorityFeePerGas = bump(prev.max_priority_fee_per_gas, fees.maxPriorityFeePerGas);
  let maxFeePerGas = bump(prev.max_fee_per_gas, fees.maxFeePerGas);
  if (maxFeePerGas < maxPriorityFeePerGas) maxFeePerGas = maxPriorityFeePerGas;
  const raw = await net.relayer!.signTransaction({
    chainId: net.chainId,
    type: 'eip1559',
    to: net.factory!,
    data,
    nonce: Number(prev.nonce),
    gas: (gas * 12n) / 10n,
    maxFeePerGas,
    maxPriorityFeePerGas,
  });
  const hash = await hashOf(raw);
  await ctx.db.tx(async (tx) => {
    await tx.query(
      `insert into settlement_txs (tx_hash, settlement_id, nonce, max_fee_per_gas, max_priority_fee_per_gas, raw, sent_at_block)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (settlement_id, tx_hash) do nothing`,
      [hash, s.id, prev.nonce, maxFeePerGas, maxPriorityFeePerGas, raw, head],
    );
    await tx.query(`update settlements set tx_hash = $2, updated_at = now() where id = $1 and state = 'submitted'`, [
      s.id,
      hash,
    ]);
  });
  ctx.logger.info(
    { settlement: s.id, hash, maxFeePerGas: maxFeePerGas.toString() },
    'sweep: replaced a stuck transaction with higher fees',
  );
  await broadcast(client, raw).catch((err: unknown) =>
    ctx.logger.warn({ err, settlement: s.id }, 'sweep: replacement broadcast failed'),
  );
}

function sweptAmount(receipt: TransactionReceipt, net: GatewayNetwork): bigint {
  let total = 0n;
  for (const l of receipt.logs) {
    if (l.address.toLowerCase() !== net.factory!.toLowerCase()) continue;
    try {
      const ev = decodeEventLog({ abi: depositFactoryAbi, data: l.data, topics: l.topics });
      if (ev.eventName === 'Swept') total += ev.args.amount;
    } catch {
      // not an event of ours
    }
  }
  return total;
}

async function finish(
  ctx: GatewayContext,
  s: SettlementRow,
  state: 'succeeded' | 'failed',
  r: {
    txHash?: string;
    block?: bigint;
    amount?: bigint | null;
    error: string | null;
    retryDelayMs?: ((attempt: number) => number) | undefined;
    /** States the attempt may finish from (default: submitted). */
    from?: readonly string[];
    /** The signed transaction never left: give its nonce back if nothing was signed after it. */
    releaseNonce?: boolean;
    /** A failed attempt schedules the next one unless false. */
    retry?: boolean;
  },
): Promise<void> {
  await ctx.db.tx(async (tx) => {
    const rows = await tx.query<{ relayer: string | null; nonce: string | null }>(
      `update settlements set state = $2, tx_hash = coalesce($3, tx_hash), mined_block = $4, amount_units = $5,
         error = $6, finished_at = now(), updated_at = now()
       where id = $1 and state = any($7::text[]) returning relayer, nonce`,
      [s.id, state, r.txHash ?? null, r.block ?? null, r.amount ?? null, r.error, r.from ?? ['submitted']],
    );
    if (rows.length === 0) return; // finished by another run
    const signed = rows[0]!;
    if (r.releaseNonce && signed.relayer && signed.nonce !== null) {
      await tx.query(
        `update relayer_nonces set next_nonce = $3, updated_at = now()
         where network = $1 and address = $2 and next_nonce = $3::bigint + 1`,
        [s.network, signed.relayer, signed.nonce],
      );
    }
    if (s.purpose === 'payment') {
      await recomputePayment(ctx, tx, s.payment_id, {
        reason: state === 'succeeded' ? 'sweep_mined' : 'sweep_failed',
        data: { settlement_id: s.id, tx_hash: r.txHash ?? s.tx_hash, error: r.error },
      });
    }
    if (state === 'failed' && r.retry !== false) {
      // The next attempt, after a backoff. The failed one stays on record (GET /v1/payments/{id} attempts).
      const delay = (r.retryDelayMs ?? sweepRetryBackoff)(s.attempt, undefined);
      await ensureSweep(
        ctx,
        tx,
        { id: s.payment_id, merchant_id: s.merchant_id, environment: s.environment },
        s.network,
        s.purpose,
        s.token,
        new Date(Date.now() + delay),
      );
    }
  });
}
