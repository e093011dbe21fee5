// @tender/evm: networks and official tokens, deposit addresses, contracts, chain identity and the devnet.
export * from './artifacts';
export { assertFactoryMatches, FactoryMismatchError } from './assertFactoryMatches';
export {
  assertChainMatches,
  ChainMismatchError,
  readChainIdentity,
  sameChain,
  type ChainIdentity,
} from './chainIdentity';
export { computeDepositAddress, depositSalt, forwarderInitCode, type DepositAddressParams } from './depositAddress';
export { startDevnet, DevnetStateError, type Devnet, type StartDevnetOptions } from './devnet';
export {
  DEVNET_ACCOUNT_COUNT,
  DEVNET_CHAIN_ID,
  DEVNET_MNEMONIC,
  devnetAccounts,
  devnetDeployer,
} from './devnetAccounts';
export { anvilRequest, mine, mintTo, reorg, tokenBalance, transferToken, type ReorgReplacement } from './devnetActions';
export { createDevnetClient, devnetChain, type DevnetClient, type DevnetClientOptions } from './devnetClient';
export {
  DEVNET_TOKEN_KEYS,
  readDevnetManifest,
  writeDevnetManifest,
  type DevnetManifest,
  type DevnetTokens,
} from './devnetManifest';
export { DEVNET_MINT_AMOUNT, DEVNET_TOKEN_DECIMALS, DEVNET_TOKENS, type DevnetTokenSpec } from './devnetTokens';
export { AnvilStartError, DEVNET_HARDFORK, type AnvilExit } from './anvilProcess';
export { resolveAnvilBinary } from './anvilBinary';
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
} from './networks';
export { depositFactoryAbiWithErrors } from './depositFactoryAbiWithErrors';
export { freePort } from './freePort';
