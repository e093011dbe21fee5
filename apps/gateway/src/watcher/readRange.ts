// The watcher's read step (chainWatcher.ts): the next range after the cursor, at most maxRange blocks, its Transfer
// logs (one eth_getLogs) and the header of its last block. A node that refuses the range makes it halve the range.
import { isRangeError, type BlockHeader, type RawLog } from './chainReader.ts';
import { sameHash, type PollResult, type Watch } from './watch.ts';

export interface ReadRange {
  from: bigint;
  to: bigint;
  toHeader: BlockHeader;
  logs: RawLog[];
}

/** The range read, or the poll's result when there is nothing to record now (poll again). */
export async function readRange(
  w: Watch,
  cursorNumber: bigint,
  head: BlockHeader,
): Promise<{ range: ReadRange } | { result: Partial<PollResult> }> {
  const from = cursorNumber + 1n;
  const to = head.number - cursorNumber > w.state.maxRange ? cursorNumber + w.state.maxRange : head.number;
  let logs: RawLog[];
  try {
    logs = await w.reader.getTransferLogs(from, to);
  } catch (err) {
    if (to > from && isRangeError(err)) {
      w.state.maxRange = (to - from + 1n) / 2n > 0n ? (to - from + 1n) / 2n : 1n;
      w.log.warn({ err, from, to, maxRange: w.state.maxRange }, 'watcher: the node refused the range; halving it');
      return { result: { behind: true } };
    }
    throw err;
  }
  const toHeader: BlockHeader | null = to === head.number ? head : await w.reader.getBlock(to);
  if (!toHeader) return { result: {} };
  // A log of the range's last block from another fork than the header means the chain moved between the two
  // calls: drop this poll and look again (the next one sees the reorg through the cursor).
  if (logs.some((l) => l.blockNumber === to && !sameHash(l.blockHash, toHeader.hash))) return { result: {} };
  return { range: { from, to, toHeader, logs } };
}
