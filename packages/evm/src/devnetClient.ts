// A viem client for the devnet: public, wallet and anvil test actions over HTTP, with a signing account.
import { createTestClient, defineChain, publicActions, walletActions, type Account, type Chain } from 'viem';
import { rpcHttp } from './rpcHttp.ts';
import { DEVNET_CHAIN_ID, devnetDeployer } from './devnetAccounts.ts';

export function devnetChain(rpcUrl: string, chainId: number = DEVNET_CHAIN_ID): Chain {
  return defineChain({
    id: chainId,
    name: 'Tender devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: true,
  });
}

export interface DevnetClientOptions {
  /** Signing account; default: account 0 (the deployer, which may mint). */
  account?: Account;
  chainId?: number;
  /** How often to poll for blocks and receipts, in ms; default 100 (the devnet is local). */
  pollingInterval?: number;
}

export function createDevnetClient(rpcUrl: string, options: DevnetClientOptions = {}) {
  return createTestClient({
    mode: 'anvil',
    chain: devnetChain(rpcUrl, options.chainId),
    transport: rpcHttp(rpcUrl, { retryCount: 0 }),
    account: options.account ?? devnetDeployer(),
    pollingInterval: options.pollingInterval ?? 100,
  })
    .extend(publicActions)
    .extend(walletActions);
}

export type DevnetClient = ReturnType<typeof createDevnetClient>;
