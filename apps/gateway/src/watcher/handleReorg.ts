// The reorg step of the watcher (chainWatcher.ts): the cursor's block is no longer canonical, so everything unfinal
// above the newest stored block that still is gets rolled back, orphaned sweeps are re-checked, and the payments are
// re-derived, in one transaction with the cursor's move.
import { enqueue } from '@tender/platform';
import { recomputePayment } from '../payments/recompute.ts';
import { sweepQueue } from '../settlement/sweepQueue.ts';
import { sameHash, type Watch } from './watch.ts';
import { moveCursor, recentBlocks, reopenOrphanedSweeps, rollBackAbove, type Cursor } from './watcherStore.ts';

/** Finds the newest stored block still canonical, rolls back everything above it, and re-derives. */
export async function handleReorg(
  w: Watch,
  cursor: Cursor,
  cursorNumber: bigint,
): Promise<{ ancestor: bigint; removedPayments: number; changed: string[] }> {
  let ancestor: bigint | undefined;
  let ancestorHash: string | undefined;
  for (const b of await recentBlocks(w.ctx.db, w.net.id, cursorNumber)) {
    const onChain = await w.reader.getBlock(b.number);
    if (onChain && sameHash(onChain.hash, b.hash)) {
      ancestor = b.number;
      ancestorHash = b.hash;
      break;
    }
  }
  if (ancestor === undefined || ancestorHash === undefined) {
    // Deeper than anything we kept (beyond the confirmation w.depth): restart below the horizon. Final facts stay.
    const horizon = cursorNumber > w.depth * 2n ? cursorNumber - w.depth * 2n : 0n;
    const b = await w.reader.getBlock(horizon);
    if (!b) throw new Error(`watcher ${w.net.id}: cannot read block ${horizon} to recover from a reorg`);
    ancestor = b.number;
    ancestorHash = b.hash;
    w.log.error(
      { cursor: cursorNumber.toString(), horizon: horizon.toString() },
      'watcher: reorg deeper than stored history',
    );
  }
  const a = ancestor;
  const ah = ancestorHash;
  const changed = await w.ctx.db.tx(async (tx) => {
    await moveCursor(tx, { network: w.net.id, token: w.token, blockNumber: a, blockHash: ah });
    const rolledBack = await rollBackAbove(tx, w.net.id, a);
    const reopened = await reopenOrphanedSweeps(tx, w.net.id, a);
    for (const s of reopened) {
      await enqueue(tx, {
        queue: sweepQueue(w.net.id),
        payload: { settlementId: s.id },
        idempotencyKey: `sweep-recheck:${s.id}:${a}`,
        maxAttempts: 1000,
      });
    }
    const affected = [...new Set([...rolledBack, ...reopened.map((s) => s.payment_id)])];
    const changedIds: string[] = [];
    for (const pid of affected.sort()) {
      const r = await recomputePayment(w.ctx, tx, pid, {
        reason: 'reorg',
        data: { network: w.net.id, ancestor_block: a.toString(), orphaned_from: cursor.blockNumber?.toString() },
      });
      if (r && r.from !== r.to) changedIds.push(pid);
    }
    return { affected: affected.length, changedIds };
  });
  w.log.warn(
    { ancestor: a.toString(), from: cursorNumber.toString(), payments: changed.affected },
    'watcher: reorg rolled back',
  );
  return { ancestor: a, removedPayments: changed.affected, changed: changed.changedIds };
}
