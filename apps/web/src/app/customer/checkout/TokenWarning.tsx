import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { PublicNetwork } from '../../shared/api.ts';

/** The one token contract this payment accepts; anything else is not counted, and how it comes back. */
export function TokenWarning({ network, merchant }: { network: PublicNetwork; merchant: string }) {
  const { tx } = useI18n();
  return (
    <div className="warning" role="note" data-testid="token-warning">
      <p>
        {tx('checkout.tokenWarning', {
          symbol: <strong>{network.token_symbol}</strong>,
          contract: <code className="address">{network.token_address}</code>,
          network: network.name,
          merchant,
        })}
      </p>
    </div>
  );
}
