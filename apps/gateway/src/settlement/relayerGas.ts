// Gas watch: can a network's relayer pay for the sweeps ahead? Its native balance against the gas of `minSweeps`
// sweeps at the network's current gas price. Below that the network is degraded on /public/status and sweeps wait
// (DeferJobError: no attempt used) until the relayer is funded again; /metrics shows the balance per network.
// `readRelayerGas` is the plain reading (for doctor and the operator view); `relayerGas` caches it per network for
// a few seconds, so status requests, scrapes and sweeps share one reading instead of one RPC call each.
import { createRpcPublicClient } from '@tender/evm';
import type { PublicClient } from 'viem';
import type { GatewayNetwork } from '../networks/registry.ts';

/**
 * Gas one sweep may need: the first sweep of a deposit address deploys its forwarder (CREATE2) and moves the token;
 * measured on the devnet at about 340k (gasWatch.test.ts prints it and holds the constant above it). Rounded up, so
 * that the threshold errs on the side of warning early.
 */
export const SWEEP_GAS = 400_000n;

export interface RelayerGas {
  network: string;
  address: `0x${string}`;
  balanceWei: bigint;
  gasPriceWei: bigint;
  /** SWEEP_GAS at the current gas price. */
  sweepCostWei: bigint;
  /** Whole sweeps the balance pays for at the current price. */
  sweepsAffordable: number;
  /** True when the balance pays for fewer than `minSweeps` sweeps. */
  low: boolean;
  readAt: Date;
}

/** Reads the relayer's balance and the gas price now; undefined when the network has no relayer or RPC URL. */
export async function readRelayerGas(
  net: Pick<GatewayNetwork, 'id' | 'rpcUrl' | 'relayer'>,
  minSweeps: number,
  client: PublicClient = createRpcPublicClient(net.rpcUrl ?? '', { retryCount: 0, timeoutMs: 5_000 }),
): Promise<RelayerGas | undefined> {
  if (!net.relayer || !net.rpcUrl) return undefined;
  const [balanceWei, gasPriceWei] = await Promise.all([
    client.getBalance({ address: net.relayer.address }),
    client.getGasPrice(),
  ]);
  const sweepCostWei = SWEEP_GAS * (gasPriceWei > 0n ? gasPriceWei : 1n);
  const affordable = balanceWei / sweepCostWei;
  return {
    network: net.id,
    address: net.relayer.address,
    balanceWei,
    gasPriceWei,
    sweepCostWei,
    sweepsAffordable: affordable > 1_000_000_000n ? 1_000_000_000 : Number(affordable),
    low: affordable < BigInt(minSweeps),
    readAt: new Date(),
  };
}

/** How long a cached reading serves (status requests, scrapes, sweeps). */
export const RELAYER_GAS_MAX_AGE_MS = 5_000;

const cache = new WeakMap<GatewayNetwork, { at: number; reading: Promise<RelayerGas | undefined> }>();
const clients = new WeakMap<GatewayNetwork, PublicClient>();

/**
 * The cached reading of `net`'s relayer gas (at most `maxAgeMs` old). An RPC failure gives undefined (unknown):
 * the watch never degrades a network, nor holds sweeps back, on a reading it could not make.
 */
export function relayerGas(
  net: GatewayNetwork,
  minSweeps: number,
  maxAgeMs = RELAYER_GAS_MAX_AGE_MS,
): Promise<RelayerGas | undefined> {
  if (!net.relayer || !net.rpcUrl) return Promise.resolve(undefined);
  const hit = cache.get(net);
  if (hit && Date.now() - hit.at <= maxAgeMs) return hit.reading;
  let client = clients.get(net);
  if (!client) {
    client = createRpcPublicClient(net.rpcUrl, { retryCount: 0, timeoutMs: 5_000 });
    clients.set(net, client);
  }
  const reading = readRelayerGas(net, minSweeps, client).catch(() => undefined);
  cache.set(net, { at: Date.now(), reading });
  return reading;
}
