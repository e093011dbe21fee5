// What a running devnet is: where to reach it, which chain it is, and where its contracts live.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isAddress, isHex, type Address, type Hex } from 'viem';

export interface DevnetTokens {
  /** "USD Coin"/"USDC", EIP-712 version "2": stands in for Circle's USDC. */
  USDC: Address;
  /** "Euro Coin"/"EURC", version "2": stands in for Circle's EURC. */
  EURC: Address;
  /** "USDT0"/"USDT0", version "1": the x402 USDT stand-in (EIP-3009). */
  USDT: Address;
  /** "Bridged USDC"/"USDC.e", version "1": a look-alike that must be rejected as INVALID_ASSET. */
  bridgedUSDC: Address;
  /** A plain ERC-20 without EIP-3009, for invalid-asset cases. */
  plainERC20: Address;
}

export interface DevnetManifest {
  rpcUrl: string;
  chainId: number;
  /** Hash of block 0: with chainId, the identity of this chain (see assertChainMatches). */
  genesisHash: Hex;
  /** Timestamp of block 0, passed to anvil on restart so that block 0 is re-created identically. */
  genesisTimestamp: number;
  contracts: { depositFactory: Address };
  tokens: DevnetTokens;
  /** The first 10 mnemonic accounts, each funded with 1,000,000 of every token. */
  accounts: Address[];
  /** Account 0: deployed the contracts and owns (may mint) the tokens. */
  deployer: Address;
}

export const DEVNET_TOKEN_KEYS = ['USDC', 'EURC', 'USDT', 'bridgedUSDC', 'plainERC20'] as const;

/** Reads and validates a manifest file; throws with the file name when it is missing or malformed. */
export function readDevnetManifest(file: string): DevnetManifest {
  const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const problem = manifestProblem(value);
  if (problem) throw new Error(`invalid devnet manifest ${file}: ${problem}`);
  return value as DevnetManifest;
}

/** Writes atomically (temporary file, then rename), so a crash never leaves half a manifest. */
export function writeDevnetManifest(file: string, manifest: DevnetManifest): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(temporary, file);
}

function manifestProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'not an object';
  const m = value as Record<string, unknown>;
  const isAddr = (a: unknown): boolean => typeof a === 'string' && isAddress(a, { strict: false });
  if (typeof m.rpcUrl !== 'string') return 'rpcUrl';
  if (!Number.isSafeInteger(m.chainId)) return 'chainId';
  if (!isHex(m.genesisHash) || m.genesisHash.length !== 66) return 'genesisHash';
  if (!Number.isSafeInteger(m.genesisTimestamp)) return 'genesisTimestamp';
  const contracts = m.contracts as Record<string, unknown> | undefined;
  if (!isAddr(contracts?.depositFactory)) return 'contracts.depositFactory';
  const tokens = m.tokens as Record<string, unknown> | undefined;
  for (const key of DEVNET_TOKEN_KEYS) if (!isAddr(tokens?.[key])) return `tokens.${key}`;
  if (!Array.isArray(m.accounts) || !m.accounts.every(isAddr)) return 'accounts';
  if (!isAddr(m.deployer)) return 'deployer';
  return undefined;
}
