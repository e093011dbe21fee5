// A local anvil made to play a public testnet: the devnet's test stablecoin (or a token with other decimals) placed
// at the issuer's address of that network (anvil_setCode and the contract's plain storage slots), so that the
// gateway, doctor and the watcher meet "USDC" exactly where the network registry says it is.
import {
  anvilRequest,
  plainErc20Abi,
  plainErc20Bytecode,
  testStablecoinAbi,
  testStablecoinBytecode,
  type DevnetClient,
} from '@tender/evm';
import { pad, toHex, type Address } from 'viem';

/**
 * Storage slots holding plain values in the devnet tokens (ERC20.sol: name, symbol, totalSupply, then the balance
 * and allowance mappings; TestStablecoin adds version). Mappings live at hashed slots: nothing there is copied,
 * so balances start at zero at the new address.
 */
const PLAIN_SLOTS = 8;

async function placeAt(client: DevnetClient, deployed: Address, target: Address): Promise<void> {
  const code = await client.getCode({ address: deployed });
  await anvilRequest(client, 'anvil_setCode', [target, code]);
  for (let slot = 0; slot < PLAIN_SLOTS; slot++) {
    const key = pad(toHex(slot), { size: 32 });
    const value = await client.getStorageAt({ address: deployed, slot: key });
    await anvilRequest(client, 'anvil_setStorageAt', [target, key, value ?? pad('0x0', { size: 32 })]);
  }
}

async function deployed(client: DevnetClient, hash: `0x${string}`): Promise<Address> {
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('deployment failed');
  return receipt.contractAddress;
}

/** The devnet's TestStablecoin (6 decimals, EIP-3009) at `target`; `client`'s account (the deployer) may mint. */
export async function placeStablecoin(
  client: DevnetClient,
  target: Address,
  name: string,
  symbol: string,
): Promise<void> {
  const hash = await client.deployContract({
    abi: testStablecoinAbi,
    bytecode: testStablecoinBytecode,
    args: [name, symbol, '2'],
  });
  await placeAt(client, await deployed(client, hash), target);
}

/** A plain ERC-20 with `decimals` at `target` (doctor must call it out). */
export async function placePlainToken(
  client: DevnetClient,
  target: Address,
  symbol: string,
  decimals: number,
): Promise<void> {
  const hash = await client.deployContract({
    abi: plainErc20Abi,
    bytecode: plainErc20Bytecode,
    args: [symbol, symbol, decimals],
  });
  await placeAt(client, await deployed(client, hash), target);
}
