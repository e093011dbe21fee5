import { isAddress, zeroAddress, type Address } from 'viem';
import { describe, expect, test } from 'vitest';
import type { DevnetManifest } from './devnetManifest.ts';
import {
  bridgedTokenAt,
  devnetNetwork,
  getNetwork,
  isOfficial,
  listNetworks,
  networkByChainId,
  NETWORKS,
  officialToken,
  officialTokenAt,
  rpcUrlFor,
} from './networks.ts';

const manifest: DevnetManifest = {
  rpcUrl: 'http://127.0.0.1:8545',
  chainId: 31337,
  genesisHash: `0x${'11'.repeat(32)}`,
  genesisTimestamp: 1_700_000_000,
  contracts: { depositFactory: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
  tokens: {
    USDC: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    EURC: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
    USDT: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9',
    bridgedUSDC: '0xDc64a140Aa3E981100a9becA4E685f962f0cF6C9',
    plainERC20: '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707',
  },
  accounts: [],
  deployer: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
};

describe('network registry', () => {
  test('lists the six mainnets as live and the six testnets as test', () => {
    expect(listNetworks({ environment: 'live' }).map((n) => [n.id, n.chainId])).toEqual([
      ['ethereum', 1],
      ['base', 8453],
      ['arbitrum', 42161],
      ['optimism', 10],
      ['polygon', 137],
      ['avalanche', 43114],
    ]);
    expect(listNetworks({ environment: 'test' }).map((n) => [n.id, n.chainId])).toEqual([
      ['sepolia', 11155111],
      ['base-sepolia', 84532],
      ['arbitrum-sepolia', 421614],
      ['optimism-sepolia', 11155420],
      ['polygon-amoy', 80002],
      ['avalanche-fuji', 43113],
    ]);
  });

  test('ids follow the API format and ids and chain ids are unique', () => {
    const all = listNetworks({ devnet: manifest });
    for (const n of all) {
      expect(n.id).toMatch(/^[a-z0-9-]{2,40}$/);
      expect(n.caip2).toBe(`eip155:${n.chainId}`);
      expect(n.rpcUrlEnv).toMatch(/^RPC_URL_[A-Z0-9_]+$/);
      expect(Number.isInteger(n.confirmations) && n.confirmations > 0).toBe(true);
      expect(n.blockTimeSeconds).toBeGreaterThan(0);
    }
    expect(new Set(all.map((n) => n.id)).size).toBe(all.length);
    expect(new Set(all.map((n) => n.chainId)).size).toBe(all.length);
  });

  test('every address is EIP-55 checksummed and no bridged token is official', () => {
    for (const n of listNetworks({ devnet: manifest })) {
      const tokens = [n.tokens.USDC, n.tokens.EURC].filter((t) => t !== undefined);
      for (const t of tokens) {
        expect(isAddress(t.address, { strict: true }), `${n.id} ${t.symbol}`).toBe(true);
        expect(t.address).not.toBe(zeroAddress);
        expect(t.decimals).toBe(6);
      }
      for (const b of n.bridgedTokens) {
        expect(isAddress(b.address, { strict: true }), `${n.id} ${b.symbol}`).toBe(true);
        expect(isOfficial(n, b.address), `${n.id} ${b.symbol}`).toBe(false);
        expect(bridgedTokenAt(n, b.address.toLowerCase())).toEqual(b);
      }
    }
  });

  test('official tokens are looked up case-insensitively', () => {
    const base = getNetwork('base')!;
    expect(officialToken(base, 'USDC')?.address).toBe('0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913');
    expect(officialToken(base, 'EURC')?.address).toBe('0x60a3E35Cc302bFA44Cb288Bc5a4F316Fdb1adb42');
    expect(isOfficial(base, '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')).toBe(true);
    expect(officialTokenAt(base, '0x60A3E35CC302BFA44CB288BC5A4F316FDB1ADB42')?.symbol).toBe('EURC');
    // USDbC on Base is bridged, never official.
    expect(isOfficial(base, '0xd9aAEc86B65D86f6A7B5B1b0c42FFA531710b6CA')).toBe(false);
    // Another network's USDC is not official here.
    expect(isOfficial(base, getNetwork('ethereum')!.tokens.USDC.address)).toBe(false);
  });

  test('EURC exists only where Circle issued it', () => {
    const withEurc = NETWORKS.filter((n) => officialToken(n, 'EURC')).map((n) => n.id);
    expect(withEurc).toEqual(['ethereum', 'base', 'avalanche', 'sepolia', 'base-sepolia', 'avalanche-fuji']);
    expect(officialToken(getNetwork('arbitrum')!, 'EURC')).toBeUndefined();
  });

  test('lookups by id and chain id; the devnet exists only with a manifest', () => {
    expect(networkByChainId(84532)?.id).toBe('base-sepolia');
    expect(getNetwork('devnet')).toBeUndefined();
    expect(networkByChainId(31337)).toBeUndefined();
    expect(getNetwork('devnet', manifest)?.chainId).toBe(31337);
    expect(getNetwork('nope')).toBeUndefined();
  });

  test('the devnet network takes its tokens from the manifest', () => {
    const devnet = devnetNetwork(manifest);
    expect(devnet.environment).toBe('test');
    expect(devnet.tokens.USDC.address).toBe(manifest.tokens.USDC);
    expect(devnet.tokens.EURC?.address).toBe(manifest.tokens.EURC);
    for (const other of ['USDT', 'bridgedUSDC', 'plainERC20'] as const) {
      expect(isOfficial(devnet, manifest.tokens[other] as Address)).toBe(false);
    }
    expect(bridgedTokenAt(devnet, manifest.tokens.bridgedUSDC)?.symbol).toBe('USDC.e');
  });

  test('RPC URLs come from RPC_URL_<ID> variables', () => {
    const network = getNetwork('base-sepolia')!;
    expect(network.rpcUrlEnv).toBe('RPC_URL_BASE_SEPOLIA');
    expect(rpcUrlFor(network, { RPC_URL_BASE_SEPOLIA: ' https://sepolia.base.org ' })).toBe('https://sepolia.base.org');
    expect(rpcUrlFor(network, { RPC_URL_BASE_SEPOLIA: '' })).toBeUndefined();
    expect(rpcUrlFor(network, {})).toBeUndefined();
  });
});
