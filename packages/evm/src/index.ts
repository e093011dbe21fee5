// @tender/evm: networks and official tokens, deposit addresses, contracts, chain identity and the devnet.
export * from './artifacts.ts';
export { assertFactoryMatches, FactoryMismatchError } from './assertFactoryMatches.ts';
export {
  assertChainMatches,
  ChainMismatchError,
  readChainIdentity,
  sameChain,
  type ChainIdentity,
} from './chainIdentity.ts';
export { computeDepositAddress, depositSalt, forwarderInitCode, type DepositAddressParams } from './depositAddress.ts';
export { startDevnet, DevnetStateError, type Devnet, type StartDevnetOptions } from './devnet.ts';
export {
  DEVNET_ACCOUNT_COUNT,
  DEVNET_CHAIN_ID,
  DEVNET_MNEMONIC,
  devnetAccounts,
  devnetDeployer,
} from './devnetAccounts.ts';
export {
  anvilRequest,
  mine,
  mintTo,
  reorg,
  tokenBalance,
  transferToken,
  type ReorgReplacement,
} from './devnetActions.ts';
export { createDevnetClient, devnetChain, type DevnetClient, type DevnetClientOptions } from './devnetClient.ts';
export {
  DEVNET_TOKEN_KEYS,
  readDevnetManifest,
  writeDevnetManifest,
  type DevnetManifest,
  type DevnetTokens,
} from './devnetManifest.ts';
export { DEVNET_MINT_AMOUNT, DEVNET_TOKEN_DECIMALS, DEVNET_TOKENS, type DevnetTokenSpec } from './devnetTokens.ts';
export { AnvilStartError, DEVNET_HARDFORK, launchAnvil, type AnvilExit, type AnvilProcess } from './anvilProcess.ts';
export { resolveAnvilBinary } from './anvilBinary.ts';
export {
  bridgedTokenAt,
  DEVNET_CONFIRMATIONS,
  devnetNetwork,
  getNetwork,
  isOfficial,
  listNetworks,
  networkByChainId,
  NETWORKS,
  officialToken,
  officialTokenAt,
  rpcUrlEnvName,
  rpcUrlFor,
  type BridgedToken,
  type Network,
  type NetworkEnvironment,
  type NetworkId,
  type OfficialToken,
  type StablecoinSymbol,
} from './networks.ts';
export { checksumAddress, keccak256Hex, keccak256Utf8 } from './fastKeccak.ts';
export { depositFactoryAbiWithErrors } from './depositFactoryAbiWithErrors.ts';
export { freePort } from './freePort.ts';
export { createRpcPublicClient, type RpcPublicClientOptions } from './rpcPublicClient.ts';
export { rpcFetch, rpcHttp } from './rpcHttp.ts';
export {
  DEPOSIT_FACTORY_SALT,
  DETERMINISTIC_DEPLOYER,
  deterministicFactoryAddress,
  factoryDeploymentCalldata,
  factoryRuntimeCode,
  hasDeterministicDeployer,
  inspectFactory,
  type FactoryCodeState,
} from './deterministicDeployment.ts';
