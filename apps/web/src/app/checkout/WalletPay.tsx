// Pay from a browser wallet: discover injected wallets (EIP-6963, else window.ethereum), connect, switch to (or
// add) the payment's chain, and send the exact ERC-20 transfer to the deposit address with viem. Progress after
// the transaction comes from the gateway's status (the chain watcher), like any other payment.
import { useEffect, useState } from 'react';
import { createWalletClient, custom, encodeFunctionData, erc20Abi, type EIP1193Provider } from 'viem';
import type { PublicNetwork } from '../shared/api.ts';
import { groupDigits, shortHash } from '../shared/format.ts';
import { ensureChain, walletMessage } from '../shared/wallet.ts';
import { TokenWarning } from './TokenWarning.tsx';

interface Wallet {
  id: string;
  name: string;
  icon: string | undefined;
  provider: EIP1193Provider;
}

interface AnnounceDetail {
  info: { uuid: string; name: string; icon?: string; rdns?: string };
  provider: EIP1193Provider;
}

declare global {
  interface WindowEventMap {
    'eip6963:announceProvider': CustomEvent<AnnounceDetail>;
  }
  interface Window {
    ethereum?: EIP1193Provider;
  }
}

/** Wallets announced through EIP-6963 (several may be installed); the legacy window.ethereum when none is. */
function useWallets(): Wallet[] {
  const [wallets, setWallets] = useState<Wallet[]>([]);
  useEffect(() => {
    const onAnnounce = (e: CustomEvent<AnnounceDetail>) => {
      const { info, provider } = e.detail;
      setWallets((ws) =>
        ws.some((w) => w.id === info.uuid)
          ? ws
          : [
              ...ws,
              {
                id: info.uuid,
                name: info.name,
                icon: info.icon?.startsWith('data:image/') ? info.icon : undefined,
                provider,
              },
            ],
      );
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    const legacy = setTimeout(() => {
      setWallets((ws) =>
        ws.length === 0 && window.ethereum
          ? [{ id: 'injected', name: 'Browser wallet', icon: undefined, provider: window.ethereum }]
          : ws,
      );
    }, 300);
    return () => {
      window.removeEventListener('eip6963:announceProvider', onAnnounce);
      clearTimeout(legacy);
    };
  }, []);
  return wallets;
}

type Step =
  | { kind: 'idle' }
  | { kind: 'busy'; text: string }
  | { kind: 'sent'; hash: string }
  | { kind: 'failed'; message: string };

export default function WalletPay({
  network,
  amount,
  units,
}: {
  network: PublicNetwork;
  amount: string;
  units: string;
}) {
  const wallets = useWallets();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const pay = async (wallet: Wallet) => {
    const provider = wallet.provider;
    try {
      setStep({ kind: 'busy', text: `Connecting to ${wallet.name}…` });
      const [account] = await provider.request({ method: 'eth_requestAccounts' });
      if (!account) throw new Error('The wallet shared no account');
      setStep({ kind: 'busy', text: `Switching to ${network.name}…` });
      await ensureChain(provider, network);
      setStep({ kind: 'busy', text: 'Confirm the payment in your wallet…' });
      const client = createWalletClient({ account, transport: custom(provider) });
      const hash = await client.sendTransaction({
        account,
        chain: null,
        to: network.token_address,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [network.deposit_address, BigInt(units)],
        }),
      });
      setStep({ kind: 'sent', hash });
    } catch (err) {
      setStep({ kind: 'failed', message: walletMessage(err) });
    }
  };

  return (
    <div className="method" data-testid="wallet-method">
      <p>
        Pay{' '}
        <strong>
          {groupDigits(amount)} {network.token_symbol}
        </strong>{' '}
        on <strong>{network.name}</strong> from your wallet.
      </p>
      {wallets.length === 0 ? (
        <p className="muted">No browser wallet found. Install one, or send to the address instead.</p>
      ) : (
        <ul className="wallets">
          {wallets.map((w) => (
            <li key={w.id}>
              <button type="button" onClick={() => pay(w)} disabled={step.kind === 'busy' || step.kind === 'sent'}>
                {w.icon ? <img src={w.icon} alt="" width={20} height={20} /> : null}
                Pay with {w.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite" data-testid="wallet-step">
        {step.kind === 'busy' ? <p>{step.text}</p> : null}
        {step.kind === 'sent' ? (
          <p>
            Transaction sent: <code title={step.hash}>{shortHash(step.hash)}</code>
            {network.explorer_url ? (
              <>
                {' '}
                <a href={`${network.explorer_url}/tx/${step.hash}`}>View</a>
              </>
            ) : null}
            . Waiting for the network to confirm it.
          </p>
        ) : null}
        {step.kind === 'failed' ? <p role="alert">{step.message}</p> : null}
      </div>
      <TokenWarning network={network} />
    </div>
  );
}
