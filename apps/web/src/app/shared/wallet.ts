// Talking to an injected EIP-1193 wallet: its error codes in people's words, and putting it on a given chain.
import { numberToHex, type EIP1193Provider } from 'viem';
import type { PublicNetwork } from './api.ts';

export function rpcCode(err: unknown): number | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const c = typeof e?.code === 'number' ? e.code : e?.cause?.code;
  return typeof c === 'number' ? c : undefined;
}

export function walletMessage(err: unknown): string {
  if (rpcCode(err) === 4001) return 'You rejected the request in your wallet.';
  const e = err as { shortMessage?: unknown; message?: unknown };
  const m = typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : '';
  return m ? `Your wallet reported: ${m.split('\n')[0]}` : 'Your wallet could not send the payment.';
}

/** Puts the wallet on the payment's chain: switch, or add it first when the wallet does not know it (4902). */
export async function ensureChain(
  provider: EIP1193Provider,
  net: Pick<PublicNetwork, 'chain_id' | 'name' | 'rpc_url' | 'explorer_url'>,
): Promise<void> {
  const current = Number(await provider.request({ method: 'eth_chainId' }));
  if (current === net.chain_id) return;
  const chainId = numberToHex(net.chain_id);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (err) {
    if (rpcCode(err) !== 4902) throw err;
    if (!net.rpc_url) throw new Error(`Add ${net.name} to your wallet, then try again.`);
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: net.name,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: [net.rpc_url],
          ...(net.explorer_url ? { blockExplorerUrls: [net.explorer_url] } : {}),
        },
      ],
    });
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  }
  const now = Number(await provider.request({ method: 'eth_chainId' }));
  if (now !== net.chain_id) throw new Error(`Switch your wallet to ${net.name}, then try again.`);
}
