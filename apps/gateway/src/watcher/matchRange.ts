// The watcher's match step (chainWatcher.ts): the range's token Transfer logs against the deposit addresses (one
// indexed query for every sender and recipient: deposits and settlements), then against what other features
// recognise (ctx.plugs.chainLogMatchers: refunds), with the time of each block that holds a match. Reads only.
import type { MatchedLogs } from './chainLogMatcher.ts';
import { TRANSFER_TOPIC, type RawLog } from './chainReader.ts';
import type { ReadRange } from './readRange.ts';
import { sameHash, type Watch } from './watch.ts';
import { matchDepositAddresses, type NewTransfer } from './watcherStore.ts';

const ZERO_WORD_ADDRESS = (topic: string) => `0x${topic.slice(26).toLowerCase()}`;

export interface RangeMatches {
  /** Deposits and settlements. */
  transfers: NewTransfer[];
  /** What the plugged matchers found, recorded by them in the commit. */
  matched: MatchedLogs[];
  /** How many facts the poll records (transfers and matched logs). */
  facts: number;
  /** Block timestamps (seconds) of the blocks with matches. */
  times: Map<bigint, bigint>;
  blocksToRemember: Map<bigint, string>;
}

/** The range's matches, or undefined when a block moved under the read (poll again). */
export async function matchRange(w: Watch, range: ReadRange): Promise<RangeMatches | undefined> {
  const { logs, toHeader } = range;
  const erc20 = logs.filter(
    (l) => !l.removed && l.topics.length === 3 && l.topics[0] === TRANSFER_TOPIC && l.data.length === 66,
  );
  const addresses = new Set<string>();
  for (const l of erc20) {
    addresses.add(ZERO_WORD_ADDRESS(l.topics[1]!));
    addresses.add(ZERO_WORD_ADDRESS(l.topics[2]!));
  }
  const matches = await matchDepositAddresses(w.ctx.db, w.net.id, [...addresses]);
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
  // Logs other features recognise (refunds sent from a vault to an open refund request's recipient): w.ctx.plugs.
  const matched: MatchedLogs[] = [];
  for (const match of w.ctx.plugs.chainLogMatchers) matched.push(await match(w.net.id, erc20));
  const others = matched.flatMap((m) => m.logs.map((log) => ({ log })));
  // Block timestamps of blocks with relevant logs (the moment of payment, for on-time vs late).
  const times = new Map<bigint, bigint>([[toHeader.number, toHeader.timestamp]]);
  for (const r of [...relevant, ...others]) {
    if (r.log.blockTimestamp !== undefined) times.set(r.log.blockNumber, r.log.blockTimestamp);
  }
  for (const r of [...relevant, ...others]) {
    if (times.has(r.log.blockNumber)) continue;
    const b = await w.reader.getBlock(r.log.blockNumber);
    if (!b || !sameHash(b.hash, r.log.blockHash)) return undefined; // moved under us; retry
    times.set(b.number, b.timestamp);
  }
  const transfers: NewTransfer[] = relevant.map((r) => ({
    paymentId: r.dep.payment_id,
    merchantId: r.dep.merchant_id,
    environment: r.dep.environment,
    kind: r.kind,
    depositAddress: r.dep.address,
    token: r.log.address.toLowerCase(),
    official: w.official.has(r.log.address.toLowerCase()) && r.log.address.toLowerCase() === r.dep.token,
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
  for (const r of others) blocksToRemember.set(r.log.blockNumber, r.log.blockHash);
  return { transfers, matched, facts: transfers.length + others.length, times, blocksToRemember };
}
