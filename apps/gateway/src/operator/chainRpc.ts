// What the console reads from a network's node, each call bounded by a short timeout so a dead node costs the page
// a few seconds, never a hang. The relayer's balance is the gas watch's reading (settlement/relayerGas.ts); the
// nonces are the console's own.
import { createRpcPublicClient } from '@tender/evm';
import type { Address } from 'viem';
import { createRpcChainReader, type ChainReader } from '../watcher/chainReader.ts';

const CONSOLE_RPC_TIMEOUT_MS = 5_000;

export interface RelayerNonces {
  /** Transactions of the relayer mined (`latest`) and known to the node, pool included (`pending`). */
  nonceLatest: number;
  noncePending: number;
}

/** The relayer's nonces on the node at `rpcUrl`. */
export async function readRelayerNonces(rpcUrl: string, address: Address): Promise<RelayerNonces> {
  const client = createRpcPublicClient(rpcUrl, { retryCount: 0, timeoutMs: CONSOLE_RPC_TIMEOUT_MS });
  const [nonceLatest, noncePending] = await Promise.all([
    client.getTransactionCount({ address, blockTag: 'latest' }),
    client.getTransactionCount({ address, blockTag: 'pending' }),
  ]);
  return { nonceLatest, noncePending };
}

/** A chain reader for the console's reads and an incident's resolution (the watcher's own reader is its own). */
export function consoleChainReader(rpcUrl: string): ChainReader {
  return createRpcChainReader(rpcUrl, { timeoutMs: CONSOLE_RPC_TIMEOUT_MS });
}

/** The error of a failed node read, in words for the page (never the RPC URL, which may carry a key). */
export function rpcFailure(err: unknown): string {
  const name = err instanceof Error ? err.name : 'Error';
  return `the node did not answer (${name})`;
}
