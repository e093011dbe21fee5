import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { CheckoutMethod } from '../../shared/api.ts';

/** Only the methods the merchant allowed for this payment. */
export function MethodChoice({
  methods,
  selected,
  onSelect,
}: {
  methods: CheckoutMethod[];
  selected: CheckoutMethod;
  onSelect: (m: CheckoutMethod) => void;
}) {
  const { t } = useI18n();
  if (methods.length <= 1) return null;
  return (
    <fieldset className="choice">
      <legend>{t('checkout.howToPay')}</legend>
      {methods.map((m) => (
        <label key={m} className={m === selected ? 'option selected' : 'option'}>
          <input type="radio" name="method" value={m} checked={m === selected} onChange={() => onSelect(m)} />
          {t(`checkout.method.${m}`)}
        </label>
      ))}
    </fieldset>
  );
}
