import { createRpcPublicClient } from '@tender/evm';
import type { PublicClient } from 'viem';
import { evmChain } from './facilitator.ts';

const eip5267Abi = [
  {
    type: 'function',
    name: 'eip712Domain',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'fields', type: 'bytes1' },
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
      { name: 'salt', type: 'bytes32' },
      { name: 'extensions', type: 'uint256[]' },
    ],
  },
] as const;

const nameVersionAbi = [
  { type: 'function', name: 'name', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'version', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
] as const;

const authorizationStateAbi = [
  {
    type: 'function',
    name: 'authorizationState',
    stateMutability: 'view',
    inputs: [
      { name: 'authorizer', type: 'address' },
      { name: 'nonce', type: 'bytes32' },
    ],
    outputs: [{ type: 'bool' }],
  },
] as const;

/** Read-only access to the payment network: what the paywall must know from the chain itself. */
export interface ChainReader {
  /** The token's EIP-712 domain name and version (EIP-5267 when offered, else name() and version()). */
  tokenDomain(asset: `0x${string}`): Promise<{ name: string; version: string; chainId: number; decimals: number }>;
  /** Whether an EIP-3009 authorization nonce of `authorizer` has been consumed on chain. */
  authorizationUsed(asset: `0x${string}`, authorizer: `0x${string}`, nonce: `0x${string}`): Promise<boolean>;
}

export function createChainReader(network: string, rpcUrl: string): ChainReader {
  const client: PublicClient = createRpcPublicClient(rpcUrl, {
    chain: evmChain(network, rpcUrl),
    retryCount: 1,
    timeoutMs: 10_000, // viem's default, which this client had before the factory
  });
  return {
    async tokenDomain(asset) {
      const chainId = await client.getChainId();
      const decimals = await client.readContract({ address: asset, abi: nameVersionAbi, functionName: 'decimals' });
      try {
        const d = await client.readContract({ address: asset, abi: eip5267Abi, functionName: 'eip712Domain' });
        return { name: d[1], version: d[2], chainId, decimals };
      } catch {
        const [name, version] = await Promise.all([
          client.readContract({ address: asset, abi: nameVersionAbi, functionName: 'name' }),
          client.readContract({ address: asset, abi: nameVersionAbi, functionName: 'version' }),
        ]);
        return { name, version, chainId, decimals };
      }
    },
    authorizationUsed(asset, authorizer, nonce) {
      return client.readContract({
        address: asset,
        abi: authorizationStateAbi,
        functionName: 'authorizationState',
        args: [authorizer, nonce],
      });
    },
  };
}
