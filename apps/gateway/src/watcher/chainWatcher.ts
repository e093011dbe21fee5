// The chain watcher of one network. One is active per network across all processes (a lease row in
// watcher_cursors); the others stand by and take over when the lease expires.
//
// Each poll, in steady state (one new block), costs two RPC calls whatever the number of open intents:
//   1. eth_getBlockByNumber(latest)  - the head; its parentHash proves our cursor block is still canonical
//   2. eth_getLogs(from, to, topics=[Transfer])  - every Transfer log of ANY token in the range
// plus, only when catching up more than one block, eth_getBlockByNumber(cursor) (reorg check) and (to) (its hash);
// and, only for blocks that hold a matching log, eth_getBlockByNumber(n) when the node does not put
// blockTimestamp in logs (anvil and recent nodes do).
//
// Why all Transfer logs and not only the official tokens': a foreign token sent to a deposit address is a fact too
// (INVALID_ASSET), and filtering by recipient (topic2 = deposit addresses) grows with the number of open intents
// and hits providers' topic-list limits. So the node filters by event signature only, and the database matches
// every sender and recipient in the range against the deposit_addresses index with ONE query
// (`address = any($1)`): O(addresses in the range) per range, independent of how many intents are open.
//
// Reorgs: the cursor is (block number, hash) of the last processed block. A head whose ancestry no longer contains
// the cursor's hash means a reorg: the watcher walks back over the hashes it stored (watcher_blocks) to the newest
// one still canonical, marks every unfinal fact above it removed, re-derives those payments, and rescans.
// Facts buried under the confirmation depth are final and never rolled back (the depth is the safety assumption).
// A sweep mined in an orphaned block is reopened and its job re-checks it (re-included, rebroadcast, or retried).
//
// Agreement (chainAgreement.ts): when the watcher becomes active, whenever the head is below the cursor, while its
// network has an open incident, and before handling a reorg, it checks that the chain still holds the recorded
// blocks. A devnet that lost blocks is rolled back to the chain (rollBackDevnet.ts, logged as an error with counts);
// on a real network, final facts that are no longer canonical open an incident (chainIncidents.ts): the network is
// degraded and the watcher records nothing until the chain agrees again. A reorg of unfinal facts only is the
// ordinary path below.
//
// Backfill: after downtime the cursor is where it stopped; the watcher scans forward in ranges of at most maxRange
// blocks without sleeping until it reaches the head. A node that refuses a range makes it halve the range.
// A node that is behind (head below our cursor) is waited for, not mistaken for a reorg.
//
// Each poll runs named steps: readRange.ts (the range's logs), matchRange.ts (deposits, settlements and the plugged
// matchers: refunds), commitRange.ts (one transaction); handleReorg.ts and verifyAgreement.ts when the chain moved.
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../context.ts';
import type { GatewayNetwork } from '../networks/registry.ts';
import type { ChainReader } from './chainReader.ts';
import { commitRange } from './commitRange.ts';
import { handleReorg } from './handleReorg.ts';
import { matchRange } from './matchRange.ts';
import { readRange } from './readRange.ts';
import { verifyAgreement } from './verifyAgreement.ts';
import { sameHash, type PollResult, type Watch } from './watch.ts';
import { acquireLease, LeaseLostError, moveCursor, releaseLease, rememberBlocks } from './watcherStore.ts';

export type { PollResult } from './watch.ts';

export interface ChainWatcherOptions {
  network: GatewayNetwork;
  reader: ChainReader;
  pollMs: number;
  maxRange: number;
  /** Lease length; renewed every poll. Default max(10 s, 10 polls). */
  leaseMs?: number;
  /** Who holds the lease (for operators): host:pid by default. */
  owner?: string;
  /** Called after each committed poll that changed payments (tests, benchmark). */
  onCommit?: (r: PollResult) => void;
  /** Called after every poll of the loop with its result and duration (metrics, benchmark). */
  onPoll?: (r: PollResult, ms: number) => void;
  /**
   * Awaited before a poll commits facts of any kind (deposits, settlements, refunds) up to `block`. The devnet
   * persists its state here, so that the database never records a fact that a crash of the chain could take back.
   */
  beforeCommit?: (block: bigint) => Promise<void>;
}

export interface ChainWatcher {
  start(): void;
  stop(): Promise<void>;
  pollOnce(): Promise<PollResult>;
  readonly network: string;
}

export function createChainWatcher(ctx: GatewayContext, opts: ChainWatcherOptions): ChainWatcher {
  const net = opts.network;
  const log = ctx.logger.child({ svc: 'watcher', network: net.id });
  const token = randomUUID();
  const owner = opts.owner ?? `${process.env.HOSTNAME ?? 'host'}:${process.pid}`;
  const leaseMs = opts.leaseMs ?? Math.max(10_000, opts.pollMs * 10);
  const depth = BigInt(Math.max(1, net.confirmations));
  const w: Watch = {
    ctx,
    net,
    reader: opts.reader,
    log,
    token,
    depth,
    official: new Set(Object.values(net.tokens).map((t) => t.address.toLowerCase())),
    isDevnet: net.id === 'devnet',
    beforeCommit: opts.beforeCommit,
    state: { verified: false, halted: false, maxRange: BigInt(Math.max(1, opts.maxRange)) },
  };
  let stopped = true;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function pollOnce(): Promise<PollResult> {
    const calls0 = opts.reader.calls;
    const result = (r: Partial<PollResult>): PollResult => ({
      standby: false,
      blocks: 0,
      behind: false,
      transfers: 0,
      changedPayments: [],
      ...r,
      rpcCalls: opts.reader.calls - calls0,
    });
    const cursor = await acquireLease(ctx.db, { network: net.id, chainId: net.chainId, token, owner, leaseMs });
    if (!cursor) {
      w.state.verified = false;
      return result({ standby: true });
    }
    if (cursor.chainId !== net.chainId) {
      throw new Error(
        `watcher_cursors records chain id ${cursor.chainId} for ${net.id} but the network is chain ${net.chainId}`,
      );
    }
    const head = await opts.reader.getBlock('latest');
    if (!head) return result({});

    if (cursor.blockNumber === null || cursor.blockHash === null) {
      // First start on this network: begin a confirmation depth below the head, so nothing recent is missed.
      const start = head.number > depth ? head.number - depth : 0n;
      const b = start === head.number ? head : await opts.reader.getBlock(start);
      if (!b) return result({});
      await ctx.db.tx(async (tx) => {
        await moveCursor(tx, { network: net.id, token, blockNumber: b.number, blockHash: b.hash });
        await rememberBlocks(tx, net.id, [{ number: b.number, hash: b.hash }], 0n);
      });
      return result({ behind: b.number < head.number });
    }
    const cur = { number: cursor.blockNumber, hash: cursor.blockHash };
    if (!w.state.verified || w.state.halted || head.number < cur.number) {
      const v = await verifyAgreement(w, head);
      if (v) return result(v);
      w.state.verified = true;
    }
    if (head.number < cur.number) return result({}); // a lagging node: wait for it
    if (head.number === cur.number && sameHash(head.hash, cur.hash)) return result({});

    // Is the cursor block still canonical? One block ahead: the head's parent says so for free.
    let canonical: boolean;
    if (head.number === cur.number) canonical = false;
    else if (head.number === cur.number + 1n) canonical = sameHash(head.parentHash, cur.hash);
    else {
      const b = await opts.reader.getBlock(cur.number);
      if (!b) return result({}); // node behind on this block: try again
      canonical = sameHash(b.hash, cur.hash);
    }
    if (!canonical) {
      const v = await verifyAgreement(w, head);
      if (v) return result(v);
      const reorg = await handleReorg(w, cursor, cur.number);
      return result({ reorg, behind: true, changedPayments: reorg.changed });
    }

    const read = await readRange(w, cur.number, head);
    if ('result' in read) return result(read.result);
    const { from, to } = read.range;
    const found = await matchRange(w, read.range);
    if (!found) return result({}); // a block moved under the read: look again
    const changed = await commitRange(w, read.range, found);
    return result({
      blocks: Number(to - from + 1n),
      from,
      to,
      behind: to < head.number,
      transfers: found.facts,
      changedPayments: changed,
    });
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopped) {
      let delay = opts.pollMs;
      try {
        const started = performance.now();
        const r = await pollOnce();
        opts.onPoll?.(r, performance.now() - started);
        failures = 0;
        if (r.changedPayments.length > 0 || r.reorg || r.rollback) opts.onCommit?.(r);
        if (r.behind) delay = 0;
        if (r.standby) delay = Math.max(opts.pollMs, Math.floor(leaseMs / 3));
      } catch (err) {
        failures++;
        delay = Math.min(30_000, opts.pollMs * 2 ** Math.min(failures, 8));
        if (err instanceof LeaseLostError) log.warn({ err }, 'watcher: lease lost; standing by');
        else log.error({ err, failures, retryInMs: delay }, 'watcher: poll failed');
      }
      if (stopped) break;
      if (delay > 0) {
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, delay);
          wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        wake = undefined;
      }
    }
  }

  return {
    network: net.id,
    pollOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      loop = run();
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      await releaseLease(ctx.db, net.id, token).catch((err: unknown) =>
        log.warn({ err }, 'watcher: lease release failed'),
      );
    },
  };
}
