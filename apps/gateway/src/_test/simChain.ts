// A chain in memory behind the watcher's ChainReader: blocks with hashes that commit to their parents, ERC-20
// Transfer logs, timestamps from the test's clock, and reorganisations of any depth. The real watcher, its reorg
// and devnet-rollback paths and the status writer run against it unchanged; only the node is simulated, so a model
// test can drive thousands of chain facts in seconds.
import { keccak256, toHex } from 'viem';
import { TRANSFER_TOPIC, type BlockHeader, type ChainReader, type RawLog } from '../watcher/chainReader.ts';

export interface SimTransfer {
  token: string;
  from: string;
  to: string;
  amount: bigint;
}

export interface SimLog extends SimTransfer {
  txHash: string;
  logIndex: number;
}

interface SimBlock extends BlockHeader {
  logs: SimLog[];
}

const word = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

export class SimChain implements ChainReader {
  readonly blocks: SimBlock[] = [];
  private forks = 0;
  private txs = 0;
  calls = 0;

  constructor(
    private readonly clock: () => Date,
    genesisBlocks = 1,
  ) {
    for (let i = 0; i < genesisBlocks; i++) this.mine([]);
  }

  get head(): SimBlock {
    return this.blocks[this.blocks.length - 1]!;
  }

  /** Mines one block holding `transfers` (one transaction each); returns their transaction hashes. */
  mine(transfers: readonly SimTransfer[]): string[] {
    const parent = this.blocks[this.blocks.length - 1];
    const number = BigInt(this.blocks.length);
    const timestamp = BigInt(Math.floor(this.clock().getTime() / 1000));
    const seed = `${parent?.hash ?? '0x0'}:${number}:${this.forks}`;
    const hash = keccak256(toHex(seed));
    const logs = transfers.map((t, i) => ({
      ...t,
      txHash: keccak256(toHex(`tx:${++this.txs}`)),
      logIndex: i,
      token: t.token.toLowerCase(),
      from: t.from.toLowerCase(),
      to: t.to.toLowerCase(),
    }));
    this.blocks.push({ number, hash, parentHash: parent?.hash ?? `0x${'00'.repeat(32)}`, timestamp, logs });
    return logs.map((l) => l.txHash);
  }

  /** Replaces the newest `depth` blocks by empty ones of another fork (their logs are gone from the chain). */
  reorg(depth: number): void {
    const keep = Math.max(1, this.blocks.length - depth);
    const dropped = this.blocks.length - keep;
    this.blocks.length = keep;
    this.forks++;
    for (let i = 0; i < dropped; i++) this.mine([]);
  }

  /** Every log on the canonical chain, with its block. */
  *logs(): Generator<SimLog & { block: bigint; time: bigint }> {
    for (const b of this.blocks) for (const l of b.logs) yield { ...l, block: b.number, time: b.timestamp };
  }

  async getBlock(n: bigint | 'latest'): Promise<BlockHeader | null> {
    this.calls++;
    const b = n === 'latest' ? this.head : this.blocks[Number(n)];
    return b ? { number: b.number, hash: b.hash, parentHash: b.parentHash, timestamp: b.timestamp } : null;
  }

  async getTransferLogs(from: bigint, to: bigint): Promise<RawLog[]> {
    this.calls++;
    const out: RawLog[] = [];
    for (let n = Number(from); n <= Number(to) && n < this.blocks.length; n++) {
      const b = this.blocks[n]!;
      for (const l of b.logs) {
        out.push({
          address: l.token,
          topics: [TRANSFER_TOPIC, word(l.from), word(l.to)],
          data: `0x${l.amount.toString(16).padStart(64, '0')}`,
          blockNumber: b.number,
          blockHash: b.hash,
          transactionHash: l.txHash,
          logIndex: l.logIndex,
          removed: false,
          blockTimestamp: b.timestamp,
        });
      }
    }
    return out;
  }

  async getTransactionBlock(hash: string): Promise<bigint | null> {
    this.calls++;
    for (const b of this.blocks) if (b.logs.some((l) => l.txHash === hash)) return b.number;
    return null;
  }
}
