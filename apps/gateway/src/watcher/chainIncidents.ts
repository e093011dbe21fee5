// Incidents of a real network: final facts that the chain no longer holds (a reorganisation deeper than the
// confirmation depth, or a node on another fork). Nothing is rolled back and no status moves: the confirmation
// depth was the safety assumption and it failed, which needs a person. While an incident is open the network is
// degraded (/public/status, tender_chain_incident in /metrics) and its watcher records nothing; it resolves itself
// when the chain agrees with the recorded facts again (the node came back to the right fork).
import type { Sql } from '@tender/platform';

export interface OpenIncident {
  network: string;
  kind: 'devnet_rollback' | 'deep_reorg';
  agreedBlock: bigint;
  recordedBlock: bigint;
  headBlock: bigint;
  finalTransfers: number;
  detectedAt: Date;
}

/** Final transfers and finished sweeps recorded above `agreed` (what an incident puts at stake). */
export async function finalFactsAbove(
  sql: Sql,
  network: string,
  agreed: bigint,
): Promise<{ transfers: number; finalTransfers: number; settlements: number; payments: number }> {
  const [r] = await sql.query<{ transfers: number; final_transfers: number; settlements: number; payments: number }>(
    `select
       (select count(*)::int from chain_transfers where network = $1 and not removed and block_number > $2) as transfers,
       (select count(*)::int from chain_transfers where network = $1 and not removed and final and block_number > $2)
         as final_transfers,
       (select count(*)::int from settlements where network = $1 and state = 'succeeded' and mined_block > $2)
         as settlements,
       (select count(distinct payment_id)::int from chain_transfers
         where network = $1 and not removed and final and block_number > $2) as payments`,
    [network, agreed],
  );
  return {
    transfers: r!.transfers,
    finalTransfers: r!.final_transfers,
    settlements: r!.settlements,
    payments: r!.payments,
  };
}

/** Opens the network's incident unless one is open. True when this call opened it. */
export async function openIncident(
  sql: Sql,
  p: {
    network: string;
    agreedBlock: bigint;
    recordedBlock: bigint;
    headBlock: bigint;
    counts: { transfers: number; finalTransfers: number; settlements: number; payments: number };
  },
): Promise<boolean> {
  const rows = await sql.query(
    `insert into chain_incidents (network, kind, agreed_block, recorded_block, head_block, transfers, final_transfers,
       settlements, payments)
     values ($1, 'deep_reorg', $2, $3, $4, $5, $6, $7, $8)
     on conflict (network) where resolved_at is null do nothing
     returning id`,
    [
      p.network,
      p.agreedBlock,
      p.recordedBlock,
      p.headBlock,
      p.counts.transfers,
      p.counts.finalTransfers,
      p.counts.settlements,
      p.counts.payments,
    ],
  );
  return rows.length > 0;
}

/** Resolves the network's open incident; true when there was one. */
export async function resolveIncident(sql: Sql, network: string): Promise<boolean> {
  const rows = await sql.query(
    `update chain_incidents set resolved_at = now() where network = $1 and resolved_at is null returning id`,
    [network],
  );
  return rows.length > 0;
}

export async function openIncidents(sql: Sql): Promise<OpenIncident[]> {
  const rows = await sql.query<{
    network: string;
    kind: OpenIncident['kind'];
    agreed_block: string;
    recorded_block: string;
    head_block: string;
    final_transfers: number;
    detected_at: Date;
  }>(
    `select network, kind, agreed_block, recorded_block, head_block, final_transfers, detected_at
     from chain_incidents where resolved_at is null`,
  );
  return rows.map((r) => ({
    network: r.network,
    kind: r.kind,
    agreedBlock: BigInt(r.agreed_block),
    recordedBlock: BigInt(r.recorded_block),
    headBlock: BigInt(r.head_block),
    finalTransfers: r.final_transfers,
    detectedAt: r.detected_at,
  }));
}
