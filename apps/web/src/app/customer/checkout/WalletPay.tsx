// Pay from a browser wallet: discover injected wallets (EIP-6963, else window.ethereum), connect, switch to (or
// add) the payment's chain, and send the exact ERC-20 transfer to the deposit address with viem. Progress after
// the transaction comes from the gateway's status (the chain watcher), like any other payment.
import { useState, type ReactNode } from 'react';
import { createWalletClient, custom, encodeFunctionData, erc20Abi, getAddress } from 'viem';
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { PublicNetwork } from '../../shared/api.ts';
import { shortHash } from '../../shared/format.ts';
import { useInjectedWallets, type InjectedWallet } from '../../shared/useInjectedWallet.ts';
import { ensureChain, rpcCode } from '../../shared/wallet.ts';
import { TokenWarning } from './TokenWarning.tsx';

/** Wallets announced through EIP-6963; the legacy window.ethereum when none is. Undefined while still looking. */
const useWallets = () => useInjectedWallets('Wallet');

/** The first line of what the wallet said (in its own language). */
function walletReason(err: unknown): string {
  const e = err as { shortMessage?: unknown; message?: unknown };
  const m = typeof e?.shortMessage === 'string' ? e.shortMessage : typeof e?.message === 'string' ? e.message : '';
  return m.split('\n')[0] ?? '';
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
  merchant,
  fallback,
}: {
  network: PublicNetwork;
  /** The amount due, already formatted as money. */
  amount: string;
  units: string;
  merchant: string;
  /** Shown when this browser has no wallet: the address, QR and "Open in wallet" link. */
  fallback: ReactNode;
}) {
  const { t, tx } = useI18n();
  const wallets = useWallets();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const pay = async (wallet: InjectedWallet) => {
    const provider = wallet.provider;
    try {
      setStep({ kind: 'busy', text: t('checkout.connecting', { wallet: wallet.name }) });
      const [account] = await provider.request({ method: 'eth_requestAccounts' });
      if (!account) throw new Error('no account');
      setStep({ kind: 'busy', text: t('checkout.switching', { network: network.name }) });
      await ensureChain(provider, network);
      setStep({ kind: 'busy', text: t('checkout.confirmInWallet') });
      const client = createWalletClient({ account, transport: custom(provider) });
      const hash = await client.sendTransaction({
        account,
        chain: null,
        // The API serves checksummed or lower-case hex; getAddress refuses anything else before the wallet sees it.
        to: getAddress(network.token_address),
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [getAddress(network.deposit_address), BigInt(units)],
        }),
      });
      setStep({ kind: 'sent', hash });
    } catch (err) {
      // The wallet's own words stay as it wrote them (its language); ours are translated.
      setStep({
        kind: 'failed',
        message:
          rpcCode(err) === 4001
            ? t('checkout.walletRejected')
            : t('checkout.walletFailed', { reason: walletReason(err) }),
      });
    }
  };

  return (
    <div className="method" data-testid="wallet-method">
      <p>{tx('checkout.walletPay', { amount: <strong>{amount}</strong>, network: <strong>{network.name}</strong> })}</p>
      {wallets === undefined ? null : wallets.length === 0 ? (
        <>
          <p className="muted" data-testid="no-wallet">
            {t('checkout.noWallet')}
          </p>
          {fallback}
        </>
      ) : (
        <ul className="wallets">
          {wallets.map((w) => (
            <li key={w.id}>
              <button type="button" onClick={() => pay(w)} disabled={step.kind === 'busy' || step.kind === 'sent'}>
                {w.icon ? <img src={w.icon} alt="" width={20} height={20} /> : null}
                {t('checkout.payWith', { wallet: w.name })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div aria-live="polite" data-testid="wallet-step">
        {step.kind === 'busy' ? <p>{step.text}</p> : null}
        {step.kind === 'sent' ? (
          <p>
            {tx('checkout.txSent', { hash: <code title={step.hash}>{shortHash(step.hash)}</code> })}
            {network.explorer_url ? (
              <>
                {' '}
                <a href={`${network.explorer_url}/tx/${step.hash}`}>{t('checkout.viewTx')}</a>
              </>
            ) : null}
          </p>
        ) : null}
        {step.kind === 'failed' ? <p role="alert">{step.message}</p> : null}
      </div>
      {wallets?.length ? <TokenWarning network={network} merchant={merchant} /> : null}
    </div>
  );
}
