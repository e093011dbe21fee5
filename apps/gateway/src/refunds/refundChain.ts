// What the proof check reads from a chain: a receipt, whether a transaction is known at all, and block headers.
// Behind a small interface so the verification logic does not depend on viem's types; the real implementation
// speaks JSON-RPC to the network's configured RPC URL.
import { createPublicClient, http, type Hash, type PublicClient } from 'viem';
import type { LogLike } from './refundTransferMatch.ts';

export interface RefundReceipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  blockHash: string;
  logs: LogLike[];
}

export interface RefundChain {
  /** null when the node has no receipt (unknown, or not mined yet). */
  getReceipt(hash: string): Promise<RefundReceipt | null>;
  /** True when the node knows the transaction (mined or in its mempool). */
  knowsTransaction(hash: string): Promise<boolean>;
  getBlock(n: bigint | 'latest'): Promise<{ number: bigint; hash: string; timestamp: bigint } | null>;
}

const clients = new Map<string, PublicClient>();

export function rpcRefundChain(rpcUrl: string): RefundChain {
  let client = clients.get(rpcUrl);
  if (!client) {
    client = createPublicClient({ transport: http(rpcUrl, { retryCount: 1, timeout: 15_000 }) });
    clients.set(rpcUrl, client);
  }
  const c = client;
  return {
    async getReceipt(hash) {
      try {
        const r = await c.getTransactionReceipt({ hash: hash as Hash });
        return {
          status: r.status,
          blockNumber: r.blockNumber,
          blockHash: r.blockHash,
          logs: r.logs.map((l) => ({ address: l.address, topics: l.topics, data: l.data, logIndex: l.logIndex })),
        };
      } catch (err) {
        if ((err as Error).name === 'TransactionReceiptNotFoundError') return null;
        throw err;
      }
    },
    async knowsTransaction(hash) {
      try {
        await c.getTransaction({ hash: hash as Hash });
        return true;
      } catch (err) {
        if ((err as Error).name === 'TransactionNotFoundError') return false;
        throw err;
      }
    },
    async getBlock(n) {
      try {
        const b = n === 'latest' ? await c.getBlock() : await c.getBlock({ blockNumber: n });
        return b.hash ? { number: b.number!, hash: b.hash, timestamp: b.timestamp } : null;
      } catch (err) {
        if ((err as Error).name === 'BlockNotFoundError') return null;
        throw err;
      }
    },
  };
}
