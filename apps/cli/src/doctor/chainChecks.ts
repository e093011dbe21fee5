// `tender doctor`, the chains: every network with an RPC URL answers with its chain id, holds this build's
// DepositFactory and the issuer's USDC/EURC (code, 6 decimals, the symbol), and its relayer can pay gas for the
// sweeps ahead. `tender start` in production refuses to start on the fatal ones (startChecks.ts).
import { createRpcPublicClient, inspectFactory, type OfficialToken } from '@tender/evm';
import { createNetworkRegistry, readRelayerGas, type GatewayNetwork, type NetworkConfig } from '@tender/gateway';
import { erc20Abi, formatEther, formatGwei, type PublicClient } from 'viem';
import { fail, ok, reason, warn, type CheckResult } from './doctorCheck.ts';

export async function chainChecks(config: NetworkConfig): Promise<CheckResult[]> {
  const registry = createNetworkRegistry(config);
  const configured = registry.all.filter((n) => n.rpcUrl);
  if (!configured.length) {
    return [
      warn(
        'networks',
        'no network has an RPC URL: the gateway takes no payments',
        'set RPC_URL_<NETWORK> for each network to serve (e.g. RPC_URL_BASE)',
      ),
    ];
  }
  const perNetwork = await Promise.all(configured.map((n) => networkChecks(n, registry.relayerMinSweeps)));
  return perNetwork.flat();
}

async function networkChecks(n: GatewayNetwork, minSweeps: number): Promise<CheckResult[]> {
  const client = createRpcPublicClient(n.rpcUrl!, { retryCount: 0, timeoutMs: 10_000 });
  const chain = `chain ${n.id}`;
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (err) {
    return [fail(chain, `${n.rpcUrlEnv} does not answer: ${reason(err)}`, `check ${n.rpcUrlEnv}`, true)];
  }
  if (chainId !== n.chainId) {
    return [
      fail(
        chain,
        `${n.rpcUrlEnv} answers chain id ${chainId}, but ${n.id} is chain ${n.chainId}`,
        `point ${n.rpcUrlEnv} at a ${n.name} node`,
        true,
      ),
    ];
  }
  const results = [ok(chain, `${n.rpcUrlEnv} answers chain id ${chainId}`, true)];
  const tokens = Object.values(n.tokens).filter((t): t is OfficialToken => t !== undefined);
  results.push(
    ...(await Promise.all([
      factoryCheck(client, n),
      ...tokens.map((t) => tokenCheck(client, n, t)),
      relayerCheck(client, n, minSweeps),
    ])),
  );
  return results;
}

async function factoryCheck(client: PublicClient, n: GatewayNetwork): Promise<CheckResult> {
  const check = `factory ${n.id}`;
  if (!n.factory) {
    return fail(
      check,
      'DEPOSIT_FACTORY_ADDRESS is not set: no deposit address can be computed',
      `run tender contracts deploy --network ${n.id} and set the DEPOSIT_FACTORY_ADDRESS= line it prints`,
      true,
    );
  }
  try {
    const state = await inspectFactory(client, n.factory);
    if (state.state === 'ok') return ok(check, `DepositFactory at ${n.factory}`, true);
    if (state.state === 'missing') {
      return fail(
        check,
        `no contract at DEPOSIT_FACTORY_ADDRESS ${n.factory} on ${n.id}`,
        `run tender contracts deploy --network ${n.id}`,
        true,
      );
    }
    return fail(check, state.problem, `deploy this build's factory: tender contracts deploy --network ${n.id}`, true);
  } catch (err) {
    return fail(check, `cannot read ${n.factory}: ${reason(err)}`, `check ${n.rpcUrlEnv}`, true);
  }
}

async function tokenCheck(client: PublicClient, n: GatewayNetwork, t: OfficialToken): Promise<CheckResult> {
  const check = `${t.symbol} ${n.id}`;
  const fix = `${n.rpcUrlEnv} must serve ${n.name} itself (not a fork or another chain), where ${t.symbol} is ${t.address}`;
  try {
    const code = await client.getCode({ address: t.address });
    if (!code || code === '0x') return fail(check, `no contract at the ${t.symbol} address ${t.address}`, fix, true);
    const [decimals, symbol] = await Promise.all([
      client.readContract({ address: t.address, abi: erc20Abi, functionName: 'decimals' }),
      client.readContract({ address: t.address, abi: erc20Abi, functionName: 'symbol' }),
    ]);
    if (decimals !== t.decimals) {
      return fail(check, `the token at ${t.address} has ${decimals} decimals, expected ${t.decimals}`, fix, true);
    }
    if (symbol !== t.symbol) {
      return fail(check, `the token at ${t.address} is "${symbol}", expected "${t.symbol}"`, fix, true);
    }
    return ok(check, `${t.address}: ${symbol}, ${decimals} decimals`, true);
  } catch (err) {
    return fail(check, `the token at ${t.address} does not answer decimals()/symbol(): ${reason(err)}`, fix, true);
  }
}

async function relayerCheck(client: PublicClient, n: GatewayNetwork, minSweeps: number): Promise<CheckResult> {
  const check = `relayer ${n.id}`;
  if (!n.relayer) {
    return fail(
      check,
      'no relayer key: payments on this network are never swept into vaults',
      `set RELAYER_PRIVATE_KEY (or RELAYER_PRIVATE_KEY_${n.id.toUpperCase().replace(/-/g, '_')})`,
    );
  }
  try {
    const gas = (await readRelayerGas(n, minSweeps, client))!;
    const what =
      `${gas.address} holds ${formatEther(gas.balanceWei)}: gas for ${gas.sweepsAffordable} sweeps at ` +
      `${formatGwei(gas.gasPriceWei)} gwei`;
    const fund = `send at least ${formatEther(gas.sweepCostWei * BigInt(minSweeps))} of the native coin to ${gas.address}`;
    if (gas.sweepsAffordable < 1) return fail(check, `${what}: sweeps would fail`, fund);
    if (gas.low) return warn(check, `${what}, fewer than RELAYER_MIN_SWEEPS (${minSweeps}): sweeps wait`, fund);
    return ok(check, what);
  } catch (err) {
    return fail(check, `cannot read the relayer's balance: ${reason(err)}`, `check ${n.rpcUrlEnv}`);
  }
}
