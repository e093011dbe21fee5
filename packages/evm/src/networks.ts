// Registry of the EVM networks Tender serves, with the issuer's official stablecoin contracts.
// Source: Circle's USDC and EURC address pages (developers.circle.com/stablecoins). Rows that needed verifying
// were cross-checked against several independent public sources and carry `source: 'corroborated'`.
//
// Invariants:
//  - Only `tokens` are official. A bridged variant (USDC.e, USDbC, ...) is never official, and a payment in one
//    is an INVALID_ASSET fact, never a partial payment.
//  - Every address is stored EIP-55 checksummed; comparisons are case-insensitive.
//  - `id` matches the API's network id format: 2-40 chars of lowercase letters, digits and hyphen.
//
// Confirmation depths (blocks before a transfer counts as final). Circle credits deposits after Ethereum 12,
// Base/OP/Arbitrum "12 Ethereum blocks", Polygon PoS 50, Avalanche 1; indexers' reorg-safe distances are
// Ethereum 20, Arbitrum/OP/Base 24, Polygon 200, Avalanche 12. A merchant may ship goods on "confirmed", so on
// live networks we take the deeper of the two, per network:
//  - ethereum 20 (~4 min): deeper than any post-Merge reorg, well before finality (~13 min) would be needed.
//  - base, optimism, arbitrum 24: the sequencer's order only changes if it misbehaves; 24 blocks is the
//    indexer-safe distance (48 s on OP-stack chains, ~6 s on Arbitrum).
//  - polygon 200 (~7 min): Polygon PoS has seen reorgs of 150+ blocks (2023); Circle's 50 is not enough for us.
//  - avalanche 12 (~24 s): Snowman is final on acceptance, so 1 would do; 12 is the indexer margin.
// Testnets use shallower depths: their tokens have no value and integration tests should finish quickly.
import { getAddress, type Address } from 'viem';
import type { DevnetManifest } from './devnetManifest.ts';

export type NetworkId =
  | 'ethereum'
  | 'base'
  | 'arbitrum'
  | 'optimism'
  | 'polygon'
  | 'avalanche'
  | 'sepolia'
  | 'base-sepolia'
  | 'arbitrum-sepolia'
  | 'optimism-sepolia'
  | 'polygon-amoy'
  | 'avalanche-fuji'
  | 'devnet';

/** `live` networks are served to live API keys, `test` networks (testnets and the devnet) to test keys. */
export type NetworkEnvironment = 'live' | 'test';
export type StablecoinSymbol = 'USDC' | 'EURC';

export interface OfficialToken {
  symbol: StablecoinSymbol;
  address: Address;
  decimals: 6;
  /** `circle`: Circle's address page; `corroborated`: secondary sources, cross-checked; `devnet`: our deployment. */
  source: 'circle' | 'corroborated' | 'devnet';
}

/** A token that looks like an official one but is not (bridged or wrapped). Listed to explain rejections. */
export interface BridgedToken {
  symbol: string;
  address: Address;
  note: string;
}

export interface Network {
  id: NetworkId;
  name: string;
  chainId: number;
  /** CAIP-2 chain id, as used by x402. */
  caip2: `eip155:${number}`;
  environment: NetworkEnvironment;
  tokens: { USDC: OfficialToken; EURC?: OfficialToken };
  confirmations: number;
  /** Average block time in seconds (used for polling and for estimating time to finality). */
  blockTimeSeconds: number;
  bridgedTokens: readonly BridgedToken[];
  /** Name of the environment variable holding this network's RPC URL. */
  rpcUrlEnv: string;
}

interface NetworkRow {
  id: Exclude<NetworkId, 'devnet'>;
  name: string;
  chainId: number;
  environment: NetworkEnvironment;
  usdc: string;
  eurc?: { address: string; source: OfficialToken['source'] };
  confirmations: number;
  blockTimeSeconds: number;
  bridged?: ReadonlyArray<Omit<BridgedToken, 'address'> & { address: string }>;
}

const ROWS: readonly NetworkRow[] = [
  {
    id: 'ethereum',
    name: 'Ethereum',
    chainId: 1,
    environment: 'live',
    usdc: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    // The reference lists ...b1bc33c; EIP-55 spells the same address ...b1bC33c.
    eurc: { address: '0x1aBaEA1f7C830bD89Acc67eC4af516284b1bC33c', source: 'circle' },
    confirmations: 20,
    blockTimeSeconds: 12,
  },
  {
    id: 'base',
    name: 'Base',
    chainId: 8453,
    environment: 'live',
    usdc: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    eurc: { address: '0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42', source: 'circle' },
    confirmations: 24,
    blockTimeSeconds: 2,
    bridged: [
      {
        symbol: 'USDbC',
        address: '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA',
        note: 'USD Base Coin, bridged from Ethereum',
      },
    ],
  },
  {
    id: 'arbitrum',
    name: 'Arbitrum One',
    chainId: 42161,
    environment: 'live',
    usdc: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
    confirmations: 24,
    blockTimeSeconds: 0.25,
    bridged: [
      { symbol: 'USDC.e', address: '0xFF970A61A04b1cA14834A43f5dE4533eBDDB5CC8', note: 'bridged from Ethereum' },
    ],
  },
  {
    id: 'optimism',
    name: 'OP Mainnet',
    chainId: 10,
    environment: 'live',
    usdc: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
    confirmations: 24,
    blockTimeSeconds: 2,
    bridged: [
      { symbol: 'USDC.e', address: '0x7F5c764cBc14f9669B88837ca1490cCa17c31607', note: 'bridged from Ethereum' },
    ],
  },
  {
    id: 'polygon',
    name: 'Polygon PoS',
    chainId: 137,
    environment: 'live',
    usdc: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    confirmations: 200,
    blockTimeSeconds: 2,
    bridged: [
      { symbol: 'USDC.e', address: '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', note: 'PoS-bridged from Ethereum' },
    ],
  },
  {
    id: 'avalanche',
    name: 'Avalanche C-Chain',
    chainId: 43114,
    environment: 'live',
    usdc: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E',
    eurc: { address: '0xC891EB4cbdEFf6e073e859e987815Ed1505c2ACD', source: 'circle' },
    confirmations: 12,
    blockTimeSeconds: 2,
    bridged: [
      {
        symbol: 'USDC.e',
        address: '0xA7D7079b0FEaD91F3e65f86E8915Cb59c1a4C664',
        note: 'bridged from Ethereum (Avalanche Bridge)',
      },
    ],
  },
  {
    id: 'sepolia',
    name: 'Sepolia',
    chainId: 11155111,
    environment: 'test',
    usdc: '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
    eurc: { address: '0x08210F9170F89Ab7658F0B5E3fF39b0E03C594D4', source: 'corroborated' },
    confirmations: 6,
    blockTimeSeconds: 12,
  },
  {
    id: 'base-sepolia',
    name: 'Base Sepolia',
    chainId: 84532,
    environment: 'test',
    usdc: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
    eurc: { address: '0x808456652fdb597867f38412077A9182bf77359F', source: 'corroborated' },
    confirmations: 6,
    blockTimeSeconds: 2,
  },
  {
    id: 'arbitrum-sepolia',
    name: 'Arbitrum Sepolia',
    chainId: 421614,
    environment: 'test',
    usdc: '0x75faf114eafb1BDbe2F0316DF893fd58CE46AA4d',
    confirmations: 20,
    blockTimeSeconds: 0.25,
  },
  {
    id: 'optimism-sepolia',
    name: 'OP Sepolia',
    chainId: 11155420,
    environment: 'test',
    usdc: '0x5fd84259d66Cd46123540766Be93DFE6D43130D7',
    confirmations: 6,
    blockTimeSeconds: 2,
  },
  {
    id: 'polygon-amoy',
    name: 'Polygon Amoy',
    chainId: 80002,
    environment: 'test',
    usdc: '0x41e94eb019c0762f9bfcf9fb1e58725bfb0e7582',
    confirmations: 20,
    blockTimeSeconds: 2,
  },
  {
    id: 'avalanche-fuji',
    name: 'Avalanche Fuji',
    chainId: 43113,
    environment: 'test',
    usdc: '0x5425890298aed601595a70ab815c96711a31bc65',
    eurc: { address: '0x5E44db7996c682E92a960b65AC713a54AD815c6B', source: 'corroborated' },
    confirmations: 3,
    blockTimeSeconds: 2,
  },
];

/** `base-sepolia` -> `RPC_URL_BASE_SEPOLIA`. */
export function rpcUrlEnvName(id: NetworkId): string {
  return `RPC_URL_${id.toUpperCase().replace(/-/g, '_')}`;
}

function official(symbol: StablecoinSymbol, address: string, source: OfficialToken['source']): OfficialToken {
  return { symbol, address: getAddress(address), decimals: 6, source };
}

function fromRow(row: NetworkRow): Network {
  return {
    id: row.id,
    name: row.name,
    chainId: row.chainId,
    caip2: `eip155:${row.chainId}`,
    environment: row.environment,
    tokens: {
      USDC: official('USDC', row.usdc, 'circle'),
      ...(row.eurc ? { EURC: official('EURC', row.eurc.address, row.eurc.source) } : {}),
    },
    confirmations: row.confirmations,
    blockTimeSeconds: row.blockTimeSeconds,
    bridgedTokens: (row.bridged ?? []).map((b) => ({ ...b, address: getAddress(b.address) })),
    rpcUrlEnv: rpcUrlEnvName(row.id),
  };
}

/** Mainnets and testnets. The devnet is not listed here: its addresses exist only once it runs. */
export const NETWORKS: readonly Network[] = Object.freeze(ROWS.map(fromRow));

/** Default confirmation depth on the devnet: 2, so that the CONFIRMING state is observable in tests. */
export const DEVNET_CONFIRMATIONS = 2;

/**
 * The devnet as a network, its tokens taken from the running devnet's manifest. The devnet's USDT0 stand-in is
 * not a gateway asset (it serves x402); its bridged USDC is listed as bridged, its plain ERC-20 is unlisted.
 */
export function devnetNetwork(
  manifest: Pick<DevnetManifest, 'chainId' | 'tokens'>,
  options: { confirmations?: number; blockTimeSeconds?: number } = {},
): Network {
  return {
    id: 'devnet',
    name: 'Tender devnet',
    chainId: manifest.chainId,
    caip2: `eip155:${manifest.chainId}`,
    environment: 'test',
    tokens: {
      USDC: official('USDC', manifest.tokens.USDC, 'devnet'),
      EURC: official('EURC', manifest.tokens.EURC, 'devnet'),
    },
    confirmations: options.confirmations ?? DEVNET_CONFIRMATIONS,
    blockTimeSeconds: options.blockTimeSeconds ?? 1,
    bridgedTokens: [
      { symbol: 'USDC.e', address: getAddress(manifest.tokens.bridgedUSDC), note: 'devnet bridged stand-in' },
    ],
    rpcUrlEnv: rpcUrlEnvName('devnet'),
  };
}

/** All networks, optionally narrowed to one environment; the devnet is included when its manifest is given. */
export function listNetworks(options: { environment?: NetworkEnvironment; devnet?: DevnetManifest } = {}): Network[] {
  const all = options.devnet ? [...NETWORKS, devnetNetwork(options.devnet)] : [...NETWORKS];
  return options.environment ? all.filter((n) => n.environment === options.environment) : all;
}

export function getNetwork(id: string, devnet?: DevnetManifest): Network | undefined {
  return listNetworks(devnet ? { devnet } : {}).find((n) => n.id === id);
}

export function networkByChainId(chainId: number, devnet?: DevnetManifest): Network | undefined {
  return listNetworks(devnet ? { devnet } : {}).find((n) => n.chainId === chainId);
}

/** The issuer's official token on `network`, or undefined where the issuer has not deployed it (EURC). */
export function officialToken(network: Network, symbol: StablecoinSymbol): OfficialToken | undefined {
  return network.tokens[symbol];
}

/** True only for the issuer's official USDC or EURC contract on this network. */
export function isOfficial(network: Network, address: string): boolean {
  const wanted = address.toLowerCase();
  return Object.values(network.tokens).some((t) => t.address.toLowerCase() === wanted);
}

/** The official token at `address` on `network`, if any. */
export function officialTokenAt(network: Network, address: string): OfficialToken | undefined {
  const wanted = address.toLowerCase();
  return Object.values(network.tokens).find((t) => t.address.toLowerCase() === wanted);
}

/** The known bridged look-alike at `address`, if any (used to explain an INVALID_ASSET). */
export function bridgedTokenAt(network: Network, address: string): BridgedToken | undefined {
  const wanted = address.toLowerCase();
  return network.bridgedTokens.find((t) => t.address.toLowerCase() === wanted);
}

/** The RPC URL configured for `network` in `env`, if any. */
export function rpcUrlFor(network: Network, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[network.rpcUrlEnv]?.trim();
  return value ? value : undefined;
}
