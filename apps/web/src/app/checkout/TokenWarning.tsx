import type { PublicNetwork } from '../shared/api.ts';

/** The one token contract this payment accepts; bridged look-alikes are not a payment. */
export function TokenWarning({ network }: { network: PublicNetwork }) {
  return (
    <div className="warning" role="note">
      <p>
        Only <strong>{network.token_symbol}</strong> at contract{' '}
        <code className="address">{network.token_address}</code> on {network.name} counts as payment. Bridged or wrapped
        versions (such as {network.token_symbol}.e) and other tokens are not accepted and delay your order.
      </p>
    </div>
  );
}
