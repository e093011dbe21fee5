import { rpcHttp } from '@tender/evm';
import { createPublicClient, custom, type PublicClient } from 'viem';

/**
 * Reads contract-wallet signatures (EIP-1271, EIP-6492) of owner sign-ins on the chain agents pay on. Without an RPC
 * URL every chain read fails, and viem's SIWE verification falls back to plain ECDSA recovery: EOAs still sign in.
 */
export function signInClient(rpcUrl: string | undefined): PublicClient {
  return createPublicClient({
    transport: rpcUrl
      ? rpcHttp(rpcUrl)
      : custom({
          request: async () => {
            throw new Error('AGENTS_RPC_URL is not configured');
          },
        }),
  });
}
