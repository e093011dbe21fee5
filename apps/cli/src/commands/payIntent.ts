// Pays a payment intent on the local devnet from one of its funded accounts, as a customer's wallet would: one
// ERC-20 transfer to the intent's deposit address. The gateway learns of it only from the chain.
import { createDevnetClient, DEVNET_TOKEN_DECIMALS, devnetAccounts } from '@tender/evm';
import { erc20Abi, formatUnits, getAddress, isAddress, parseUnits, type Hash } from 'viem';
import type { PaymentIntent } from '@tender/sdk';
import type { ApiTarget } from './apiTarget.ts';
import { UsageError } from './usageError.ts';

/** Mnemonic index of the devnet account that plays the customer (0 deploys, 1 is the dev vault, 7–9 are services). */
export const DEVNET_CUSTOMER_INDEX = 3;

export interface PayIntentParameters {
  intent: PaymentIntent;
  /** Decimal amount of the token (default: what is still due). */
  amount?: string | undefined;
  /** The amount in base units (instead of `amount`). */
  amountUnits?: bigint | undefined;
  /** A devnet token symbol (USDC, EURC, USDT, bridgedUSDC, plainERC20) or an address; default the intent's token. */
  token?: string | undefined;
}

export interface PayIntentReturnType {
  txHash: Hash;
  from: string;
  to: string;
  token: string;
  amountUnits: string;
  /** Decimal, for people. */
  amount: string;
}

export async function payIntent(target: ApiTarget, p: PayIntentParameters): Promise<PayIntentReturnType> {
  if (!target.devnet) throw new UsageError('No devnet here: `tender pay` sends from the local devnet of `npm start`');
  const network = p.intent.networks.find((n) => n.network === 'devnet');
  if (!network)
    throw new UsageError(`${p.intent.id} cannot be paid on the devnet (its networks: ${networkList(p.intent)})`);
  const token = resolveToken(target.devnet.tokens, p.token ?? network.token_address);
  const due = BigInt(p.intent.amount_units) - BigInt(p.intent.amount_received_units);
  const amountUnits =
    p.amountUnits ?? (p.amount !== undefined ? parseAmount(p.amount) : due > 0n ? due : BigInt(p.intent.amount_units));
  const account = devnetAccounts(DEVNET_CUSTOMER_INDEX + 1)[DEVNET_CUSTOMER_INDEX]!;
  const client = createDevnetClient(target.devnet.rpcUrl, { account, chainId: target.devnet.chainId });
  const txHash = await client.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [getAddress(network.deposit_address), amountUnits],
  });
  const receipt = await client.waitForTransactionReceipt({ hash: txHash });
  if (receipt.status !== 'success') throw new Error(`transfer ${txHash} reverted`);
  return {
    txHash,
    from: account.address,
    to: network.deposit_address,
    token,
    amountUnits: amountUnits.toString(),
    amount: formatUnits(amountUnits, DEVNET_TOKEN_DECIMALS),
  };
}

function resolveToken(tokens: Record<string, string>, symbolOrAddress: string): `0x${string}` {
  if (isAddress(symbolOrAddress)) return getAddress(symbolOrAddress);
  const address = tokens[symbolOrAddress];
  if (!address)
    throw new UsageError(`Unknown token "${symbolOrAddress}": one of ${Object.keys(tokens).join(', ')} or an address`);
  return getAddress(address);
}

function parseAmount(amount: string): bigint {
  if (!/^\d{1,12}(\.\d{1,6})?$/.test(amount) || /^0+(\.0+)?$/.test(amount)) {
    throw new UsageError(`--amount must be a positive decimal with at most 6 decimals, not "${amount}"`);
  }
  return parseUnits(amount, DEVNET_TOKEN_DECIMALS);
}

const networkList = (i: PaymentIntent) => i.networks.map((n) => n.network).join(', ') || 'none';
