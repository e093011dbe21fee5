// {GATEWAY_PUBLIC_URL}/pay/{id}: a reusable payment link. "Pay" creates a fresh payment intent for this customer
// and hands them to its checkout.
import { useEffect, useState } from 'react';
import { CheckoutAmount } from '../checkout/CheckoutAmount.tsx';
import { api, ApiError, type PublicPaymentLink } from '../shared/api.ts';
import { ErrorNotice } from '../shared/ErrorNotice.tsx';
import { safeHttpUrl } from '../shared/safeUrl.ts';

export default function PaymentLinkPage({ linkId }: { linkId: string }) {
  const [link, setLink] = useState<PublicPaymentLink>();
  const [error, setError] = useState<unknown>();
  const [inactive, setInactive] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.paymentLink(linkId).then((l) => {
      setLink(l);
      setInactive(!l.active);
    }, setError);
  }, [linkId]);

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const r = await api.startLinkPayment(linkId);
      const target = safeHttpUrl(new URL(r.checkout_url, location.href).toString());
      if (!target) throw new Error('The server gave no checkout address');
      location.assign(target);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PAYMENT_LINK_INACTIVE') setInactive(true);
      else setError(err);
      setBusy(false);
    }
  };

  if (!link) return error ? <ErrorNotice error={error} title="This payment link is not available" /> : <p>Loading…</p>;
  if (inactive) {
    return (
      <section className="card" data-testid="link-inactive">
        <p className="merchant">{link.business_name}</p>
        <h1>This payment link is no longer active</h1>
        <p>{link.business_name} has turned it off. Contact them for a new way to pay.</p>
      </section>
    );
  }
  return (
    <section className="card">
      <header className="checkout-header">
        <p className="merchant">{link.business_name}</p>
        <h1 className="title">{link.name}</h1>
        <CheckoutAmount amount={link.amount} currency={link.currency} />
        {link.description ? <p className="description">{link.description}</p> : null}
      </header>
      <button type="button" onClick={start} disabled={busy}>
        {busy ? 'Starting…' : `Pay ${link.amount} ${link.currency}`}
      </button>
      {error ? <ErrorNotice error={error} title="Could not start the payment" /> : null}
    </section>
  );
}
