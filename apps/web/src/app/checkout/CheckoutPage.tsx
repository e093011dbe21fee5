// The hosted checkout at {GATEWAY_PUBLIC_URL}/checkout/{id}.
import { lazy, Suspense, useEffect, useState } from 'react';
import { api, type CheckoutMethod, type PublicIntent } from '../shared/api.ts';
import { ErrorNotice } from '../shared/ErrorNotice.tsx';
import { safeHttpUrl } from '../shared/safeUrl.ts';
import { CheckoutAmount } from './CheckoutAmount.tsx';
import { DepositAddress } from './DepositAddress.tsx';
import { ExpiryCountdown } from './ExpiryCountdown.tsx';
import { MethodChoice } from './MethodChoice.tsx';
import { NetworkChoice } from './NetworkChoice.tsx';
import { isPaid, StatusHeadline } from './PaymentProgress.tsx';
import { useEmbeddingReports } from './useEmbeddingReports.ts';
import { usePublicIntent } from './usePublicIntent.ts';

// viem and the wallet flow load only when the customer chooses to pay with a wallet.
const WalletPay = lazy(() => import('./WalletPay.tsx'));

const REDIRECT_AFTER_MS = 3000;

/** Whether the customer can (still) send funds from this page. */
function acceptsPayment(i: PublicIntent): boolean {
  if (BigInt(i.amount_remaining_units) === 0n) return false;
  return ['AWAITING_PAYMENT', 'DETECTED', 'CONFIRMING', 'UNDERPAID', 'INVALID_ASSET'].includes(i.status);
}

export default function CheckoutPage({ intentId }: { intentId: string }) {
  const { intent, error, clockOffsetMs, refresh } = usePublicIntent(intentId);
  useEmbeddingReports(intent);
  if (!intent) {
    return error ? <ErrorNotice error={error} title="This payment page is not available" /> : <p>Loading…</p>;
  }
  return <Checkout intent={intent} clockOffsetMs={clockOffsetMs} refresh={refresh} />;
}

function Checkout({
  intent,
  clockOffsetMs,
  refresh,
}: {
  intent: PublicIntent;
  clockOffsetMs: number;
  refresh: () => Promise<void>;
}) {
  const [network, setNetwork] = useState(intent.networks[0]?.network);
  const methods = intent.checkout_methods.filter(
    (m) => m !== 'WALLET' || intent.networks.some((n) => n.wallet_checkout_supported),
  );
  const [method, setMethod] = useState<CheckoutMethod>(methods.includes('ADDRESS') ? 'ADDRESS' : 'WALLET');
  const net = intent.networks.find((n) => n.network === network) ?? intent.networks[0];
  const success = safeHttpUrl(intent.success_url);
  const cancel = safeHttpUrl(intent.cancel_url);
  const paid = isPaid(intent.status);

  useEffect(() => {
    if (!paid || !success) return;
    const t = setTimeout(() => location.assign(success), REDIRECT_AFTER_MS);
    return () => clearTimeout(t);
  }, [paid, success]);

  // The amount still to pay: all of it, or the remainder after a partial payment (same address).
  const partial = BigInt(intent.amount_received_units) > 0n;
  const dueAmount = partial ? intent.amount_remaining : intent.amount;
  const dueUnits = partial ? intent.amount_remaining_units : intent.amount_units;

  return (
    <section className="card" aria-labelledby="merchant">
      <header className="checkout-header">
        <p className="merchant" id="merchant">
          {intent.business_name}
          {intent.livemode ? null : <span className="badge">Test mode</span>}
        </p>
        <CheckoutAmount amount={intent.amount} currency={intent.currency} />
        {intent.description ? <p className="description">{intent.description}</p> : null}
        {intent.order_reference ? <p className="muted">Order {intent.order_reference}</p> : null}
        {!paid && intent.status !== 'EXPIRED' ? (
          <ExpiryCountdown expiresAt={intent.expires_at} clockOffsetMs={clockOffsetMs} />
        ) : null}
      </header>

      <div className="status" aria-live="polite" data-testid="status">
        <StatusHeadline intent={intent} />
      </div>

      {intent.status === 'CREATED' ? (
        <OpenPayment intent={intent} network={network} onNetwork={setNetwork} onOpened={refresh} />
      ) : null}

      {acceptsPayment(intent) && net ? (
        <>
          <NetworkChoice networks={intent.networks} selected={network} onSelect={setNetwork} />
          <MethodChoice methods={methods} selected={method} onSelect={setMethod} />
          {method === 'ADDRESS' ? (
            <DepositAddress network={net} amount={dueAmount} units={dueUnits} />
          ) : (
            <Suspense fallback={<p>Loading wallet support…</p>}>
              <WalletPay network={net} amount={dueAmount} units={dueUnits} />
            </Suspense>
          )}
        </>
      ) : null}

      {paid && success ? (
        <p>
          <a className="button" href={success}>
            Return to {intent.business_name}
          </a>
        </p>
      ) : null}
      {!paid && cancel ? (
        <p className="cancel">
          <a href={cancel}>Cancel and return to {intent.business_name}</a>
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
        {busy ? 'Preparing…' : 'Continue to payment'}
      </button>
      {error ? <ErrorNotice error={error} title="Could not start the payment" /> : null}
    </div>
  );
}
