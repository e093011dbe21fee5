// What happened to the payment so far, in the customer's words. One screen per status family; the status itself
// comes from the gateway (derived from on-chain facts), never guessed here.
import type { PublicIntent } from '../shared/api.ts';
import { formatUnits, groupDigits, shortHash } from '../shared/format.ts';

export const PAID_STATUSES = ['PAID', 'OVERPAID', 'SETTLEMENT_PENDING', 'SETTLEMENT_FAILED', 'SETTLED'] as const;
export const isPaid = (s: string) => (PAID_STATUSES as readonly string[]).includes(s);

/** The in-progress banner shown above the payment methods once some funds arrived. */
export function Confirmations({ intent }: { intent: PublicIntent }) {
  const t = intent.latest_transfer;
  if (!t) return null;
  const net = intent.networks.find((n) => n.network === t.network);
  const required = net?.confirmations_required ?? 1;
  const shown = Math.min(t.confirmations, required);
  return (
    <p className="progress" data-testid="confirmations">
      Transaction <code>{shortHash(t.tx_hash)}</code>: {t.final ? 'confirmed' : `${shown} of ${required} confirmations`}
    </p>
  );
}

export function StatusHeadline({ intent }: { intent: PublicIntent }) {
  const { status } = intent;
  const partial = BigInt(intent.amount_received_units) > 0n && BigInt(intent.amount_remaining_units) > 0n;
  switch (status) {
    case 'CREATED':
    case 'AWAITING_PAYMENT':
      return <h2 data-status={status}>Waiting for your payment</h2>;
    case 'DETECTED':
    case 'CONFIRMING':
      return partial ? (
        <Underpaid intent={intent} />
      ) : (
        <>
          <h2 data-status={status}>{status === 'DETECTED' ? 'Payment detected' : 'Confirming your payment'}</h2>
          <Confirmations intent={intent} />
        </>
      );
    case 'UNDERPAID':
      return <Underpaid intent={intent} />;
    case 'PAID':
    case 'OVERPAID':
    case 'SETTLEMENT_PENDING':
    case 'SETTLEMENT_FAILED':
      return (
        <>
          <h2 data-status={status}>Paid</h2>
          <p>
            {intent.business_name} has received {groupDigits(intent.amount)} {intent.currency}. Thank you.
          </p>
        </>
      );
    case 'SETTLED':
    case 'REFUND_REQUESTED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED':
      return (
        <>
          <h2 data-status={status}>Paid and settled</h2>
          <p>
            {intent.business_name} has received {groupDigits(intent.amount)} {intent.currency} in its account. You can
            close this page.
          </p>
        </>
      );
    case 'EXPIRED':
      return (
        <>
          <h2 data-status={status}>This payment has expired</h2>
          <p>
            Do not send anything to its address. Go back to {intent.business_name} and start again to get a new payment
            page.
          </p>
        </>
      );
    case 'LATE_PAYMENT':
      return (
        <>
          <h2 data-status={status}>Your payment arrived after the deadline</h2>
          <p>
            We received {groupDigits(intent.amount_received)} {intent.currency} after this payment had expired. The
            funds are safe with {intent.business_name}; contact them with your order reference
            {intent.order_reference ? ` (${intent.order_reference})` : ''} to complete the order or get a refund.
          </p>
        </>
      );
    case 'INVALID_ASSET':
      return <InvalidAsset intent={intent} />;
  }
}

function Underpaid({ intent }: { intent: PublicIntent }) {
  const expired = intent.status === 'UNDERPAID';
  return (
    <>
      <h2 data-status={intent.status}>Partly paid</h2>
      <p data-testid="remaining">
        Received {groupDigits(intent.amount_received)} of {groupDigits(intent.amount)} {intent.currency}.{' '}
        <strong>
          {groupDigits(intent.amount_remaining)} {intent.currency} still to pay
        </strong>
        {expired
          ? `. The payment window has closed: contact ${intent.business_name} before sending more.`
          : ', to the same address below.'}
      </p>
      <Confirmations intent={intent} />
    </>
  );
}

function InvalidAsset({ intent }: { intent: PublicIntent }) {
  const t = intent.foreign_transfers[0];
  const net = intent.networks.find((n) => n.network === t?.network) ?? intent.networks[0];
  return (
    <>
      <h2 data-status="INVALID_ASSET">This token is not accepted</h2>
      <p>
        We received a token this payment does not accept
        {t ? (
          <>
            {' '}
            (contract <code className="address">{t.token_address}</code>, transaction{' '}
            <code>{shortHash(t.tx_hash)}</code>)
          </>
        ) : null}
        . It is not lost: {intent.business_name} can recover it. Contact them with the transaction to arrange a refund.
      </p>
      {net ? (
        <p>
          To pay, send {formatUnits(intent.amount_remaining_units, intent.decimals)} {net.token_symbol} from the
          official contract <code className="address">{net.token_address}</code> on {net.name} to the same address.
        </p>
      ) : null}
    </>
  );
}
