// Ledger views: on-chain movements of the merchant's payments, settlements into the vault, overview metrics (received
// and settled labelled separately: received = final official funds at deposit addresses; settled = final transfers
// from deposit addresses into the vault), and the settlement policy with the live on-chain facts of each vault.
import { createRpcPublicClient } from '@tender/evm';
import { erc20Abi, type Address } from 'viem';
import type { GatewayContext } from '../context.ts';
import { formatAmount, unitsFromDb } from '../money/amount.ts';
import {
  SETTLEMENT_COLUMNS,
  settlementView,
  TRANSFER_COLUMNS,
  transferView,
  type SettlementRow,
  type TransferRow,
} from '../payments/queries.ts';
import { decodeInstantCursor, decodeSeqCursor, encodeCursor } from '../http/cursor.ts';
import type { Tenant } from '../tenant.ts';

async function heads(ctx: GatewayContext): Promise<Map<string, bigint | null>> {
  const rows = await ctx.db.query<{ network: string; block_number: string | null }>(
    'select network, block_number from watcher_cursors',
  );
  return new Map(rows.map((r) => [r.network, r.block_number === null ? null : BigInt(r.block_number)]));
}

/** GET /v1/transactions: newest first (by the transfer's id), `limit` after the `cursor` of the previous page. */
export async function listTransactions(ctx: GatewayContext, t: Tenant, limit = 20, cursor?: string) {
  const before = cursor === undefined ? null : decodeSeqCursor(cursor, 'txn');
  const rows = await ctx.db.query<TransferRow>(
    `select ${TRANSFER_COLUMNS} from chain_transfers c where c.merchant_id = $1 and c.environment = $2
       and ($4::bigint is null or c.id < $4::bigint)
     order by c.id desc limit $3`,
    [t.merchantId, t.environment, limit + 1, before],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const h = await heads(ctx);
  return {
    object: 'list' as const,
    livemode: t.environment === 'live',
    data: page.map((r) => transferView(ctx, r, h)),
    has_more: rows.length > limit,
    next_cursor: rows.length > limit && last ? encodeCursor(['txn', String(last.id)]) : null,
  };
}

/** GET /v1/settlements: newest first by (created_at, id), `limit` after the `cursor` of the previous page. */
export async function listSettlements(ctx: GatewayContext, t: Tenant, limit = 20, cursor?: string) {
  const before = cursor === undefined ? null : decodeInstantCursor(cursor, 'stl');
  const rows = await ctx.db.query<SettlementRow>(
    `select ${SETTLEMENT_COLUMNS} from settlements s where s.merchant_id = $1 and s.environment = $2
       and ($4::timestamptz is null or (s.created_at, s.id) < ($4::timestamptz, $5::text))
     order by s.created_at desc, s.id desc limit $3`,
    [t.merchantId, t.environment, limit + 1, before?.at ?? null, before?.id ?? null],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    object: 'list' as const,
    livemode: t.environment === 'live',
    data: page.map((r) => settlementView(ctx, r)),
    has_more: rows.length > limit,
    next_cursor: rows.length > limit && last ? encodeCursor(['stl', last.created_at.toISOString(), last.id]) : null,
  };
}

const DECIMALS = 6;

export async function overview(ctx: GatewayContext, t: Tenant, days: number, currency: 'USDC' | 'EURC') {
  const now = ctx.now();
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(startOfToday - (days - 1) * 86_400_000);
  // Per-day aggregates kept by triggers (migration 0420): the window starts at a UTC midnight, so whole days
  // give exactly the same sums as the facts themselves (see overview.test.ts).
  const params = [t.merchantId, t.environment, currency, since.toISOString().slice(0, 10)];
  const [flows, statuses] = await Promise.all([
    ctx.db.query<{ kind: string; day: string; units: string; n: string }>(
      `select kind, to_char(day, 'YYYY-MM-DD') as day, amount_units::text as units, transfers::text as n
       from overview_flows
       where merchant_id = $1 and environment = $2 and currency = $3 and day >= $4::date and transfers <> 0`,
      params,
    ),
    ctx.db.query<{ status: string; n: string; units: string }>(
      `select status, sum(payments)::text as n, sum(amount_units)::text as units from overview_payments
       where merchant_id = $1 and environment = $2 and currency = $3 and day >= $4::date
       group by status having sum(payments) <> 0`,
      params,
    ),
  ]);
  const series = new Map<string, { received: bigint; settled: bigint }>();
  for (let d = since.getTime(); d <= startOfToday; d += 86_400_000) {
    series.set(new Date(d).toISOString().slice(0, 10), { received: 0n, settled: 0n });
  }
  let received = 0n;
  let settled = 0n;
  let refunded = 0n;
  let receivedTransfers = 0;
  let settledTransfers = 0;
  let refundTransfers = 0;
  for (const f of flows) {
    const units = unitsFromDb(f.units);
    const slot = series.get(f.day);
    if (f.kind === 'incoming') {
      received += units;
      receivedTransfers += Number(f.n);
      if (slot) slot.received += units;
    } else if (f.kind === 'refund') {
      refunded += units;
      refundTransfers += Number(f.n);
    } else {
      settled += units;
      settledTransfers += Number(f.n);
      if (slot) slot.settled += units;
    }
  }
  const byStatus: Record<string, { count: number; amount: string; amount_units: string }> = {};
  let created = 0;
  for (const s of statuses) {
    const units = unitsFromDb(s.units);
    created += Number(s.n);
    byStatus[s.status] = { count: Number(s.n), amount: formatAmount(units, DECIMALS), amount_units: units.toString() };
  }
  const money = (u: bigint) => ({ amount: formatAmount(u, DECIMALS), amount_units: u.toString() });
  return {
    object: 'overview' as const,
    livemode: t.environment === 'live',
    currency,
    days,
    from: since.toISOString(),
    to: now.toISOString(),
    received: {
      label: 'Received: final on-chain payments in the official token at your deposit addresses',
      ...money(received),
      transfers: receivedTransfers,
    },
    settled: {
      label: 'Settled: final transfers from deposit addresses into your vault',
      ...money(settled),
      transfers: settledTransfers,
    },
    refunded: {
      label: 'Refunded: final transfers from your vault to refund recipients (completed refund requests)',
      ...money(refunded),
      transfers: refundTransfers,
    },
    payments: { created, by_status: byStatus },
    series: [...series].map(([date, v]) => ({
      date,
      received: formatAmount(v.received, DECIMALS),
      received_units: v.received.toString(),
      settled: formatAmount(v.settled, DECIMALS),
      settled_units: v.settled.toString(),
    })),
  };
}

export const ACCOUNTING_POLICY = {
  custody:
    'Non-custodial. Each payment has its own counterfactual deposit address that commits to your vault ' +
    '(CREATE2 from the DepositFactory); its forwarder can transfer only to that vault. Tender never holds keys to your funds.',
  asset_policy:
    'Only the issuer’s official native USDC (and EURC where issued) counts toward a payment. Bridged variants and ' +
    'other tokens make a payment INVALID_ASSET; they are recovered into your vault as they are.',
  recognition:
    'A payment is confirmed (payment.confirmed; PAID or OVERPAID) when final funds received on time cover the amount. ' +
    'Funds are final at the network’s confirmation depth below. Fulfil orders on payment.confirmed, never on the redirect.',
  received_vs_settled:
    'Received = final official funds at deposit addresses. Settled = final transfers from those addresses into your ' +
    'vault (SETTLED, payment.completed). The difference is in transit (SETTLEMENT_PENDING).',
  settlement:
    'Automatic: when a payment is PAID or OVERPAID, Tender’s relayer calls DepositFactory.sweep and pays the gas. ' +
    'Failed sweeps are retried with backoff (SETTLEMENT_FAILED meanwhile). Anyone may trigger a sweep: funds can only reach the vault.',
  late_underpaid_overpaid:
    'Funds after expiry (LATE_PAYMENT) and partial funds at expiry (UNDERPAID) are recovered into your vault; the ' +
    'payment keeps its state. An overpayment settles in full; the excess is reported in payment.overpaid.',
  refunds:
    'A refund is a new transfer of the official token from your vault, sent by you, of at most the final funds ' +
    'received minus other refunds (open requests reserve their amount). It completes once the transfer is verified ' +
    'on-chain and final (posted as proof, or found by the watcher); the payment shows REFUND_REQUESTED, ' +
    'PARTIALLY_REFUNDED or REFUNDED once closed with final funds (SETTLED, UNDERPAID or LATE_PAYMENT).',
};

/** GET /v1/settlement-policy: the accounting policy and the live on-chain facts of each vault. */
export async function settlementPolicy(ctx: GatewayContext, t: Tenant) {
  const vaults = await ctx.db.query<{ network: string; address: string }>(
    'select network, address from merchant_vaults where merchant_id = $1 and environment = $2',
    [t.merchantId, t.environment],
  );
  const byNetwork = new Map(vaults.map((v) => [v.network, v.address]));
  const networks = await Promise.all(
    ctx.networkRegistry.forEnvironment(t.environment).map(async (n) => {
      const vault = byNetwork.get(n.id);
      let onChain: Record<string, unknown> | null = null;
      if (vault && n.rpcUrl) onChain = await readVault(n.rpcUrl, vault as Address, Object.values(n.tokens));
      else if (vault) onChain = { error: `no RPC URL configured for ${n.id}` };
      return {
        network: n.id,
        chain_id: n.chainId,
        available: n.available,
        confirmations: n.confirmations,
        block_time_seconds: n.blockTimeSeconds,
        deposit_factory: n.factory ?? null,
        relayer: n.relayer?.address ?? null,
        vault: vault ? { address: vault, on_chain: onChain } : null,
      };
    }),
  );
  return {
    object: 'settlement_policy' as const,
    livemode: t.environment === 'live',
    accounting_policy: ACCOUNTING_POLICY,
    networks,
  };
}

async function readVault(
  rpcUrl: string,
  vault: Address,
  tokens: readonly { symbol: string; address: Address; decimals: number }[],
): Promise<Record<string, unknown>> {
  const client = createRpcPublicClient(rpcUrl, { retryCount: 0, timeoutMs: 4_000 });
  try {
    const [block, code, native, balances] = await Promise.all([
      client.getBlockNumber({ cacheTime: 0 }),
      client.getCode({ address: vault }),
      client.getBalance({ address: vault }),
      Promise.all(
        tokens.map((tk) =>
          client.readContract({ address: tk.address, abi: erc20Abi, functionName: 'balanceOf', args: [vault] }),
        ),
      ),
    ]);
    const codeSize = code && code !== '0x' ? (code.length - 2) / 2 : 0;
    return {
      block_number: Number(block),
      read_at: new Date().toISOString(),
      kind: codeSize > 0 ? 'contract' : 'externally_owned_account',
      code_size: codeSize,
      native_balance_units: native.toString(),
      balances: tokens.map((tk, i) => ({
        symbol: tk.symbol,
        token_address: tk.address,
        amount: formatAmount(balances[i]!, tk.decimals),
        amount_units: balances[i]!.toString(),
      })),
    };
  } catch (err) {
    return { error: `could not read the chain: ${(err as Error).message.split('\n')[0]}` };
  }
}
