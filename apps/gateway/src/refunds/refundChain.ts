// What the proof check reads from a chain: a receipt, whether a transaction is known at all, and block headers.
// Behind a small interface so the verification logic does not depend on viem's types; the real implementation
// speaks JSON-RPC to the network's configured RPC URL.
import { createRpcPublicClient } from '@tender/evm';
import type { Hash } from 'viem';
import type { GatewayContext } from '../context.ts';
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

/** One client per (context, RPC URL): built on first use, kept with the context that owns it. */
const byContext = new WeakMap<GatewayContext, Map<string, RefundChain>>();
export function refundChainOf(ctx: GatewayContext, rpcUrl: string): RefundChain {
  let chains = byContext.get(ctx);
  if (!chains) byContext.set(ctx, (chains = new Map()));
  let chain = chains.get(rpcUrl);
  if (!chain) chains.set(rpcUrl, (chain = rpcRefundChain(rpcUrl)));
  return chain;
}

export function rpcRefundChain(rpcUrl: string): RefundChain {
  const c = createRpcPublicClient(rpcUrl, { retryCount: 1, timeoutMs: 15_000 });
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
