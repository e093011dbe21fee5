// Small helpers for driving the devnet from tests and tools: mint, transfer, read balances, mine, reorg.
// Writes wait for the receipt and throw if the transaction reverted.
import { erc20Abi, type Address, type Client, type Hex, type TransactionReceipt } from 'viem';
import { readContract } from 'viem/actions';
import { testStablecoinAbi } from './artifacts.ts';
import type { DevnetClient } from './devnetClient.ts';

async function confirmed(client: DevnetClient, hash: Hex, what: string): Promise<TransactionReceipt> {
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (${hash})`);
  return receipt;
}

/** Mints `amount` base units of a devnet token to `to`. The client's account must be the deployer (owner). */
export async function mintTo(
  client: DevnetClient,
  token: Address,
  to: Address,
  amount: bigint,
): Promise<TransactionReceipt> {
  const hash = await client.writeContract({
    address: token,
    abi: testStablecoinAbi,
    functionName: 'mint',
    args: [to, amount],
  });
  return confirmed(client, hash, `mint of ${amount} to ${to}`);
}

/** Transfers `amount` base units of an ERC-20 from the client's account to `to`. */
export async function transferToken(
  client: DevnetClient,
  token: Address,
  to: Address,
  amount: bigint,
): Promise<TransactionReceipt> {
  const hash = await client.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  });
  return confirmed(client, hash, `transfer of ${amount} to ${to}`);
}

export function tokenBalance(client: Client, token: Address, owner: Address): Promise<bigint> {
  return readContract(client, { address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
}

/** Mines `blocks` blocks now (works in automine and interval mode). */
export async function mine(client: DevnetClient, blocks = 1): Promise<void> {
  await client.mine({ blocks });
}

/** A signed raw transaction to re-include during a reorg, in the given new block (0 = first replaced block). */
export interface ReorgReplacement {
  rawTransaction: Hex;
  block: number;
}

/**
 * Replaces the last `depth` blocks with new ones (anvil_reorg): their transactions disappear unless listed in
 * `replacements`. Every replaced block gets a new hash, as in a real reorg.
 */
export async function reorg(
  client: Client,
  depth: number,
  replacements: readonly ReorgReplacement[] = [],
): Promise<void> {
  if (!Number.isInteger(depth) || depth < 1) throw new RangeError('depth must be a positive integer');
  await anvilRequest(client, 'anvil_reorg', [depth, replacements.map((r) => [r.rawTransaction, r.block])]);
}

/** Sends an anvil-specific JSON-RPC request that viem's typed schema does not list. */
export async function anvilRequest<T = unknown>(client: Client, method: string, params: unknown[]): Promise<T> {
  const request = client.request as unknown as (args: { method: string; params: unknown[] }) => Promise<unknown>;
  return (await request({ method, params })) as T;
}
