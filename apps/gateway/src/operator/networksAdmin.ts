// The console's networks: each network's state, how far its watcher is behind the node, and its open incident with
// the recorded facts the chain disagrees with (each recorded block hash beside the one the node has now).
import type { GatewayContext } from '../context.ts';
import type { GatewayNetwork } from '../networks/registry.ts';
import { formatAmount, unitsFromDb } from '../money/amount.ts';
import { storedDecimals } from '../money/tokenDecimals.ts';
import { decimalsOf, officialToken } from '../payments/queries.ts';
import { consoleChainReader, rpcFailure } from './chainRpc.ts';

/** At most this many disagreeing facts are listed (the counts cover them all). */
const FACTS_SHOWN = 50;

interface CursorRow {
  network: string;
  block_number: string | null;
  lease_owner: string | null;
  lease_live: boolean;
  age: number;
}

interface IncidentRow {
  id: string;
  network: string;
  kind: string;
  agreed_block: string;
  recorded_block: string;
  head_block: string;
  transfers: number;
  final_transfers: number;
  settlements: number;
  payments: number;
  detected_at: Date;
  resolved_at: Date | null;
  resolution: string | null;
  resolved_by: string | null;
}

function incidentView(r: IncidentRow) {
  return {
    id: r.id,
    network: r.network,
    kind: r.kind,
    agreedBlock: r.agreed_block,
    recordedBlock: r.recorded_block,
    headBlock: r.head_block,
    transfers: r.transfers,
    finalTransfers: r.final_transfers,
    settlements: r.settlements,
    payments: r.payments,
    detectedAt: r.detected_at.toISOString(),
    resolvedAt: r.resolved_at?.toISOString() ?? null,
    resolution: r.resolution,
    resolvedBy: r.resolved_by,
  };
}

const INCIDENT_COLUMNS = `id::text, network, kind, agreed_block::text, recorded_block::text, head_block::text, transfers,
  final_transfers, settlements, payments, detected_at, resolved_at, resolution, resolved_by`;

/** Every configured network: availability, watcher cursor and lag behind the node's head, open incident. */
export async function listNetworks(ctx: GatewayContext) {
  const [cursors, open, recent] = await Promise.all([
    ctx.db.query<CursorRow>(
      `select network, block_number::text, lease_owner, coalesce(lease_expires_at > now(), false) as lease_live,
              extract(epoch from now() - updated_at)::float8 as age
         from watcher_cursors`,
    ),
    ctx.db.query<IncidentRow>(`select ${INCIDENT_COLUMNS} from chain_incidents where resolved_at is null`),
    ctx.db.query<IncidentRow>(
      `select ${INCIDENT_COLUMNS} from chain_incidents where resolved_at is not null
        order by resolved_at desc, id desc limit 20`,
    ),
  ]);
  const byNetwork = new Map(cursors.map((c) => [c.network, c]));
  const incidents = new Map(open.map((i) => [i.network, i]));
  const networks = await Promise.all(
    ctx.networkRegistry.all.map(async (n) => {
      const c = byNetwork.get(n.id);
      const incident = incidents.get(n.id);
      const head = await nodeHead(n);
      const cursor = c?.block_number ? BigInt(c.block_number) : null;
      return {
        network: n.id,
        name: n.name,
        chainId: n.chainId,
        environment: n.environment,
        confirmations: n.confirmations,
        state: !n.available ? ('unavailable' as const) : incident ? ('incident' as const) : ('operational' as const),
        unavailableReason: n.available ? null : (n.unavailableReason ?? null),
        watcher: c
          ? {
              cursorBlock: c.block_number,
              leaseOwner: c.lease_live ? c.lease_owner : null,
              secondsSinceUpdate: Math.round(c.age),
            }
          : null,
        head: 'block' in head ? head.block.toString() : null,
        headError: 'error' in head ? head.error : null,
        lagBlocks: 'block' in head && cursor !== null ? Number(head.block > cursor ? head.block - cursor : 0n) : null,
        incident: incident ? incidentView(incident) : null,
      };
    }),
  );
  return { networks, recentlyResolved: recent.map(incidentView) };
}

async function nodeHead(n: GatewayNetwork): Promise<{ block: bigint } | { error: string } | { none: true }> {
  if (!n.available || !n.rpcUrl) return { none: true };
  try {
    const b = await consoleChainReader(n.rpcUrl).getBlock('latest');
    return b ? { block: b.number } : { error: 'the node has no latest block' };
  } catch (err) {
    return { error: rpcFailure(err) };
  }
}

/**
 * A network's open incident with the facts it puts at stake: the transfers recorded above the agreed block and the
 * sweeps mined there, each with the block hash recorded and the one the node has at that height now (null: the node
 * has no such block yet). 404 without an open incident.
 */
export async function incidentFacts(ctx: GatewayContext, network: string) {
  const [incident] = await ctx.db.query<IncidentRow>(
    `select ${INCIDENT_COLUMNS} from chain_incidents where network = $1 and resolved_at is null`,
    [network],
  );
  if (!incident) return null;
  const [transfers, sweeps] = await Promise.all([
    ctx.db.query<{
      payment_id: string;
      merchant_id: string;
      block_number: string;
      block_hash: string;
      tx_hash: string;
      token: string;
      amount_units: string;
      token_decimals: number | null;
      final: boolean;
    }>(
      `select c.payment_id, c.merchant_id, c.block_number::text, c.block_hash, c.tx_hash, c.token,
              c.amount_units::text, ${storedDecimals('c')} as token_decimals, c.final
         from chain_transfers c where c.network = $1 and not c.removed and c.block_number > $2
        order by c.block_number, c.log_index limit $3`,
      [network, incident.agreed_block, FACTS_SHOWN],
    ),
    ctx.db.query<{ id: string; payment_id: string; mined_block: string; tx_hash: string | null }>(
      `select id, payment_id, mined_block::text, tx_hash from settlements
        where network = $1 and state = 'succeeded' and mined_block > $2 order by mined_block limit $3`,
      [network, incident.agreed_block, FACTS_SHOWN],
    ),
  ]);
  const net = ctx.networkRegistry.get(network);
  const chainHashes = new Map<string, string | null>();
  let nodeError: string | null = null;
  if (net?.rpcUrl) {
    const reader = consoleChainReader(net.rpcUrl);
    try {
      for (const n of [...new Set(transfers.map((t) => t.block_number))].slice(0, 20)) {
        chainHashes.set(n, (await reader.getBlock(BigInt(n)))?.hash.toLowerCase() ?? null);
      }
    } catch (err) {
      nodeError = rpcFailure(err);
    }
  }
  return {
    incident: incidentView(incident),
    nodeError,
    transfers: transfers.map((t) => {
      const tok = officialToken(ctx, network, t.token);
      const decimals = decimalsOf(tok, t.token_decimals);
      return {
        paymentId: t.payment_id,
        merchantId: t.merchant_id,
        blockNumber: t.block_number,
        recordedBlockHash: t.block_hash,
        chainBlockHash: chainHashes.get(t.block_number) ?? null,
        txHash: t.tx_hash,
        amountUnits: t.amount_units,
        // In the token's decimals with its symbol when known, as GET /v1/transactions shows it.
        amount: decimals === null ? null : formatAmount(unitsFromDb(t.amount_units), decimals),
        tokenSymbol: tok?.symbol ?? null,
        final: t.final,
      };
    }),
    sweeps: sweeps.map((s) => ({
      settlementId: s.id,
      paymentId: s.payment_id,
      minedBlock: s.mined_block,
      txHash: s.tx_hash,
    })),
  };
}
