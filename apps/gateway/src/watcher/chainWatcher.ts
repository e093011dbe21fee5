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
import { randomUUID } from 'node:crypto';
import type { GatewayContext } from '../context.ts';
import type { GatewayNetwork } from '../networks/registry.ts';
import { enqueue } from '@tender/platform';
import { sweepQueue } from '../settlement/sweepQueue.ts';
import { recomputePayment } from '../payments/recompute.ts';
import { rememberTokenDecimals } from '../money/tokenDecimals.ts';
import type { MatchedLogs } from './chainLogMatcher.ts';
import { isRangeError, TRANSFER_TOPIC, type BlockHeader, type ChainReader, type RawLog } from './chainReader.ts';
import { checkAgreement } from './chainAgreement.ts';
import { finalFactsAbove, openIncident, resolveIncident } from './chainIncidents.ts';
import { rollBackDevnet, voidLostSweeps, type DevnetRollback } from './rollBackDevnet.ts';
import {
  acquireLease,
  finalizeTransfers,
  insertTransfers,
  LeaseLostError,
  matchDepositAddresses,
  moveCursor,
  recentBlocks,
  releaseLease,
  rememberBlocks,
  reopenOrphanedSweeps,
  rollBackAbove,
  type Cursor,
  type NewTransfer,
} from './watcherStore.ts';

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

export interface ChainWatcher {
  start(): void;
  stop(): Promise<void>;
  pollOnce(): Promise<PollResult>;
  readonly network: string;
}

const ZERO_WORD_ADDRESS = (topic: string) => `0x${topic.slice(26).toLowerCase()}`;

export function createChainWatcher(ctx: GatewayContext, opts: ChainWatcherOptions): ChainWatcher {
  const net = opts.network;
  const log = ctx.logger.child({ svc: 'watcher', network: net.id });
  const token = randomUUID();
  const owner = opts.owner ?? `${process.env.HOSTNAME ?? 'host'}:${process.pid}`;
  const leaseMs = opts.leaseMs ?? Math.max(10_000, opts.pollMs * 10);
  const depth = BigInt(Math.max(1, net.confirmations));
  const official = new Set(Object.values(net.tokens).map((t) => t.address.toLowerCase()));
  let maxRange = BigInt(Math.max(1, opts.maxRange));
  const isDevnet = net.id === 'devnet';
  // Agreement is checked when this watcher becomes active (a crash may have left the database ahead of the chain),
  // and again after it lost the lease, and on every poll while an incident is open.
  let verified = false;
  let halted = false;
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
      verified = false;
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
    if (!verified || halted || head.number < cur.number) {
      const v = await verifyAgreement(head);
      if (v) return result(v);
      verified = true;
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
      const v = await verifyAgreement(head);
      if (v) return result(v);
      const reorg = await handleReorg(cursor, cur.number);
      return result({ reorg, behind: true, changedPayments: reorg.changed });
    }

    const from = cur.number + 1n;
    const to = head.number - cur.number > maxRange ? cur.number + maxRange : head.number;
    let logs: RawLog[];
    try {
      logs = await opts.reader.getTransferLogs(from, to);
    } catch (err) {
      if (to > from && isRangeError(err)) {
        maxRange = (to - from + 1n) / 2n > 0n ? (to - from + 1n) / 2n : 1n;
        log.warn({ err, from, to, maxRange }, 'watcher: the node refused the range; halving it');
        return result({ behind: true });
      }
      throw err;
    }
    const toHeader: BlockHeader | null = to === head.number ? head : await opts.reader.getBlock(to);
    if (!toHeader) return result({});
    // A log of the range's last block from another fork than the header means the chain moved between the two
    // calls: drop this poll and look again (the next one sees the reorg through the cursor).
    if (logs.some((l) => l.blockNumber === to && !sameHash(l.blockHash, toHeader.hash))) return result({});

    const erc20 = logs.filter(
      (l) => !l.removed && l.topics.length === 3 && l.topics[0] === TRANSFER_TOPIC && l.data.length === 66,
    );
    const addresses = new Set<string>();
    for (const l of erc20) {
      addresses.add(ZERO_WORD_ADDRESS(l.topics[1]!));
      addresses.add(ZERO_WORD_ADDRESS(l.topics[2]!));
    }
    const matches = await matchDepositAddresses(ctx.db, net.id, [...addresses]);
    const relevant: {
      log: RawLog;
      kind: 'incoming' | 'settlement';
      dep: NonNullable<ReturnType<typeof matches.get>>;
      from: string;
      to: string;
    }[] = [];
    for (const l of erc20) {
      const fromA = ZERO_WORD_ADDRESS(l.topics[1]!);
      const toA = ZERO_WORD_ADDRESS(l.topics[2]!);
      const inDep = matches.get(toA);
      if (inDep) relevant.push({ log: l, kind: 'incoming', dep: inDep, from: fromA, to: toA });
      const outDep = matches.get(fromA);
      // Settlement: the forwarder paying its vault. (It can pay nobody else; anything else is not ours to track.)
      if (outDep && toA === outDep.vault)
        relevant.push({ log: l, kind: 'settlement', dep: outDep, from: fromA, to: toA });
    }
    // Logs other features recognise (refunds sent from a vault to an open refund request's recipient): ctx.plugs.
    const matched: MatchedLogs[] = [];
    for (const match of ctx.plugs.chainLogMatchers) matched.push(await match(net.id, erc20));
    const refunds = matched.flatMap((m) => m.logs.map((log) => ({ log })));
    // Block timestamps of blocks with relevant logs (the moment of payment, for on-time vs late).
    const times = new Map<bigint, bigint>([[toHeader.number, toHeader.timestamp]]);
    for (const r of [...relevant, ...refunds]) {
      if (r.log.blockTimestamp !== undefined) times.set(r.log.blockNumber, r.log.blockTimestamp);
    }
    for (const r of [...relevant, ...refunds]) {
      if (times.has(r.log.blockNumber)) continue;
      const b = await opts.reader.getBlock(r.log.blockNumber);
      if (!b || !sameHash(b.hash, r.log.blockHash)) return result({}); // moved under us; retry
      times.set(b.number, b.timestamp);
    }
    const transfers: NewTransfer[] = relevant.map((r) => ({
      paymentId: r.dep.payment_id,
      merchantId: r.dep.merchant_id,
      environment: r.dep.environment,
      kind: r.kind,
      depositAddress: r.dep.address,
      token: r.log.address.toLowerCase(),
      official: official.has(r.log.address.toLowerCase()) && r.log.address.toLowerCase() === r.dep.token,
      from: r.from,
      to: r.to,
      amount: BigInt(r.log.data),
      blockNumber: r.log.blockNumber,
      blockHash: r.log.blockHash,
      blockTime: new Date(Number(times.get(r.log.blockNumber)!) * 1000),
      txHash: r.log.transactionHash,
      logIndex: r.log.logIndex,
    }));
    const blocksToRemember = new Map<bigint, string>([[toHeader.number, toHeader.hash]]);
    for (const t of transfers) blocksToRemember.set(t.blockNumber, t.blockHash);
    for (const r of refunds) blocksToRemember.set(r.log.blockNumber, r.log.blockHash);

    // Every amount has its decimal twin: a foreign token's decimals are read once, before its first transfer.
    await rememberTokenDecimals(
      ctx.db,
      net.id,
      opts.reader,
      transfers.filter((t) => !official.has(t.token)).map((t) => t.token),
    );
    // Every fact this poll records (a deposit, a settlement, a refund) is on the chain's disk first. A poll that only
    // moves the cursor or finalizes facts recorded earlier (whose blocks were persisted when they were recorded)
    // pays no dump: a chain that loses the blocks above them loses no fact.
    if (opts.beforeCommit && transfers.length + refunds.length > 0) await opts.beforeCommit(toHeader.number);
    const changed = await ctx.db.tx(async (tx) => {
      await moveCursor(tx, { network: net.id, token, blockNumber: toHeader.number, blockHash: toHeader.hash });
      await rememberBlocks(
        tx,
        net.id,
        [...blocksToRemember].map(([number, hash]) => ({ number, hash })),
        toHeader.number - depth * 4n - 64n,
      );
      const touched = [...(await insertTransfers(tx, net.id, transfers))];
      for (const m of matched)
        touched.push(...(await m.record(tx, (log) => new Date(Number(times.get(log.blockNumber)!) * 1000))));
      const finalized = await finalizeTransfers(tx, net.id, toHeader.number - depth + 1n);
      const finalIds = new Map<string, string[]>();
      for (const f of finalized) finalIds.set(f.payment_id, [...(finalIds.get(f.payment_id) ?? []), f.id]);
      const payments = [...new Set([...touched, ...finalIds.keys()])].sort();
      const changedIds: string[] = [];
      for (const pid of payments) {
        const r = await recomputePayment(ctx, tx, pid, {
          reason: finalIds.has(pid) ? 'transfer_final' : 'transfer_detected',
          data: { network: net.id, block_number: toHeader.number.toString() },
          finalizedTransferIds: finalIds.get(pid) ?? [],
        });
        if (r && r.from !== r.to) changedIds.push(pid);
      }
      return changedIds;
    });
    return result({
      blocks: Number(to - from + 1n),
      from,
      to,
      behind: to < head.number,
      transfers: transfers.length + refunds.length,
      changedPayments: changed,
    });
  }

  /**
   * Checks that the chain holds the recorded blocks. Returns undefined when it does (or when only unfinal facts
   * differ: the ordinary reorg path handles those), else the poll's result: a devnet rolled back, or a real
   * network's incident (open until the chain agrees again).
   */
  async function verifyAgreement(head: BlockHeader): Promise<Partial<PollResult> | undefined> {
    const a = await checkAgreement(ctx.db, opts.reader, net.id, head, { lostAboveHead: isDevnet });
    if (a.agree && isDevnet) await voidSweepsTheDevnetLost();
    if (a.agree) {
      if (halted || !isDevnet) {
        if (await resolveIncident(ctx.db, net.id)) {
          log.warn('watcher: the chain agrees with the recorded facts again; incident resolved');
        }
      }
      halted = false;
      return undefined;
    }
    const counts = await finalFactsAbove(ctx.db, net.id, a.agreedBlock);
    // A devnet whose head is below recorded facts lost them (it cannot lag: it is our own node). Only the cursor
    // above the head is no loss: the ordinary path finds the fork once the chain grows past it.
    const lostAboveHead = isDevnet && head.number < a.recordedBlock && counts.transfers + counts.settlements > 0;
    // A sweep mined in an orphaned block is reopened by the ordinary path, whatever the network.
    if (counts.finalTransfers === 0 && !lostAboveHead) {
      halted = false;
      return undefined; // unfinal facts only: an ordinary reorg
    }
    if (isDevnet) {
      const agreedNumber = a.agreedBlock < 0n ? 0n : a.agreedBlock;
      const agreed = agreedNumber === head.number ? head : await opts.reader.getBlock(agreedNumber);
      if (!agreed) throw new Error(`watcher ${net.id}: cannot read block ${agreedNumber} to roll back to`);
      const rollback = await ctx.db.tx((tx) =>
        rollBackDevnet(ctx, tx, {
          network: net.id,
          token,
          agreed: { number: a.agreedBlock, hash: agreed.hash },
          recordedBlock: a.recordedBlock,
          head: head.number,
        }),
      );
      const lostFacts = rollback.transfers + rollback.settlements > 0;
      log[lostFacts ? 'error' : 'warn'](
        {
          agreedBlock: a.agreedBlock.toString(),
          recordedBlock: a.recordedBlock.toString(),
          head: head.number.toString(),
          transfers: rollback.transfers,
          finalTransfers: rollback.finalTransfers,
          settlements: rollback.settlements,
          payments: rollback.payments,
          statusChanges: rollback.changed.length,
          resweeps: rollback.resweeps,
        },
        'watcher: THE DEVNET LOST BLOCKS THE DATABASE HAD RECORDED (its state file was older than the database); ' +
          'the facts above the last common block were rolled back and the payments re-derived',
      );
      return { rollback, behind: true, changedPayments: rollback.changed };
    }
    const opened = await openIncident(ctx.db, {
      network: net.id,
      agreedBlock: a.agreedBlock,
      recordedBlock: a.recordedBlock,
      headBlock: head.number,
      counts,
    });
    if (opened || !halted) {
      log.error(
        {
          agreedBlock: a.agreedBlock.toString(),
          recordedBlock: a.recordedBlock.toString(),
          head: head.number.toString(),
          ...counts,
        },
        'watcher: INCIDENT: final facts are no longer on the chain (a reorganisation deeper than the confirmation ' +
          'depth, or a node on another fork). Nothing is rolled back; the network is degraded and the watcher ' +
          'records nothing until the chain agrees again',
      );
    }
    halted = true;
    return { incident: true };
  }

  /**
   * Sweeps recorded as mined but not yet seen by the watcher (their settlement transfer is not recorded): on the
   * devnet, one whose transaction the node does not know was lost with a block after the cursor.
   */
  async function voidSweepsTheDevnetLost(): Promise<void> {
    const getTransactionBlock = opts.reader.getTransactionBlock?.bind(opts.reader);
    if (!getTransactionBlock) return;
    const unseen = await ctx.db.query<{ id: string; tx_hash: string }>(
      `select s.id, s.tx_hash from settlements s
       where s.network = $1 and s.state = 'succeeded' and s.tx_hash is not null
         and not exists (select 1 from chain_transfers c where c.network = s.network and c.tx_hash = s.tx_hash
                         and not c.removed)`,
      [net.id],
    );
    const lost: string[] = [];
    for (const s of unseen) if ((await getTransactionBlock(s.tx_hash)) === null) lost.push(s.id);
    if (lost.length === 0) return;
    const r = await ctx.db.tx((tx) => voidLostSweeps(ctx, tx, { network: net.id, settlementIds: lost }));
    log.error(
      { settlements: lost.length, payments: r.payments, resweeps: r.resweeps },
      'watcher: THE DEVNET LOST SWEEPS THE DATABASE HAD RECORDED AS MINED; they were voided and the payments ' +
        'settle again',
    );
  }

  /** Finds the newest stored block still canonical, rolls back everything above it, and re-derives. */
  async function handleReorg(
    cursor: Cursor,
    cursorNumber: bigint,
  ): Promise<{ ancestor: bigint; removedPayments: number; changed: string[] }> {
    let ancestor: bigint | undefined;
    let ancestorHash: string | undefined;
    for (const b of await recentBlocks(ctx.db, net.id, cursorNumber)) {
      const onChain = await opts.reader.getBlock(b.number);
      if (onChain && sameHash(onChain.hash, b.hash)) {
        ancestor = b.number;
        ancestorHash = b.hash;
        break;
      }
    }
    if (ancestor === undefined || ancestorHash === undefined) {
      // Deeper than anything we kept (beyond the confirmation depth): restart below the horizon. Final facts stay.
      const horizon = cursorNumber > depth * 2n ? cursorNumber - depth * 2n : 0n;
      const b = await opts.reader.getBlock(horizon);
      if (!b) throw new Error(`watcher ${net.id}: cannot read block ${horizon} to recover from a reorg`);
      ancestor = b.number;
      ancestorHash = b.hash;
      log.error(
        { cursor: cursorNumber.toString(), horizon: horizon.toString() },
        'watcher: reorg deeper than stored history',
      );
    }
    const a = ancestor;
    const ah = ancestorHash;
    const changed = await ctx.db.tx(async (tx) => {
      await moveCursor(tx, { network: net.id, token, blockNumber: a, blockHash: ah });
      const rolledBack = await rollBackAbove(tx, net.id, a);
      const reopened = await reopenOrphanedSweeps(tx, net.id, a);
      for (const s of reopened) {
        await enqueue(tx, {
          queue: sweepQueue(net.id),
          payload: { settlementId: s.id },
          idempotencyKey: `sweep-recheck:${s.id}:${a}`,
          maxAttempts: 1000,
        });
      }
      const affected = [...new Set([...rolledBack, ...reopened.map((s) => s.payment_id)])];
      const changedIds: string[] = [];
      for (const pid of affected.sort()) {
        const r = await recomputePayment(ctx, tx, pid, {
          reason: 'reorg',
          data: { network: net.id, ancestor_block: a.toString(), orphaned_from: cursor.blockNumber?.toString() },
        });
        if (r && r.from !== r.to) changedIds.push(pid);
      }
      return { affected: affected.length, changedIds };
    });
    log.warn(
      { ancestor: a.toString(), from: cursorNumber.toString(), payments: changed.affected },
      'watcher: reorg rolled back',
    );
    return { ancestor: a, removedPayments: changed.affected, changed: changed.changedIds };
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

function sameHash(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
