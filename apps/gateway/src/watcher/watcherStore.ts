// Database side of the chain watcher: the lease that makes one watcher active per network across processes, the
// cursor, recent block hashes, and recording transfer facts. Every write is fenced by the lease token: a watcher
// whose lease was taken over (it stalled past expiry) changes nothing.
import type { Sql } from '@tender/platform';
import type { Environment } from '../tenant.ts';

export interface Cursor {
  chainId: number;
  blockNumber: bigint | null;
  blockHash: string | null;
}

export class LeaseLostError extends Error {
  override readonly name = 'WatcherLeaseLostError';
}

/**
 * Takes the network's lease, or renews it if `token` holds it. Returns the cursor when this watcher is the active
 * one, undefined when another live lease exists. Works on PGlite and PostgreSQL alike (a row, not a session lock).
 */
export async function acquireLease(
  sql: Sql,
  p: { network: string; chainId: number; token: string; owner: string; leaseMs: number },
): Promise<Cursor | undefined> {
  const [row] = await sql.query<{ chain_id: string; block_number: string | null; block_hash: string | null }>(
    `insert into watcher_cursors (network, chain_id, lease_token, lease_owner, lease_expires_at)
     values ($1, $2, $3, $4, now() + $5::int * interval '1 millisecond')
     on conflict (network) do update set
       lease_token = excluded.lease_token,
       lease_owner = excluded.lease_owner,
       lease_expires_at = excluded.lease_expires_at,
       updated_at = now()
     where watcher_cursors.lease_token = excluded.lease_token
        or watcher_cursors.lease_expires_at is null
        or watcher_cursors.lease_expires_at < now()
     returning chain_id, block_number, block_hash`,
    [p.network, p.chainId, p.token, p.owner, Math.ceil(p.leaseMs)],
  );
  if (!row) return undefined;
  return {
    chainId: Number(row.chain_id),
    blockNumber: row.block_number === null ? null : BigInt(row.block_number),
    blockHash: row.block_hash,
  };
}

export async function releaseLease(sql: Sql, network: string, token: string): Promise<void> {
  await sql.query(
    `update watcher_cursors set lease_token = null, lease_expires_at = null, updated_at = now()
     where network = $1 and lease_token = $2`,
    [network, token],
  );
}

/** Moves the cursor; throws LeaseLostError (rolling back the caller's transaction) unless the lease is live. */
export async function moveCursor(
  tx: Sql,
  p: { network: string; token: string; blockNumber: bigint; blockHash: string },
): Promise<void> {
  const rows = await tx.query(
    `update watcher_cursors set block_number = $3, block_hash = $4, updated_at = now()
     where network = $1 and lease_token = $2 and lease_expires_at > now()
     returning network`,
    [p.network, p.token, p.blockNumber, p.blockHash.toLowerCase()],
  );
  if (rows.length === 0) throw new LeaseLostError(`watcher lease on ${p.network} is no longer held`);
}

export async function rememberBlocks(
  tx: Sql,
  network: string,
  blocks: readonly { number: bigint; hash: string }[],
  pruneBelow: bigint,
): Promise<void> {
  if (blocks.length > 0) {
    await tx.query(
      `insert into watcher_blocks (network, block_number, block_hash)
       select $1, n, h from unnest($2::bigint[], $3::text[]) as u(n, h)
       on conflict (network, block_number) do update set block_hash = excluded.block_hash`,
      [network, blocks.map((b) => b.number.toString()), blocks.map((b) => b.hash.toLowerCase())],
    );
  }
  await tx.query('delete from watcher_blocks where network = $1 and block_number < $2', [network, pruneBelow]);
}

/** Stored hashes of processed blocks at or below `below`, newest first: candidates for the common ancestor. */
export async function recentBlocks(
  sql: Sql,
  network: string,
  below: bigint,
): Promise<{ number: bigint; hash: string }[]> {
  const rows = await sql.query<{ block_number: string; block_hash: string }>(
    `select block_number, block_hash from watcher_blocks where network = $1 and block_number <= $2
     order by block_number desc limit 512`,
    [network, below],
  );
  return rows.map((r) => ({ number: BigInt(r.block_number), hash: r.block_hash }));
}

export interface DepositMatch {
  payment_id: string;
  address: string;
  token: string;
  vault: string;
  merchant_id: string;
  environment: Environment;
}

/** One indexed lookup for every address seen in a block range: O(addresses in the range), not O(open intents). */
export async function matchDepositAddresses(
  sql: Sql,
  network: string,
  addresses: readonly string[],
): Promise<Map<string, DepositMatch>> {
  if (addresses.length === 0) return new Map();
  const rows = await sql.query<DepositMatch>(
    `select payment_id, address, token, vault, merchant_id, environment from deposit_addresses
     where network = $1 and address = any($2::text[])`,
    [network, addresses],
  );
  return new Map(rows.map((r) => [r.address, r]));
}

export interface NewTransfer {
  paymentId: string;
  merchantId: string;
  environment: string;
  kind: 'incoming' | 'settlement';
  depositAddress: string;
  token: string;
  official: boolean;
  from: string;
  to: string;
  amount: bigint;
  blockNumber: bigint;
  blockHash: string;
  blockTime: Date;
  txHash: string;
  logIndex: number;
}

/**
 * Records transfer facts. A log already recorded (same block hash and log index) is not duplicated; if a reorg had
 * marked it removed and its block is canonical again, it is restored. Returns the payments whose facts changed.
 */
export async function insertTransfers(tx: Sql, network: string, ts: readonly NewTransfer[]): Promise<string[]> {
  if (ts.length === 0) return [];
  const rows = await tx.query<{ payment_id: string }>(
    `insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
       official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index)
     select $1, u.payment_id, u.merchant_id, u.environment, u.kind, u.deposit_address, u.token, u.official::boolean,
       u.from_address, u.to_address, u.amount::numeric, u.block_number, u.block_hash, u.block_time::timestamptz, u.tx_hash,
       u.log_index
     from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
       $10::text[], $11::text[], $12::bigint[], $13::text[], $14::text[], $15::text[], $16::int[])
       as u(payment_id, merchant_id, environment, kind, deposit_address, token, official, from_address, to_address,
            amount, block_number, block_hash, block_time, tx_hash, log_index)
     on conflict (network, block_hash, log_index) do update set removed = false, removed_at = null
       where chain_transfers.removed
     returning payment_id`,
    [
      network,
      ts.map((t) => t.paymentId),
      ts.map((t) => t.merchantId),
      ts.map((t) => t.environment),
      ts.map((t) => t.kind),
      ts.map((t) => t.depositAddress),
      ts.map((t) => t.token),
      // Booleans and timestamps travel as text: postgres.js does not serialise arrays of them as such.
      ts.map((t) => String(t.official)),
      ts.map((t) => t.from),
      ts.map((t) => t.to),
      ts.map((t) => t.amount.toString()),
      ts.map((t) => t.blockNumber.toString()),
      ts.map((t) => t.blockHash.toLowerCase()),
      ts.map((t) => t.blockTime.toISOString()),
      ts.map((t) => t.txHash.toLowerCase()),
      ts.map((t) => t.logIndex),
    ],
  );
  return [...new Set(rows.map((r) => r.payment_id))];
}

/** Marks unfinal facts at or below `upTo` final. Returns (transfer id, payment id) pairs. */
export async function finalizeTransfers(
  tx: Sql,
  network: string,
  upTo: bigint,
): Promise<{ id: string; payment_id: string }[]> {
  return tx.query<{ id: string; payment_id: string }>(
    `update chain_transfers set final = true, final_at = now()
     where network = $1 and not final and not removed and block_number <= $2
     returning id::text as id, payment_id`,
    [network, upTo],
  );
}

/** Marks unfinal facts above `ancestor` removed (their blocks were orphaned). Returns affected payments. */
export async function rollBackAbove(tx: Sql, network: string, ancestor: bigint): Promise<string[]> {
  const rows = await tx.query<{ payment_id: string }>(
    `update chain_transfers set removed = true, removed_at = now()
     where network = $1 and not final and not removed and block_number > $2
     returning payment_id`,
    [network, ancestor],
  );
  await tx.query('delete from watcher_blocks where network = $1 and block_number > $2', [network, ancestor]);
  return [...new Set(rows.map((r) => r.payment_id))];
}

/**
 * Sweeps mined in orphaned blocks are not done: back to `submitted`, so that their job checks the receipt again
 * (the transaction is usually re-included; if not, its raw bytes are rebroadcast, or the attempt fails and is
 * retried). Returns the settlements reopened.
 */
export async function reopenOrphanedSweeps(
  tx: Sql,
  network: string,
  ancestor: bigint,
): Promise<{ id: string; payment_id: string }[]> {
  return tx.query<{ id: string; payment_id: string }>(
    `update settlements set state = 'submitted', mined_block = null, finished_at = null, updated_at = now()
     where network = $1 and state = 'succeeded' and mined_block > $2
     returning id, payment_id`,
    [network, ancestor],
  );
}
