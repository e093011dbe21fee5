// The chain watcher's plug point for logs that another feature recognises (refunds: transfers from a vault to the
// recipient of an open refund request). The watcher reads a range, offers its token logs to every matcher before
// its transaction, and records what they matched inside it, with the deposits and settlements of the same poll.
import type { Sql } from '@tender/platform';
import type { RawLog } from './chainReader.ts';

export interface MatchedLogs {
  /** The logs matched: their blocks are remembered and timed, and they count as facts of the poll (beforeCommit). */
  logs: readonly RawLog[];
  /** Records the matches in the poll's transaction; returns the payments whose facts changed (recomputed). */
  record(tx: Sql, blockTime: (log: RawLog) => Date): Promise<readonly string[]>;
}

/** Matches token Transfer logs of one network's range (reads outside the poll's transaction). */
export type ChainLogMatcher = (network: string, logs: readonly RawLog[]) => Promise<MatchedLogs>;
