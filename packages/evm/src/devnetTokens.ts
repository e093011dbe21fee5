// The devnet's test tokens. All have 6 decimals, like the real ones.
import type { DevnetTokens } from './devnetManifest.ts';

export interface DevnetTokenSpec {
  contract: 'TestStablecoin' | 'PlainERC20';
  name: string;
  symbol: string;
  /** EIP-712 domain version (TestStablecoin only). */
  version?: string;
}

/** Names and EIP-712 versions match the real deployments (FiatToken USDC/EURC "2", USDT0 "1"). */
export const DEVNET_TOKENS: Readonly<Record<keyof DevnetTokens, DevnetTokenSpec>> = {
  USDC: { contract: 'TestStablecoin', name: 'USD Coin', symbol: 'USDC', version: '2' },
  EURC: { contract: 'TestStablecoin', name: 'Euro Coin', symbol: 'EURC', version: '2' },
  USDT: { contract: 'TestStablecoin', name: 'USDT0', symbol: 'USDT0', version: '1' },
  bridgedUSDC: { contract: 'TestStablecoin', name: 'Bridged USDC', symbol: 'USDC.e', version: '1' },
  plainERC20: { contract: 'PlainERC20', name: 'Plain Token', symbol: 'PLAIN' },
};

export const DEVNET_TOKEN_DECIMALS = 6;
/** Minted to each devnet account for each token: 1,000,000.000000. */
export const DEVNET_MINT_AMOUNT = 1_000_000n * 10n ** 6n;
