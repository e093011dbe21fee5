// What may receive a merchant's funds. A deposit address can pay only its vault, forever, so a vault that cannot
// move funds out (a token contract, the deposit factory, any other contract) would strand every payment made to
// it. An address with code is accepted only when the merchant declares it a smart-contract wallet, and even then
// never when it answers as an ERC-20 token.
import { createRpcPublicClient } from '@tender/evm';
import { encodeFunctionData, erc20Abi, type Address, type PublicClient } from 'viem';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import type { GatewayNetwork } from '../networks/registry.ts';

export interface VaultAddressCheckParameters {
  network: GatewayNetwork;
  /** Lowercase 0x address. */
  address: string;
  smartContractWallet: boolean;
}

const rejected = (message: string, detail: string) =>
  new GatewayError('VAULT_ADDRESS_REJECTED', message, { details: [{ path: 'address', message: detail }] });

const clients = new WeakMap<GatewayNetwork, PublicClient>();
/** The client that reads a network for vault checks (code, token answers, EIP-1271 signatures). Needs its RPC URL. */
export function vaultChainClient(network: GatewayNetwork): PublicClient {
  let c = clients.get(network);
  if (!c) clients.set(network, (c = createRpcPublicClient(network.rpcUrl!, { retryCount: 1, timeoutMs: 5_000 })));
  return c;
}

/**
 * Answers whether the address has code; throws VAULT_ADDRESS_REJECTED (400) for an official token, the deposit factory, an address with code not declared
 * a smart-contract wallet, or a declared one that answers `totalSupply()` like a token; SERVICE_UNAVAILABLE (503)
 * when the chain cannot be read (an address is never accepted unchecked). A network without an RPC URL is not
 * available for payments; its vault is checked against the token and factory addresses only, and the code check
 * runs when the vault is set again once the network is configured.
 */
export async function checkVaultAddress(
  ctx: GatewayContext,
  p: VaultAddressCheckParameters,
): Promise<{ hasCode: boolean }> {
  const { network, address } = p;
  const token = Object.values(network.tokens).find((tk) => tk.address.toLowerCase() === address);
  if (token)
    throw rejected(
      `${address} is the ${token.symbol} token contract on ${network.id}; funds sent to it would be lost`,
      'is a token contract',
    );
  if (network.factory && network.factory.toLowerCase() === address)
    throw rejected(`${address} is Tender's deposit factory on ${network.id}, not a wallet`, 'is the deposit factory');
  if (!network.rpcUrl) return { hasCode: false };
  const client = vaultChainClient(network);
  let code: string | undefined;
  let answersAsToken = false;
  try {
    code = await client.getCode({ address: address as Address });
    if (code && code !== '0x' && p.smartContractWallet) {
      const r = await client
        .call({ to: address as Address, data: encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' }) })
        .catch(() => ({ data: undefined }));
      answersAsToken = r.data !== undefined && r.data.length === 66;
    }
  } catch (err) {
    ctx.logger.warn({ network: network.id, err: (err as Error).message.split('\n')[0] }, 'vault code check failed');
    throw new GatewayError('SERVICE_UNAVAILABLE', `Could not read ${network.id} to check the vault address; try again`);
  }
  if (!code || code === '0x') return { hasCode: false };
  if (!p.smartContractWallet)
    throw rejected(
      `${address} is a contract on ${network.id}; a vault must be an account you control. If it is a ` +
        'smart-contract wallet (a multisig or smart account) that can send tokens, set smart_contract_wallet: true',
      'has code and is not declared a smart-contract wallet',
    );
  if (answersAsToken)
    throw rejected(
      `${address} answers totalSupply() like a token contract on ${network.id}; a token contract cannot be a vault`,
      'is a token contract',
    );
  return { hasCode: true };
}
