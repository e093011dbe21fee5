// The watcher's commit step (chainWatcher.ts): after the facts are on the chain's disk (beforeCommit), one
// transaction moves the cursor, remembers the blocks, records the matches, finalizes what is deep enough, and
// re-derives every payment whose facts changed.
import { rememberTokenDecimals } from '../money/tokenDecimals.ts';
import { recomputePayment } from '../payments/recompute.ts';
import type { RangeMatches } from './matchRange.ts';
import type { ReadRange } from './readRange.ts';
import type { Watch } from './watch.ts';
import { finalizeTransfers, insertTransfers, moveCursor, rememberBlocks } from './watcherStore.ts';

/** Returns the payments whose status changed. */
export async function commitRange(w: Watch, range: ReadRange, found: RangeMatches): Promise<string[]> {
  const { toHeader } = range;
  const { transfers, matched, facts, times, blocksToRemember } = found;
  // Every amount has its decimal twin: a foreign token's decimals are read once, before its first transfer.
  await rememberTokenDecimals(
    w.ctx.db,
    w.net.id,
    w.reader,
    transfers.filter((t) => !w.official.has(t.token)).map((t) => t.token),
  );
  // Every fact this poll records (a deposit, a settlement, a refund) is on the chain's disk first. A poll that only
  // moves the cursor or finalizes facts recorded earlier (whose blocks were persisted when they were recorded)
  // pays no dump: a chain that loses the blocks above them loses no fact.
  if (w.beforeCommit && facts > 0) await w.beforeCommit(toHeader.number);
  const changed = await w.ctx.db.tx(async (tx) => {
    await moveCursor(tx, { network: w.net.id, token: w.token, blockNumber: toHeader.number, blockHash: toHeader.hash });
    await rememberBlocks(
      tx,
      w.net.id,
      [...blocksToRemember].map(([number, hash]) => ({ number, hash })),
      toHeader.number - w.depth * 4n - 64n,
    );
    const touched = [...(await insertTransfers(tx, w.net.id, transfers))];
    for (const m of matched)
      touched.push(...(await m.record(tx, (log) => new Date(Number(times.get(log.blockNumber)!) * 1000))));
    const finalized = await finalizeTransfers(tx, w.net.id, toHeader.number - w.depth + 1n);
    const finalIds = new Map<string, string[]>();
    for (const f of finalized) finalIds.set(f.payment_id, [...(finalIds.get(f.payment_id) ?? []), f.id]);
    const payments = [...new Set([...touched, ...finalIds.keys()])].sort();
    const changedIds: string[] = [];
    for (const pid of payments) {
      const r = await recomputePayment(w.ctx, tx, pid, {
        reason: finalIds.has(pid) ? 'transfer_final' : 'transfer_detected',
        data: { network: w.net.id, block_number: toHeader.number.toString() },
        finalizedTransferIds: finalIds.get(pid) ?? [],
      });
      if (r && r.from !== r.to) changedIds.push(pid);
    }
    return changedIds;
  });
  return changed;
}
