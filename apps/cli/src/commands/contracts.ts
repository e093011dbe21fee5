// `tender contracts deploy|verify`: the DepositFactory on real networks. It is deployed through the deterministic
// CREATE2 deployer, so it has one address on every chain (packages/evm deterministicDeployment.ts), and that address
// is what DEPOSIT_FACTORY_ADDRESS names. These commands read only what they need from the environment (the RPC
// URLs and a key), not the whole configuration of `tender start`.
// Exit codes: 0 done, 1 a check or the deployment failed, 2 wrong usage.
import { parseArgs } from 'node:util';
import {
  createRpcPublicClient,
  DETERMINISTIC_DEPLOYER,
  deterministicFactoryAddress,
  factoryDeploymentCalldata,
  getNetwork,
  hasDeterministicDeployer,
  inspectFactory,
  NETWORKS,
  rpcHttp,
  rpcUrlFor,
  type Network,
} from '@tender/evm';
import { createWalletClient, defineChain, getAddress, isAddress, type Address, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { UsageError } from './usageError.ts';

export const CONTRACTS_USAGE = `  contracts deploy --network <id> [--rpc-url <url>] [--private-key-env NAME]
            Deploy the DepositFactory through the deterministic CREATE2 deployer (the same address on every chain);
            the key is read from the environment variable NAME (default DEPLOYER_PRIVATE_KEY) and pays the gas
  contracts verify [--address 0x…]
            Check the DepositFactory (default DEPOSIT_FACTORY_ADDRESS, else the deterministic address) on every
            network with an RPC_URL_<NETWORK>
`;

const OPTIONS = {
  network: { type: 'string' },
  'rpc-url': { type: 'string' },
  'private-key-env': { type: 'string', default: 'DEPLOYER_PRIVATE_KEY' },
  address: { type: 'string' },
} as const;

type Write = (line: string) => void;

export async function runContractsCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  write: Write = (line) => process.stdout.write(`${line}\n`),
): Promise<number> {
  try {
    const { values: f, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
    const action = positionals[0];
    if (action === 'deploy') return await deploy(f, env, write);
    if (action === 'verify') return await verify(f, env, write);
    throw new UsageError(`tender contracts: expected deploy or verify, got ${action ?? 'nothing'}`);
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`${(err as Error).message}\n\nUsage:\n${CONTRACTS_USAGE}`);
      return 2;
    }
    throw err;
  }
}

function client(url: string): PublicClient {
  return createRpcPublicClient(url, { retryCount: 2, timeoutMs: 20_000 });
}

async function deploy(
  f: { network?: string | undefined; 'rpc-url'?: string | undefined; 'private-key-env'?: string | undefined },
  env: NodeJS.ProcessEnv,
  write: Write,
): Promise<number> {
  if (!f.network) throw new UsageError('tender contracts deploy: --network <id> is required');
  const network = getNetwork(f.network);
  if (!network) {
    throw new UsageError(
      `tender contracts deploy: unknown network "${f.network}" (one of ${NETWORKS.map((n) => n.id).join(', ')})`,
    );
  }
  const rpcUrl = f['rpc-url'] ?? rpcUrlFor(network, env);
  if (!rpcUrl) throw new UsageError(`tender contracts deploy: no --rpc-url and no ${network.rpcUrlEnv} set`);
  const pub = client(rpcUrl);
  const chainId = await pub.getChainId();
  if (chainId !== network.chainId) {
    write(`fail  ${network.id}: the RPC URL answers chain id ${chainId}, ${network.id} is ${network.chainId}`);
    return 1;
  }
  const address = deterministicFactoryAddress();
  const before = await inspectFactory(pub, address);
  if (before.state === 'ok') {
    write(`ok    ${network.id}: the DepositFactory is already deployed at ${address} (runtime code verified)`);
    write(`DEPOSIT_FACTORY_ADDRESS=${address}`);
    return 0;
  }
  if (before.state === 'different') {
    write(`fail  ${network.id}: ${before.problem}`);
    return 1;
  }
  if (!(await hasDeterministicDeployer(pub))) {
    write(
      `fail  ${network.id}: the deterministic deployer ${DETERMINISTIC_DEPLOYER} has no code on this chain; ` +
        'deploy it first (github.com/Arachnid/deterministic-deployment-proxy: one presigned transaction)',
    );
    return 1;
  }
  const keyEnv = f['private-key-env'] ?? 'DEPLOYER_PRIVATE_KEY';
  const key = env[keyEnv]?.trim();
  if (!key || !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new UsageError(`tender contracts deploy: ${keyEnv} must hold the deployer's private key (0x + 64 hex)`);
  }
  const account = privateKeyToAccount(key as `0x${string}`);
  const chain = defineChain({
    id: network.chainId,
    name: network.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const wallet = createWalletClient({ account, chain, transport: rpcHttp(rpcUrl, { retryCount: 2, timeout: 20_000 }) });
  const data = factoryDeploymentCalldata();
  const gas = await pub.estimateGas({ account: account.address, to: DETERMINISTIC_DEPLOYER, data });
  write(`…     ${network.id}: deploying from ${account.address} through ${DETERMINISTIC_DEPLOYER} (gas ${gas})`);
  const hash = await wallet.sendTransaction({ to: DETERMINISTIC_DEPLOYER, data, gas: (gas * 12n) / 10n });
  const receipt = await pub.waitForTransactionReceipt({ hash, timeout: 300_000 });
  if (receipt.status !== 'success') {
    write(`fail  ${network.id}: the deployment transaction ${hash} reverted`);
    return 1;
  }
  const after = await inspectFactory(pub, address);
  if (after.state !== 'ok') {
    write(`fail  ${network.id}: after ${hash} ${after.state === 'missing' ? `${address} has no code` : after.problem}`);
    return 1;
  }
  write(`ok    ${network.id}: deployed the DepositFactory at ${address} in ${hash} (runtime code verified)`);
  write(`DEPOSIT_FACTORY_ADDRESS=${address}`);
  return 0;
}

async function verify(f: { address?: string | undefined }, env: NodeJS.ProcessEnv, write: Write): Promise<number> {
  const raw = f.address ?? env.DEPOSIT_FACTORY_ADDRESS?.trim();
  if (raw && !isAddress(raw, { strict: false }))
    throw new UsageError(`tender contracts verify: not an address: ${raw}`);
  const address: Address = raw ? getAddress(raw) : deterministicFactoryAddress();
  const networks = NETWORKS.filter((n) => rpcUrlFor(n, env));
  if (!networks.length) {
    write('fail  no network has an RPC URL (RPC_URL_<NETWORK>): nothing to verify');
    return 1;
  }
  if (address !== deterministicFactoryAddress()) {
    write(`warn  ${address} is not this build's deterministic address ${deterministicFactoryAddress()}`);
  }
  let failed = 0;
  for (const n of networks) {
    const line = await verifyOn(n, rpcUrlFor(n, env)!, address).catch(
      (err: unknown) => `fail  ${n.id}: the RPC URL did not answer (${(err as Error).message.split('\n')[0]})`,
    );
    if (line.startsWith('fail')) failed++;
    write(line);
  }
  return failed ? 1 : 0;
}

async function verifyOn(n: Network, rpcUrl: string, address: Address): Promise<string> {
  const pub = client(rpcUrl);
  const chainId = await pub.getChainId();
  if (chainId !== n.chainId) return `fail  ${n.id}: the RPC URL answers chain id ${chainId}, expected ${n.chainId}`;
  const state = await inspectFactory(pub, address);
  if (state.state === 'ok') return `ok    ${n.id}: DepositFactory at ${address}`;
  if (state.state === 'missing') {
    return `fail  ${n.id}: no contract at ${address}; run tender contracts deploy --network ${n.id}`;
  }
  return `fail  ${n.id}: ${state.problem}`;
}
