import { useI18n } from '../../shared/i18n/i18n.tsx';
import { formatDecimal } from '../../shared/i18n/localeFormat.ts';

/** The amount to pay, as large as the page allows. */
export function CheckoutAmount({ amount, currency }: { amount: string; currency: string }) {
  const { t, money, locale } = useI18n();
  return (
    <p className="amount" aria-label={t('checkout.amountLabel', { amount: money(amount, currency) })}>
      <span className="amount-value">{formatDecimal(amount, locale)}</span>{' '}
      <span className="amount-currency">{currency}</span>
    </p>
  );
}
