// {GATEWAY_PUBLIC_URL}/pay/{id}: a reusable payment link. "Pay" creates a fresh payment intent for this customer
// and hands them to its checkout (which starts CREATED: no clock runs until the customer continues there).
import { useEffect, useState } from 'react';
import { CheckoutAmount } from '../checkout/CheckoutAmount.tsx';
import { useDocumentTitle, useI18n } from '../../shared/i18n/i18n.tsx';
import { api, ApiError, type PublicPaymentLink } from '../../shared/api.ts';
import { ErrorNotice } from '../../shared/ErrorNotice.tsx';
import { SupportContact } from '../../shared/SupportContact.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { safeHttpUrl } from '../../shared/safeUrl.ts';

export default function PaymentLinkPage({ linkId }: { linkId: string }) {
  const { t, money } = useI18n();
  const [link, setLink] = useState<PublicPaymentLink>();
  const [error, setError] = useState<unknown>();
  const [inactive, setInactive] = useState(false);
  // The merchant's setup keeps it from taking payments (no vault): said in the customer's words, with their contact,
  // before Pay when the link's view says so (accepting_payments), else when Pay is refused (it changed meanwhile).
  const [notReady, setNotReady] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.paymentLink(linkId).then((l) => {
      setLink(l);
      setInactive(!l.active);
      setNotReady(!l.accepting_payments);
    }, setError);
  }, [linkId]);

  const page = !link
    ? error
      ? t('link.unavailable')
      : undefined
    : t('app.docTitle', {
        page: inactive ? t('link.inactive.title') : notReady ? t('link.notReady.title') : link.name,
        merchant: link.business_name,
      });
  useDocumentTitle(page);

  const start = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const r = await api.startLinkPayment(linkId);
      const target = safeHttpUrl(new URL(r.checkout_url, location.href).toString());
      if (!target) throw new Error(t('link.noCheckout'));
      // The checkout keeps the reader's language.
      const url = new URL(target);
      if (!url.searchParams.has('locale'))
        url.searchParams.set(
          'locale',
          new URL(location.href).searchParams.get('locale') ?? document.documentElement.lang,
        );
      location.assign(url.toString());
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PAYMENT_LINK_INACTIVE') setInactive(true);
      else if (err instanceof ApiError && err.code === 'MERCHANT_NOT_READY') setNotReady(true);
      else setError(err);
      setBusy(false);
    }
  };

  if (!link) return error ? <ErrorNotice error={error} title={t('link.unavailable')} /> : <p>{t('app.loading')}</p>;
  if (inactive) {
    return (
      <section className="card" data-testid="link-inactive">
        <PageHeader merchant={link.business_name} livemode={link.livemode} />
        <h1>{t('link.inactive.title')}</h1>
        <p>{t('link.inactive.body', { merchant: link.business_name })}</p>
        <SupportContact of={link} />
      </section>
    );
  }
  if (notReady) {
    return (
      <section className="card" data-testid="link-not-ready" role="alert">
        <PageHeader merchant={link.business_name} livemode={link.livemode} />
        <h1>{t('link.notReady.title')}</h1>
        <p>{t('link.notReady.body', { merchant: link.business_name })}</p>
        <SupportContact of={link} />
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="merchant">
      <PageHeader merchant={link.business_name} livemode={link.livemode} />
      <h1 className="title">{link.name}</h1>
      <CheckoutAmount amount={link.amount} currency={link.currency} />
      {link.description ? <p className="description">{link.description}</p> : null}
      <p className="muted">{t('link.clock')}</p>
      <button type="button" onClick={start} disabled={busy}>
        {busy ? t('link.starting') : t('link.pay', { amount: money(link.amount, link.currency) })}
      </button>
      {error ? <ErrorNotice error={error} title={t('link.startFailed')} /> : null}
      <SupportContact of={link} />
    </section>
  );
}
