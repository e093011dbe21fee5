import { createPublicClient, type Chain, type PublicClient } from 'viem';
import { rpcHttp } from './rpcHttp.ts';

export interface RpcPublicClientOptions {
  /** Retries of a failed request, on top of the first try (viem's own default would be 3). */
  retryCount: number;
  /** Milliseconds before a request is abandoned (viem's own default would be 10 000). */
  timeoutMs: number;
  /** The chain, for actions that need its definition (e.g. multicall); absent: viem asks nothing of it. */
  chain?: Chain;
}

/**
 * A viem public client over JSON-RPC HTTP. Every caller states its retry count and timeout, because they differ on
 * purpose (a watcher that retries on its own schedule wants no retries; a readiness probe a short timeout), and a
 * default here would silently change one of them.
 */
export function createRpcPublicClient(rpcUrl: string, opts: RpcPublicClientOptions): PublicClient {
  return createPublicClient({
    ...(opts.chain ? { chain: opts.chain } : {}),
    transport: rpcHttp(rpcUrl, { retryCount: opts.retryCount, timeout: opts.timeoutMs }),
  });
}
