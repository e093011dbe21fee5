// Does the chain still hold what the database recorded? The watcher asks when it becomes active, whenever the
// node's head is below its cursor, and after a reorganisation deeper than its stored history.
//
// Recorded blocks (the hashes of blocks that hold a recorded transfer, the watcher's stored recent blocks and its
// cursor) form a chain's prefix: if block n agrees, every block below n agrees (each hash commits to its parent).
// So one eth_getBlockByNumber of the newest recorded block answers the common case, and a binary search over the
// recorded blocks finds the newest one that still agrees in O(log n) calls otherwise.
//
// What a disagreement means depends on the network:
//  - devnet: a block the node does not have, or has with another hash, is lost: the local chain was restored from
//    a state file older than the database (a crash inside anvil's dump window). The facts above the agreed block
//    are rolled back (rollBackDevnet.ts).
//  - a real network: the node is behind (blocks above its head are not compared, only waited for), or the chain
//    reorganised below what we recorded. Unfinal facts are the normal reorg path of the watcher; a final fact that
//    is no longer canonical is an incident (chainIncidents.ts): nothing is rolled back and no status moves.
import type { Sql } from '@tender/platform';
import type { BlockHeader, ChainReader } from './chainReader.ts';

export interface RecordedBlock {
  number: bigint;
  hash: string;
}

export type Agreement =
  | { agree: true; checked: number }
  | {
      agree: false;
      /** Every recorded block up to this one is canonical, none above it is (-1: nothing recorded is). */
      agreedBlock: bigint;
      /** The newest recorded block. */
      recordedBlock: bigint;
      head: bigint;
      checked: number;
    };

/** Distinct recorded blocks of a network, oldest first (without the ranges an operator kept over the chain). */
export async function recordedBlocks(sql: Sql, network: string): Promise<RecordedBlock[]> {
  const rows = await sql.query<{ block_number: string; block_hash: string }>(
    `select block_number, min(block_hash) as block_hash from (
       select block_number, block_hash from chain_transfers c where network = $1 and not removed
          -- Facts an operator kept over the chain (console: incident resolved as kept_database) are not compared.
          and not exists (select 1 from chain_incidents i where i.network = $1 and i.resolution = 'kept_database'
                            and c.block_number > i.agreed_block and c.block_number <= i.recorded_block)
       union
       select block_number, block_hash from watcher_blocks where network = $1
       union
       select block_number, block_hash from watcher_cursors where network = $1 and block_number is not null
     ) r group by block_number order by block_number`,
    [network],
  );
  return rows.map((r) => ({ number: BigInt(r.block_number), hash: r.block_hash.toLowerCase() }));
}

/**
 * Compares the recorded blocks with the chain. `lostAboveHead`: a recorded block above the node's head is lost
 * (devnet: the node is our own and cannot lag), rather than not yet seen (a real network's lagging node).
 */
export async function checkAgreement(
  sql: Sql,
  reader: ChainReader,
  network: string,
  head: BlockHeader,
  opts: { lostAboveHead: boolean },
): Promise<Agreement> {
  const all = await recordedBlocks(sql, network);
  const candidates = opts.lostAboveHead ? all : all.filter((b) => b.number <= head.number);
  let checked = 0;
  const agrees = async (b: RecordedBlock): Promise<boolean> => {
    if (b.number > head.number) return false;
    checked++;
    const onChain = b.number === head.number ? head : await reader.getBlock(b.number);
    return onChain !== null && onChain.hash.toLowerCase() === b.hash;
  };
  const top = candidates[candidates.length - 1];
  if (!top || (await agrees(top))) return { agree: true, checked };
  // Invariant of the search: candidates[lo - 1] agrees (or lo = 0), candidates[hi] does not.
  let lo = 0;
  let hi = candidates.length - 1;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (await agrees(candidates[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  // Nothing recorded agrees: the blocks below the oldest recorded one are not known to differ.
  const agreed = lo > 0 ? candidates[lo - 1]!.number : candidates[0]!.number - 1n;
  return { agree: false, agreedBlock: agreed, recordedBlock: top.number, head: head.number, checked };
}
