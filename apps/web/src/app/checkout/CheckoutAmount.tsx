import { groupDigits } from '../shared/format.ts';

/** The amount to pay, as large as the page allows. */
export function CheckoutAmount({ amount, currency }: { amount: string; currency: string }) {
  return (
    <p className="amount" aria-label={`Amount to pay: ${amount} ${currency}`}>
      <span className="amount-value">{groupDigits(amount)}</span> <span className="amount-currency">{currency}</span>
    </p>
  );
}
