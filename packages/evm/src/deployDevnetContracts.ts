// Deploys the DepositFactory and the test tokens to a fresh devnet and funds the accounts.
//
// Transactions are sent one after another with explicit consecutive nonces and their receipts awaited together.
// They must reach anvil in nonce order: with automine, a transaction that arrives before its predecessor waits in
// the pool for a block that no later transaction triggers, and its receipt never comes (seen as a rare hang). On a
// fresh chain the deployer's nonces start at 0, so the addresses are the same on every fresh devnet (the genesis
// hash, not the addresses, tells two devnets apart).
import { getAddress, type Address, type Hash } from 'viem';
import {
  depositFactoryAbi,
  depositFactoryBytecode,
  plainErc20Abi,
  plainErc20Bytecode,
  testStablecoinAbi,
  testStablecoinBytecode,
} from './artifacts.ts';
import type { DevnetClient } from './devnetClient.ts';
import { DEVNET_TOKEN_KEYS, type DevnetTokens } from './devnetManifest.ts';
import { DEVNET_MINT_AMOUNT, DEVNET_TOKEN_DECIMALS, DEVNET_TOKENS } from './devnetTokens.ts';

export interface DevnetDeployment {
  contracts: { depositFactory: Address };
  tokens: DevnetTokens;
}

/** Generous fixed gas for a mint (about 60k): skips one estimate per transaction. */
const MINT_GAS = 150_000n;

export async function deployDevnetContracts(
  client: DevnetClient,
  recipients: readonly Address[],
): Promise<DevnetDeployment> {
  let nonce = await client.getTransactionCount({ address: client.account.address, blockTag: 'pending' });

  const deployments: Hash[] = [
    await client.deployContract({ abi: depositFactoryAbi, bytecode: depositFactoryBytecode, nonce: nonce++ }),
  ];
  for (const key of DEVNET_TOKEN_KEYS) {
    const spec = DEVNET_TOKENS[key];
    deployments.push(
      spec.contract === 'TestStablecoin'
        ? await client.deployContract({
            abi: testStablecoinAbi,
            bytecode: testStablecoinBytecode,
            args: [spec.name, spec.symbol, spec.version ?? '1'],
            nonce: nonce++,
          })
        : await client.deployContract({
            abi: plainErc20Abi,
            bytecode: plainErc20Bytecode,
            args: [spec.name, spec.symbol, DEVNET_TOKEN_DECIMALS],
            nonce: nonce++,
          }),
    );
  }
  const [factory, ...tokenAddresses] = await Promise.all(
    deployments.map(async (hash) => {
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success' || !receipt.contractAddress) {
        throw new Error(`devnet deployment ${hash} failed`);
      }
      return getAddress(receipt.contractAddress);
    }),
  );
  const [USDC, EURC, USDT, bridgedUSDC, plainERC20] = tokenAddresses; // in DEVNET_TOKEN_KEYS order
  const tokens: DevnetTokens = {
    USDC: USDC!,
    EURC: EURC!,
    USDT: USDT!,
    bridgedUSDC: bridgedUSDC!,
    plainERC20: plainERC20!,
  };

  const mints: Hash[] = [];
  for (const key of DEVNET_TOKEN_KEYS) {
    for (const to of recipients) {
      mints.push(
        await client.writeContract({
          address: tokens[key],
          abi: testStablecoinAbi, // `mint(address,uint256)` is the same function on PlainERC20
          functionName: 'mint',
          args: [to, DEVNET_MINT_AMOUNT],
          gas: MINT_GAS,
          nonce: nonce++,
        }),
      );
    }
  }
  for (const hash of mints) {
    const receipt = await client.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`devnet mint ${hash} reverted`);
  }
  return { contracts: { depositFactory: factory! }, tokens };
}
