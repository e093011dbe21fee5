// One network's watcher as its steps see it (chainWatcher.ts builds it once): the network, its reader, the lease
// token, and the state that lives across polls.
import type { GatewayContext } from '../context.ts';
import type { GatewayNetwork } from '../networks/registry.ts';
import type { ChainReader } from './chainReader.ts';
import type { DevnetRollback } from './rollBackDevnet.ts';

export interface Watch {
  ctx: GatewayContext;
  net: GatewayNetwork;
  reader: ChainReader;
  log: GatewayContext['logger'];
  /** This watcher's lease token (watcher_cursors). */
  token: string;
  /** The confirmation depth: facts this deep are final. */
  depth: bigint;
  /** The network's official token addresses, lower case. */
  official: ReadonlySet<string>;
  isDevnet: boolean;
  beforeCommit: ((block: bigint) => Promise<void>) | undefined;
  state: {
    /**
     * Agreement is checked when this watcher becomes active (a crash may have left the database ahead of the chain),
     * and again after it lost the lease, and on every poll while an incident is open.
     */
    verified: boolean;
    /** An incident is open: nothing is recorded until the chain agrees again. */
    halted: boolean;
    /** Blocks per getLogs call; halved when the node refuses a range. */
    maxRange: bigint;
  };
}

export interface PollResult {
  /** The watcher is not the active one (another process holds the lease). */
  standby: boolean;
  /** Blocks processed in this poll (0 when nothing new). */
  blocks: number;
  from?: bigint;
  to?: bigint;
  /** More blocks wait: poll again at once. */
  behind: boolean;
  reorg?: { ancestor: bigint; removedPayments: number };
  /** The devnet lost recorded blocks and the database was rolled back to the chain. */
  rollback?: DevnetRollback;
  /** The network has an open incident: nothing was recorded. */
  incident?: boolean;
  transfers: number;
  changedPayments: string[];
  rpcCalls: number;
}

export function sameHash(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
