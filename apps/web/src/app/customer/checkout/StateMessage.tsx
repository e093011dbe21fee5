// The state's one message: its headline and body from the catalogue, amounts as money in the reader's locale, and
// the transfer facts the state names (confirmations, a foreign token's contract and transaction).
import { useI18n } from '../../shared/i18n/i18n.tsx';
import type { PublicIntent } from '../../shared/api.ts';
import { shortHash } from '../../shared/format.ts';
import { has, type CheckoutState } from './checkoutState.ts';

export function StateMessage({ intent, state, title }: { intent: PublicIntent; state: CheckoutState; title: string }) {
  const { tx, money } = useI18n();
  const m = (v: string) => <strong>{money(v, intent.currency)}</strong>;
  const foreign = intent.foreign_transfers[0];
  const net = intent.networks.find((n) => n.network === foreign?.network) ?? intent.networks[0];
  const { amounts } = state;
  return (
    <>
      <h2 data-status={intent.status}>{title}</h2>
      <p data-testid="remaining">
        {tx(`${state.message}.body`, {
          merchant: intent.business_name,
          amount: m(amounts.amount),
          received: m(amounts.received),
          due: m(amounts.due),
          excess: m(amounts.excess),
          refunded: m(amounts.refunded),
          contract: <code className="address">{foreign?.token_address}</code>,
          tx: <code>{foreign ? shortHash(foreign.tx_hash) : ''}</code>,
        })}
      </p>
      {has(state, 'foreignToken') && has(state, 'pay') && net ? (
        <p>
          {tx('state.invalidAsset.pay', {
            amount: m(amounts.due),
            contract: <code className="address">{net.token_address}</code>,
            network: net.name,
          })}
        </p>
      ) : null}
      {has(state, 'confirmations') ? <Confirmations intent={intent} /> : null}
    </>
  );
}

/** The latest official transfer's progress towards finality. */
function Confirmations({ intent }: { intent: PublicIntent }) {
  const { t, integer } = useI18n();
  const tr = intent.latest_transfer;
  if (!tr) return null;
  const net = intent.networks.find((n) => n.network === tr.network);
  const required = net?.confirmations_required ?? 1;
  const hash = shortHash(tr.tx_hash);
  return (
    <p className="progress" data-testid="confirmations">
      {tr.final
        ? t('checkout.confirmed', { hash })
        : t('checkout.confirmations', { hash, n: integer(Math.min(tr.confirmations, required)), m: integer(required) })}
    </p>
  );
}
