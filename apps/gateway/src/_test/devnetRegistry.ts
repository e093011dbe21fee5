// A network registry whose devnet points at a manifest that is never called: enough for HTTP tests that create
// intents (deposit addresses are computed off-chain), without starting anvil.
import type { DevnetManifest } from '@tender/evm';
import { getAddress } from 'viem';
import { createNetworkRegistry, type NetworkRegistry } from '../networks/registry.ts';

const addr = (n: number) => getAddress(`0x${n.toString(16).padStart(40, '0')}`);

export const OFFLINE_DEVNET: DevnetManifest = {
  rpcUrl: 'http://127.0.0.1:9',
  chainId: 31337,
  genesisHash: `0x${'11'.repeat(32)}`,
  genesisTimestamp: 1,
  contracts: { depositFactory: addr(0xfac) },
  tokens: { USDC: addr(0xa1), EURC: addr(0xa2), USDT: addr(0xa3), bridgedUSDC: addr(0xa4), plainERC20: addr(0xa5) },
  accounts: [addr(1)],
  deployer: addr(1),
};

export function offlineRegistry(): NetworkRegistry {
  return createNetworkRegistry(
    {
      profile: 'dev',
      depositFactoryAddress: addr(0xf00),
      rpcUrlBaseSepolia: 'http://127.0.0.1:9',
      rpcUrlArbitrumSepolia: 'http://127.0.0.1:9',
      rpcUrlBase: 'http://127.0.0.1:9',
    },
    { devnet: OFFLINE_DEVNET },
  );
}

/** A devnet vault for the merchant of `ownerSession` (PUT /v1/vaults/devnet needs the owner's session). */
export const DEVNET_VAULT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
