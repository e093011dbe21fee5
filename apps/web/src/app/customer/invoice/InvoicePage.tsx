// {GATEWAY_PUBLIC_URL}/invoice/{id}: the invoice as the customer sees it, with "Pay" into its checkout and the PDF.
// Once its payment has begun, the invoice shows what the payment's truth table says (checkout/checkoutState.ts):
// the amount still due after a partial payment, and a way to pay only while the checkout accepts one and the
// merchant can take it (accepting_payments; otherwise the page says the merchant cannot take payments yet).
import { useEffect, useState } from 'react';
import { checkoutState, has, type CheckoutState } from '../checkout/checkoutState.ts';
import { useDocumentTitle, useI18n } from '../../shared/i18n/i18n.tsx';
import type { MessageKey } from '../../shared/i18n/en.ts';
import { api, type PublicIntent, type PublicInvoice } from '../../shared/api.ts';
import { ErrorNotice } from '../../shared/ErrorNotice.tsx';
import { SupportContact } from '../../shared/SupportContact.tsx';
import { PageHeader } from '../../shared/PageHeader.tsx';
import { safeHttpUrl } from '../../shared/safeUrl.ts';

const STATUS_KEYS: Record<string, MessageKey> = {
  open: 'invoice.status.open',
  paid: 'invoice.status.paid',
  overdue: 'invoice.status.overdue',
  void: 'invoice.status.void',
};

export default function InvoicePage({ invoiceId }: { invoiceId: string }) {
  const { t, money, date, integer, locale } = useI18n();
  const [invoice, setInvoice] = useState<PublicInvoice>();
  const [payment, setPayment] = useState<PublicIntent>();
  const [error, setError] = useState<unknown>();
  useEffect(() => {
    api.invoice(invoiceId).then(async (inv) => {
      setInvoice(inv);
      // The payment's own view, for what was received; the invoice still shows without it.
      if (inv.payment_intent_id) await api.paymentIntent(inv.payment_intent_id).then(setPayment, () => undefined);
    }, setError);
  }, [invoiceId]);
  const state: CheckoutState | undefined = payment ? checkoutState(payment) : undefined;
  useDocumentTitle(
    invoice
      ? t('app.docTitle', {
          page: `${t('invoice.title', { number: invoice.number })}${state ? ` · ${t(`${state.message}.title`, { excess: money(state.amounts.excess, invoice.currency) })}` : ''}`,
          merchant: invoice.business_name,
        })
      : error
        ? t('invoice.unavailable')
        : undefined,
  );
  if (!invoice) {
    return error ? <ErrorNotice error={error} title={t('invoice.unavailable')} /> : <p>{t('app.loading')}</p>;
  }

  const pay = invoice.checkout_url ? safeHttpUrl(new URL(invoice.checkout_url, location.href).toString()) : undefined;
  const pdf = invoice.pdf_url ? safeHttpUrl(new URL(invoice.pdf_url, location.href).toString()) : undefined;
  const payUrl = pay ? `${pay}${pay.includes('?') ? '&' : '?'}locale=${locale}` : undefined;
  // Without the payment's view, the invoice's own status decides; with it, the truth table does.
  const status = invoice.status.toLowerCase();
  const payable =
    payUrl && status !== 'paid' && status !== 'void' && (!state || has(state, 'pay') || has(state, 'open'));
  // The merchant cannot take the payment yet (this server serves none of its networks): said instead of Pay.
  const notReady = Boolean(payable) && !invoice.accepting_payments;
  const partial = state && BigInt(payment!.amount_received_units) > 0n;
  const statusKey = STATUS_KEYS[status];
  const cur = invoice.currency;
  return (
    <section className="card invoice" aria-labelledby="merchant">
      <PageHeader merchant={invoice.business_name} livemode={invoice.livemode} />
      <h1 className="title">
        {t('invoice.title', { number: invoice.number })}{' '}
        <span className={`badge status-${status}`}>{statusKey ? t(statusKey) : status}</span>
      </h1>
      {invoice.customer_name ? <p>{t('invoice.billedTo', { name: invoice.customer_name })}</p> : null}
      {invoice.due_date ? <p className="muted">{t('invoice.due', { date: date(invoice.due_date) })}</p> : null}
      <table className="lines">
        <caption className="visually-hidden">{t('invoice.lineItems')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('invoice.item')}</th>
            <th scope="col" className="num">
              {t('invoice.qty')}
            </th>
            <th scope="col" className="num">
              {t('invoice.price')}
            </th>
            <th scope="col" className="num">
              {t('invoice.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.line_items.map((li, i) => (
            <tr key={i}>
              <td>{li.description}</td>
              <td className="num">{integer(li.quantity)}</td>
              <td className="num">{money(li.unit_amount, cur)}</td>
              <td className="num">{money(li.amount, cur)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {t('invoice.total')}
            </th>
            <td className="num" data-testid="invoice-total">
              {money(invoice.total, cur)}
            </td>
          </tr>
          {partial && state ? (
            <>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('invoice.paidSoFar')}
                </th>
                <td className="num" data-testid="invoice-received">
                  {money(state.amounts.received, cur)}
                </td>
              </tr>
              <tr>
                <th scope="row" colSpan={3}>
                  {t('invoice.remaining')}
                </th>
                <td className="num" data-testid="invoice-remaining">
                  {money(state.amounts.due, cur)}
                </td>
              </tr>
            </>
          ) : null}
        </tfoot>
      </table>
      {invoice.memo ? <p className="description">{invoice.memo}</p> : null}
      {notReady ? (
        <div className="status" data-testid="invoice-not-ready" role="alert">
          <h2>{t('invoice.notReady.title')}</h2>
          <p>{t('invoice.notReady.body', { merchant: invoice.business_name })}</p>
        </div>
      ) : null}
      <SupportContact of={invoice} />
      {state && state.name !== 'awaiting' && state.name !== 'created' ? (
        <div className="status" data-testid="invoice-payment" data-state={state.name}>
          <h2>{t(`${state.message}.title`, { excess: money(state.amounts.excess, cur) })}</h2>
        </div>
      ) : null}
      <p className="actions">
        {notReady ? null : payable ? (
          <a className="button" href={payUrl}>
            {partial && state
              ? t('invoice.payRemaining', { amount: money(state.amounts.due, cur) })
              : t('invoice.pay', { amount: money(invoice.total, cur) })}
          </a>
        ) : state && payUrl ? (
          <a className="button secondary" href={payUrl}>
            {t('invoice.viewPayment')}
          </a>
        ) : null}
        {pdf ? <a href={pdf}>{t('invoice.pdf')}</a> : null}
      </p>
    </section>
  );
}
