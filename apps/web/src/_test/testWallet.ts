// An injected EIP-1193 wallet for browser tests: the page sees a provider announced through EIP-6963 (and as
// window.ethereum); every request crosses to Node through page.exposeFunction, where a viem local account of a
// devnet account signs and the devnet answers. The wallet starts on another chain and does not know the devnet
// until the page adds it (wallet_addEthereumChain), like a real wallet; `knownChainIds` are chains it knows already
// (a public testnet a real wallet ships with, whose RPC URL the gateway does not hand out).
import type { DevnetClient } from '@tender/evm';
import type { Page } from 'playwright-core';
import { numberToHex, type Hex } from 'viem';

export interface TestWallet {
  /** Every wallet_* call as "method chainId", in order. */
  calls: string[];
  /** Hashes of the transactions sent. */
  sent: Hex[];
}

export async function installTestWallet(
  page: Page,
  opts: { client: DevnetClient; startChainId: number; knownChainIds?: number[] },
): Promise<TestWallet> {
  const { client } = opts;
  const devnetChainId = await client.getChainId();
  let chainId = opts.startChainId;
  const known = new Set([opts.startChainId, ...(opts.knownChainIds ?? [])]);
  const wallet: TestWallet = { calls: [], sent: [] };
  const fail = (code: number, message: string) => ({ error: { code, message } });

  await page.exposeFunction('__tenderTestWallet', async (method: string, params: unknown[]) => {
    try {
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return { result: [client.account.address] };
        case 'eth_chainId':
          return { result: numberToHex(chainId) };
        case 'wallet_switchEthereumChain': {
          const id = Number((params[0] as { chainId: string }).chainId);
          wallet.calls.push(`${method} ${numberToHex(id)}`);
          if (!known.has(id)) return fail(4902, 'Unrecognized chain ID');
          chainId = id;
          return { result: null };
        }
        case 'wallet_addEthereumChain': {
          const p = params[0] as { chainId: string; rpcUrls: string[] };
          wallet.calls.push(`${method} ${p.chainId}`);
          known.add(Number(p.chainId));
          return { result: null };
        }
        case 'personal_sign': {
          // EIP-191 signing needs no chain: the account signs whatever network the wallet is on.
          const [data, from] = params as [Hex, string];
          if (from.toLowerCase() !== client.account.address.toLowerCase()) return fail(4100, 'unknown account');
          wallet.calls.push(method);
          return { result: await client.account.signMessage({ message: { raw: data } }) };
        }
        case 'eth_sendTransaction': {
          if (chainId !== devnetChainId) return fail(4901, 'wallet is on another chain');
          const tx = params[0] as { to: Hex; data: Hex; value?: Hex };
          const hash = await client.sendTransaction({
            to: tx.to,
            data: tx.data,
            ...(tx.value ? { value: BigInt(tx.value) } : {}),
          });
          wallet.sent.push(hash);
          return { result: hash };
        }
        default:
          if (chainId !== devnetChainId) return fail(4901, `not connected to chain ${numberToHex(chainId)}`);
          return { result: await client.request({ method: method as never, params: params as never }) };
      }
    } catch (err) {
      return fail(-32603, (err as Error).message);
    }
  });

  // Runs in the page before its own scripts (plain JavaScript: it is the page's, not Node's).
  await page.addInitScript({
    content: `(() => {
      const bridge = window.__tenderTestWallet;
      const provider = {
        async request({ method, params }) {
          const r = await bridge(method, params ?? []);
          if (r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
          return r.result;
        },
        on() {},
        removeListener() {},
      };
      const info = { uuid: '5e0b2b1e-0000-4000-8000-000000000001', name: 'Devnet Test Wallet', rdns: 'test.tender.wallet' };
      const announce = () =>
        window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    })();`,
  });
  return wallet;
}
