// The watcher's view of a chain: two JSON-RPC methods. Behind an interface so that the watcher's logic does not
// depend on viem's types, and so every call can be counted (the benchmark reports RPC calls per block).
import { createRpcPublicClient } from '@tender/evm';
import { numberToHex, type PublicClient } from 'viem';

/** keccak256("Transfer(address,address,uint256)"): ERC-20 (3 topics) and ERC-721 (4 topics) share it. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface BlockHeader {
  number: bigint;
  hash: string;
  parentHash: string;
  timestamp: bigint;
}

export interface RawLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: bigint;
  blockHash: string;
  transactionHash: string;
  logIndex: number;
  removed: boolean;
  /** Some nodes (anvil, recent geth/reth) include it; otherwise the watcher reads the block. */
  blockTimestamp?: bigint;
}

export interface ChainReader {
  /** null when the node does not have that block (yet). */
  getBlock(n: bigint | 'latest'): Promise<BlockHeader | null>;
  /** Every Transfer log in [from, to] of any contract: one request however many payments are open. */
  getTransferLogs(from: bigint, to: bigint): Promise<RawLog[]>;
  /** The block a transaction was mined in; null when the node does not know it (not mined, or lost). */
  getTransactionBlock?(hash: string): Promise<bigint | null>;
  /** An ERC-20's decimals(); null when it answers none (money/tokenDecimals.ts). */
  getTokenDecimals?(token: string): Promise<number | null>;
  readonly calls: number;
}

interface RpcBlock {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
}
interface RpcLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
  blockTimestamp?: string;
}

export function createRpcChainReader(rpcUrl: string, opts: { timeoutMs?: number } = {}): ChainReader {
  const client: PublicClient = createRpcPublicClient(rpcUrl, { retryCount: 0, timeoutMs: opts.timeoutMs ?? 15_000 });
  const request = client.request as unknown as (a: { method: string; params: unknown[] }) => Promise<unknown>;
  let calls = 0;
  const call = async <T>(method: string, params: unknown[]): Promise<T> => {
    calls++;
    return (await request({ method, params })) as T;
  };
  return {
    get calls() {
      return calls;
    },
    async getBlock(n) {
      const b = await call<RpcBlock | null>('eth_getBlockByNumber', [
        n === 'latest' ? 'latest' : numberToHex(n),
        false,
      ]);
      if (!b || !b.hash) return null;
      return { number: BigInt(b.number), hash: b.hash, parentHash: b.parentHash, timestamp: BigInt(b.timestamp) };
    },
    async getTransactionBlock(hash) {
      const r = await call<{ blockNumber: string | null } | null>('eth_getTransactionReceipt', [hash]);
      return r?.blockNumber ? BigInt(r.blockNumber) : null;
    },
    async getTokenDecimals(token) {
      // decimals(): selector 0x313ce567; a uint8 in one word.
      const out = await call<string>('eth_call', [{ to: token, data: '0x313ce567' }, 'latest']).catch(() => '0x');
      return out.length === 66 ? Number(BigInt(out)) : null;
    },
    async getTransferLogs(from, to) {
      const logs = await call<RpcLog[]>('eth_getLogs', [
        { fromBlock: numberToHex(from), toBlock: numberToHex(to), topics: [TRANSFER_TOPIC] },
      ]);
      return logs.map((l) => ({
        address: l.address,
        topics: l.topics,
        data: l.data,
        blockNumber: BigInt(l.blockNumber),
        blockHash: l.blockHash,
        transactionHash: l.transactionHash,
        logIndex: Number(l.logIndex),
        removed: l.removed ?? false,
        ...(l.blockTimestamp ? { blockTimestamp: BigInt(l.blockTimestamp) } : {}),
      }));
    },
  };
}

/** A node refusing a range (too many blocks or results): the watcher halves its range and asks again. */
export function isRangeError(err: unknown): boolean {
  const text = `${(err as Error)?.message ?? ''} ${(err as { details?: string })?.details ?? ''}`.toLowerCase();
  return /range|too many|limit|exceed|10000|query returned more|response size|block range/.test(text);
}
