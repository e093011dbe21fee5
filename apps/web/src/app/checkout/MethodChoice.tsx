import type { CheckoutMethod } from '../shared/api.ts';

const LABELS: Record<CheckoutMethod, string> = { WALLET: 'Pay with a browser wallet', ADDRESS: 'Send to an address' };

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
  if (methods.length <= 1) return null;
  return (
    <fieldset className="choice">
      <legend>How to pay</legend>
      {methods.map((m) => (
        <label key={m} className={m === selected ? 'option selected' : 'option'}>
          <input type="radio" name="method" value={m} checked={m === selected} onChange={() => onSelect(m)} />
          {LABELS[m]}
        </label>
      ))}
    </fieldset>
  );
}
