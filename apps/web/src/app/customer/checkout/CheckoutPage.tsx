// The hosted checkout at {GATEWAY_PUBLIC_URL}/checkout/{id}. What it shows is decided by checkoutState (the truth
// table); this file only lays the state's message and allowed actions out. Components take plain props (the view and
// the state), so an embedding wrapper can observe `state.name` changes and post them to the parent page.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useDocumentTitle, useI18n } from '../../shared/i18n/i18n.tsx';
import { api, type CheckoutMethod, type PublicIntent } from '../../shared/api.ts';
import { ErrorNotice } from '../../shared/ErrorNotice.tsx';
import { SupportContact } from '../../shared/SupportContact.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { safeHttpUrl } from '../../shared/safeUrl.ts';
import { CheckoutAmount } from './CheckoutAmount.tsx';
import { checkoutState, has, type CheckoutState } from './checkoutState.ts';
import { DepositAddress } from './DepositAddress.tsx';
import { ExpiryCountdown } from './ExpiryCountdown.tsx';
import { MethodChoice } from './MethodChoice.tsx';
import { NetworkChoice } from './NetworkChoice.tsx';
import { StateMessage } from './StateMessage.tsx';
import { useEmbeddingReports } from './useEmbeddingReports.ts';
import { usePublicIntent } from './usePublicIntent.ts';

// viem and the wallet flow load only when the customer chooses to pay with a wallet.
const WalletPay = lazy(() => import('./WalletPay.tsx'));

const REDIRECT_AFTER_MS = 3000;

export default function CheckoutPage({
  intentId,
  onState,
}: {
  intentId: string;
  /** Called when the page's state changes (e.g. for an embedding wrapper to post `paid` / `expired` to its parent). */
  onState?: (state: CheckoutState, intent: PublicIntent) => void;
}) {
  const { t } = useI18n();
  const { intent, error, clockOffsetMs, refresh } = usePublicIntent(intentId);
  useEmbeddingReports(intent);
  useDocumentTitle(!intent && error ? t('checkout.unavailable') : undefined);
  const stateName = intent ? checkoutState(intent).name : undefined;
  useEffect(() => {
    if (intent && onState) onState(checkoutState(intent), intent);
    // Only a change of state is news; a poll that changes nothing else is not.
  }, [stateName]);
  if (!intent) {
    return error ? <ErrorNotice error={error} title={t('checkout.unavailable')} /> : <p>{t('app.loading')}</p>;
  }
  return <Checkout intent={intent} state={checkoutState(intent)} clockOffsetMs={clockOffsetMs} refresh={refresh} />;
}

export function Checkout({
  intent,
  state,
  clockOffsetMs,
  refresh,
}: {
  intent: PublicIntent;
  state: CheckoutState;
  clockOffsetMs: number;
  refresh: () => Promise<void>;
}) {
  const { t, money } = useI18n();
  const [network, setNetwork] = useState(intent.networks[0]?.network);
  const methods = intent.checkout_methods.filter(
    (m) => m !== 'WALLET' || intent.networks.some((n) => n.wallet_checkout_supported),
  );
  const [method, setMethod] = useState<CheckoutMethod>(methods.includes('ADDRESS') ? 'ADDRESS' : 'WALLET');
  const net = intent.networks.find((n) => n.network === network) ?? intent.networks[0];
  const success = safeHttpUrl(intent.success_url);
  const cancel = safeHttpUrl(intent.cancel_url);
  const merchant = intent.business_name;
  const title = t(`${state.message}.title`, { excess: money(state.amounts.excess, intent.currency) });
  useDocumentTitle(t('app.docTitle', { page: title, merchant }));

  useEffect(() => {
    if (!state.paid || !success) return;
    const timer = setTimeout(() => location.assign(success), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [state.paid, success]);

  const due = money(state.amounts.due, intent.currency);
  return (
    <section className="card" aria-labelledby="merchant" data-state={state.name}>
      <PageHeader merchant={merchant} livemode={intent.livemode} />
      <CheckoutAmount amount={intent.amount} currency={intent.currency} />
      {intent.description ? <p className="description">{intent.description}</p> : null}
      {intent.order_reference ? <p className="muted">{t('checkout.order', { ref: intent.order_reference })}</p> : null}
      {has(state, 'countdown') ? <ExpiryCountdown expiresAt={intent.expires_at} clockOffsetMs={clockOffsetMs} /> : null}

      <div className="status" aria-live="polite" data-testid="status">
        <StateMessage intent={intent} state={state} title={title} />
        <SupportContact of={intent} />
      </div>

      {has(state, 'open') ? (
        <OpenPayment intent={intent} network={network} onNetwork={setNetwork} onOpened={refresh} />
      ) : null}

      {has(state, 'pay') && net ? (
        <>
          <NetworkChoice networks={intent.networks} selected={network} onSelect={setNetwork} />
          <MethodChoice methods={methods} selected={method} onSelect={setMethod} />
          {method === 'ADDRESS' ? (
            <DepositAddress network={net} amount={due} units={state.dueUnits} merchant={merchant} />
          ) : (
            <Suspense fallback={<p>{t('checkout.loadingWallet')}</p>}>
              <WalletPay
                network={net}
                amount={due}
                units={state.dueUnits}
                merchant={merchant}
                fallback={<DepositAddress network={net} amount={due} units={state.dueUnits} merchant={merchant} />}
              />
            </Suspense>
          )}
        </>
      ) : null}

      {has(state, 'reference') ? (
        <p className="muted" data-testid="reference">
          {intent.order_reference
            ? t('checkout.reference', { ref: intent.order_reference })
            : t('checkout.paymentId', { id: intent.id })}
        </p>
      ) : null}
      {has(state, 'return') && success ? (
        <p>
          <a className="button" href={success}>
            {t('checkout.return', { merchant })}
          </a>
        </p>
      ) : null}
      {has(state, 'cancel') && cancel ? (
        <p className="cancel">
          <a href={cancel}>{t('checkout.cancel', { merchant })}</a>
        </p>
      ) : null}
    </section>
  );
}

/** A payment from a link or an invoice starts CREATED: the customer picks the network, then it opens. */
function OpenPayment({
  intent,
  network,
  onNetwork,
  onOpened,
}: {
  intent: PublicIntent;
  network: string | undefined;
  onNetwork: (n: string) => void;
  onOpened: () => Promise<void>;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const open = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await api.openPaymentIntent(intent.id, network);
      await onOpened();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="method">
      <NetworkChoice networks={intent.networks} selected={network} onSelect={onNetwork} />
      <button type="button" onClick={open} disabled={busy}>
        {busy ? t('checkout.preparing') : t('checkout.continue')}
      </button>
      {error ? <ErrorNotice error={error} title={t('checkout.openFailed')} /> : null}
    </div>
  );
}
