// The networks this deployment serves, as the payment code sees them: the static facts from @tender/evm (chain id,
// the issuer's official USDC/EURC, bridged look-alikes, default confirmation depth) joined with this deployment's
// configuration (RPC URL, deposit factory, relayer account, confirmation overrides).
//
// Invariants:
//  - A network is `available` only with an RPC URL and a deposit factory: only then can the watcher see payments
//    and a deposit address be computed. Unavailable networks are listed (GET /v1/networks) but refuse intents.
//  - Official tokens come only from @tender/evm's registry (or the devnet manifest): bridged variants never are.
//  - Live networks serve live keys, testnets and the devnet serve test keys.
import {
  devnetNetwork,
  DEVNET_MNEMONIC,
  NETWORKS,
  type DevnetManifest,
  type Network,
  type NetworkEnvironment,
  type OfficialToken,
  type StablecoinSymbol,
} from '@tender/evm';
import { getAddress, type Address } from 'viem';
import { mnemonicToAccount, privateKeyToAccount, type LocalAccount } from 'viem/accounts';
import { relayerKeyFromConfig, rpcUrlFromConfig, type NetworkConfig } from './networkConfig.ts';

export interface GatewayNetwork extends Omit<Network, 'confirmations'> {
  confirmations: number;
  rpcUrl: string | undefined;
  factory: Address | undefined;
  /** Signs sweeps; absent when no key is configured (settlement then waits, and says so). */
  relayer: LocalAccount | undefined;
  available: boolean;
  /** Why the network is unavailable, in words for GET /v1/networks. */
  unavailableReason: string | undefined;
}

export interface NetworkRegistry {
  readonly all: readonly GatewayNetwork[];
  get(id: string): GatewayNetwork | undefined;
  forEnvironment(environment: NetworkEnvironment): GatewayNetwork[];
  readonly watcherPollMs: number;
  readonly watcherMaxRange: number;
  readonly sweepStuckBlocks: number;
  /** Gas watch threshold: sweeps the relayer's balance must pay for (settlement/relayerGas.ts). */
  readonly relayerMinSweeps: number;
}

/** Mnemonic index of the devnet relayer in the dev profile (index 0 deploys, 1 is the dev merchant's vault). */
export const DEVNET_RELAYER_INDEX = 8;

export interface NetworkRegistryOptions {
  /** The running devnet; the devnet network exists only with it. */
  devnet?: DevnetManifest | undefined;
  /** Overrides for the devnet (tests use blockTimeSeconds 1 and small depths). */
  devnetOverrides?: { confirmations?: number; rpcUrl?: string; relayer?: LocalAccount } | undefined;
}

export function createNetworkRegistry(config: NetworkConfig, opts: NetworkRegistryOptions = {}): NetworkRegistry {
  const statics: Network[] = [...NETWORKS];
  if (opts.devnet) statics.push(devnetNetwork(opts.devnet));
  const all = statics.map((n): GatewayNetwork => {
    const isDevnet = n.id === 'devnet';
    const rpcUrl =
      (isDevnet ? opts.devnetOverrides?.rpcUrl : undefined) ??
      rpcUrlFromConfig(config, n.id) ??
      (isDevnet ? opts.devnet?.rpcUrl : undefined);
    const factory = isDevnet ? opts.devnet?.contracts.depositFactory : config.depositFactoryAddress;
    const key = relayerKeyFromConfig(config, n.id);
    const relayer =
      (isDevnet ? opts.devnetOverrides?.relayer : undefined) ??
      (key
        ? privateKeyToAccount(key as `0x${string}`)
        : isDevnet && config.profile === 'dev'
          ? mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: DEVNET_RELAYER_INDEX })
          : undefined);
    const confirmations =
      (isDevnet ? opts.devnetOverrides?.confirmations : undefined) ??
      config.networkConfirmations?.[n.id] ??
      n.confirmations;
    const unavailableReason = !rpcUrl
      ? `no RPC URL configured (${n.rpcUrlEnv})`
      : !factory
        ? 'no deposit factory configured (DEPOSIT_FACTORY_ADDRESS)'
        : undefined;
    return {
      ...n,
      confirmations,
      rpcUrl,
      factory: factory ? getAddress(factory) : undefined,
      relayer,
      available: unavailableReason === undefined,
      unavailableReason,
    };
  });
  const byId = new Map(all.map((n) => [n.id as string, n]));
  return {
    all,
    get: (id) => byId.get(id),
    forEnvironment: (environment) => all.filter((n) => n.environment === environment),
    watcherPollMs: config.watcherPollMs ?? 500,
    watcherMaxRange: config.watcherMaxRange ?? 1000,
    sweepStuckBlocks: config.sweepStuckBlocks ?? 5,
    relayerMinSweeps: config.relayerMinSweeps ?? 20,
  };
}

/** The issuer's official token of `currency` on `network`, or undefined where the issuer has not deployed it. */
export function officialTokenOf(network: GatewayNetwork, currency: StablecoinSymbol): OfficialToken | undefined {
  return network.tokens[currency];
}

/** Lowercase addresses of every official token on `network` (the watcher's notion of "official"). */
export function officialAddresses(network: GatewayNetwork): Set<string> {
  return new Set(Object.values(network.tokens).map((t) => t.address.toLowerCase()));
}
