// The chain watcher's part in refunds: a merchant who sends a refund without posting a proof still sees it
// complete. In each block range the watcher already holds every Transfer log; these two functions find the logs
// that fulfil an open (pending) refund request and record them as facts in the poll's transaction. Finality and
// reorg rollback then come from the watcher as for every other fact (by block number).
//
// A log fulfils a request when: its token is the payment's official token on this network (the deposit address's
// token; for a foreign_asset request the foreign token it returns, on the network it was received on), it is from
// this network's vault of the payment (deposit_addresses.vault), it is to the request's recipient, its amount covers
// the request, the payment received final funds of that token on this network, and the
// vault is the requesting merchant's (no other merchant holds the address: vaultHolder.ts). One
// log fulfils one request: the oldest matching request, in log order; a log already recorded for another request
// is not recorded again (unique index).
import type { Sql } from '@tender/platform';
import type { RawLog } from '../watcher/chainReader.ts';
import { tokenTransfers } from './refundTransferMatch.ts';
import { vaultCountsForSql } from './vaultHolder.ts';

interface OpenRefund {
  id: string;
  payment_id: string;
  merchant_id: string;
  environment: string;
  recipient: string;
  amount_units: string;
  vault: string;
  token: string;
  deposit_address: string;
  foreign: boolean;
}

export interface RefundLogMatch {
  log: RawLog;
  refundId: string;
  paymentId: string;
  merchantId: string;
  environment: string;
  depositAddress: string;
  token: string;
  from: string;
  to: string;
  amount: bigint;
  /** False for a foreign_asset refund: the transfer moves a foreign token (kept out of the overview's sums). */
  official: boolean;
}

/** One indexed lookup by recipient for the whole range: O(addresses in the range), not O(open refunds). */
export async function matchRefundLogs(sql: Sql, network: string, logs: readonly RawLog[]): Promise<RefundLogMatch[]> {
  const transfers = logs.filter((l) => !l.removed).flatMap((l) => tokenTransfers([l]).map((t) => ({ log: l, ...t })));
  if (transfers.length === 0) return [];
  const recipients = [...new Set(transfers.map((t) => t.to))];
  const open = await sql.query<OpenRefund>(
    `select r.id, r.payment_id, r.merchant_id, r.environment, r.recipient, r.amount_units, d.vault,
       coalesce(r.token, d.token) as token, d.address as deposit_address,
       r.token is not null as foreign
     from refund_requests r join deposit_addresses d on d.payment_id = r.payment_id and d.network = $1
     where r.status = 'pending' and r.recipient = any($2::text[]) and (r.network is null or r.network = $1)
       and exists (select 1 from chain_transfers c where c.payment_id = r.payment_id and c.network = $1
         and c.kind = 'incoming' and c.final and not c.removed
         and (case when r.token is null then c.official else not c.official and c.token = r.token end))
       and ${vaultCountsForSql({ merchant: 'r.merchant_id', environment: 'r.environment', network: '$1', vault: 'd.vault' })}
     order by r.created_at, r.id`,
    [network, recipients],
  );
  if (open.length === 0) return [];
  const taken = new Set<string>();
  const out: RefundLogMatch[] = [];
  const ordered = [...transfers].sort((a, b) =>
    a.log.blockNumber === b.log.blockNumber ? a.logIndex - b.logIndex : a.log.blockNumber < b.log.blockNumber ? -1 : 1,
  );
  for (const t of ordered) {
    const r = open.find(
      (o) =>
        !taken.has(o.id) &&
        o.recipient === t.to &&
        o.vault === t.from &&
        o.token === t.token &&
        t.amountUnits >= BigInt(o.amount_units),
    );
    if (!r) continue;
    taken.add(r.id);
    out.push({
      log: t.log,
      refundId: r.id,
      paymentId: r.payment_id,
      merchantId: r.merchant_id,
      environment: r.environment,
      depositAddress: r.deposit_address,
      token: t.token,
      from: t.from,
      to: t.to,
      amount: t.amountUnits,
      official: !r.foreign,
    });
  }
  return out;
}

/** Records the matches (kind 'refund', source watcher). Returns the payments whose facts changed. */
export async function insertRefundTransfers(
  tx: Sql,
  network: string,
  ms: readonly (RefundLogMatch & { blockTime: Date })[],
): Promise<string[]> {
  const touched = new Set<string>();
  for (const m of ms) {
    const rows = await tx.query<{ payment_id: string }>(
      `insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
         official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
         refund_id, refund_source)
       select $1, $2, $3, $4, 'refund', $5, $6, $16::boolean, $7, $8, $9::numeric, $10::bigint, $11, $12::timestamptz, $13,
         $14::int, $15::text, 'watcher'
       -- A request fulfilled meanwhile (a proof committed since the match) takes no second transfer.
       where not exists (select 1 from chain_transfers c where c.refund_id = $15::text and not c.removed)
       on conflict do nothing returning payment_id`,
      [
        network,
        m.paymentId,
        m.merchantId,
        m.environment,
        m.depositAddress,
        m.token,
        m.from,
        m.to,
        m.amount.toString(),
        m.log.blockNumber.toString(),
        m.log.blockHash.toLowerCase(),
        m.blockTime,
        m.log.transactionHash.toLowerCase(),
        m.log.logIndex,
        m.refundId,
        m.official,
      ],
    );
    for (const r of rows) touched.add(r.payment_id);
  }
  return [...touched];
}
