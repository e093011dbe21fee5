// Configuration of the chains the gateway serves: one RPC URL and optionally one relayer key per network, the
// deposit factory, confirmation overrides and the watcher's pacing. Merged into gatewayConfigSpec (config.ts).
import { NETWORKS, rpcUrlEnvName, type NetworkId } from '@tender/evm';
import { field, hexKey, int, url, type Field } from '@tender/platform';
import { getAddress, isAddress } from 'viem';

const ALL_IDS: readonly NetworkId[] = [...NETWORKS.map((n) => n.id), 'devnet'];

const upper = (id: string) => id.toUpperCase().replace(/-/g, '_');
const camel = (id: string) =>
  id.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()).replace(/^./, (c) => c.toUpperCase());

export function address(raw: string): `0x${string}` {
  if (!isAddress(raw, { strict: false })) throw new Error(`must be a 0x-prefixed 20-byte address, got "${raw}"`);
  return getAddress(raw);
}

/** `base=30,ethereum=25`: confirmation depth per network id. */
export function confirmationOverrides(raw: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of raw.split(',')) {
    const m = /^\s*([a-z0-9-]{2,40})\s*=\s*(\d{1,4})\s*$/.exec(part);
    if (!m || !ALL_IDS.includes(m[1] as NetworkId) || Number(m[2]) < 1) {
      throw new Error(`entries must be <network>=<depth >= 1> with a known network id, got "${part}"`);
    }
    out[m[1]!] = Number(m[2]);
  }
  return out;
}

type RpcKeys = `rpcUrl${string}`;
type RelayerKeys = `relayerKey${string}`;

const rpcFields = Object.fromEntries(
  ALL_IDS.map((id) => [
    `rpcUrl${camel(id)}`,
    field({
      env: rpcUrlEnvName(id),
      doc: `JSON-RPC URL of ${id}${id === 'devnet' ? ' (set by `tender start` from the devnet it runs)' : ''}; the network is listed as unavailable without it`,
      parse: url('http', 'https', 'ws', 'wss'),
      secret: true,
    }),
  ]),
) as Record<RpcKeys, Field<string>>;

const relayerFields = Object.fromEntries(
  ALL_IDS.map((id) => [
    `relayerKey${camel(id)}`,
    field({
      env: `RELAYER_PRIVATE_KEY_${upper(id)}`,
      doc: `Private key of the relayer that sends sweeps on ${id}; overrides RELAYER_PRIVATE_KEY`,
      parse: hexKey(32),
      secret: true,
    }),
  ]),
) as Record<RelayerKeys, Field<string>>;

export const networkConfigSpec = {
  depositFactoryAddress: field({
    env: 'DEPOSIT_FACTORY_ADDRESS',
    doc: 'DepositFactory address on the mainnets and testnets (one CREATE2 deployment, the same on each); networks are unavailable without it (the devnet uses its own)',
    parse: address,
  }),
  relayerKey: field({
    env: 'RELAYER_PRIVATE_KEY',
    doc: 'Private key of the relayer that sends sweeps on every network without its own RELAYER_PRIVATE_KEY_<NETWORK>; the devnet uses mnemonic account 8 in the dev profile',
    parse: hexKey(32),
    secret: true,
  }),
  networkConfirmations: field({
    env: 'NETWORK_CONFIRMATIONS',
    doc: 'Confirmation depth overrides, e.g. `base=30,devnet=1` (defaults per network in packages/evm networks.ts)',
    parse: confirmationOverrides,
  }),
  watcherPollMs: field({
    env: 'WATCHER_POLL_INTERVAL_MS',
    doc: 'How often each chain watcher asks for a new block, in ms',
    parse: int(20, 60_000),
    default: 500,
  }),
  watcherMaxRange: field({
    env: 'WATCHER_MAX_BLOCK_RANGE',
    doc: 'Most blocks per eth_getLogs request (halved automatically when a node refuses a range)',
    parse: int(1, 100_000),
    default: 1000,
  }),
  sweepStuckBlocks: field({
    env: 'SWEEP_STUCK_BLOCKS',
    doc: 'Blocks a sweep transaction may stay unmined before it is replaced with a higher fee',
    parse: int(1, 1000),
    default: 5,
  }),
  relayerMinSweeps: field({
    env: 'RELAYER_MIN_SWEEPS',
    doc: 'Gas watch: a relayer whose balance pays for fewer sweeps than this (at the current gas price) degrades its network on /public/status and its sweeps wait until it is funded; `tender doctor` warns below it',
    parse: int(1, 1_000_000),
    default: 20,
  }),
  ...rpcFields,
  ...relayerFields,
} as const;

/** The networks part of the loaded configuration, as createNetworkRegistry reads it. */
export interface NetworkConfig {
  profile: 'dev' | 'production';
  depositFactoryAddress?: `0x${string}` | undefined;
  relayerKey?: string | undefined;
  networkConfirmations?: Record<string, number> | undefined;
  watcherPollMs?: number;
  watcherMaxRange?: number;
  sweepStuckBlocks?: number;
  relayerMinSweeps?: number;
  [key: string]: unknown;
}

export function rpcUrlFromConfig(config: NetworkConfig, id: NetworkId): string | undefined {
  const v = config[`rpcUrl${camel(id)}`];
  return typeof v === 'string' && v ? v : undefined;
}

export function relayerKeyFromConfig(config: NetworkConfig, id: NetworkId): string | undefined {
  const v = config[`relayerKey${camel(id)}`];
  return typeof v === 'string' && v ? v : config.relayerKey;
}
