// The decisions a payment that needs attention is waiting for, each behind a confirmation that names the amounts:
// accept an underpayment (it counts as paid for what arrived), refund only an overpayment's excess (the payment
// stays paid), return a foreign token to the address it came from. A refund made here then appears in the refund
// list below, to be sent from the vault like any other; the payment leaves "Needs attention" once the gateway has
// verified the outcome on-chain.
import { useState } from 'react';
import { formatUnits } from '../../shared/format.ts';
import { formatMoney } from '../../shared/money.ts';
import { tokenLabel } from './Bits.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { gateway, ok } from './dashboardApi.ts';
import type { PaymentDetail, Transfer } from './gatewayViews.ts';
import { useAction } from './useAction.ts';

type Decision =
  | { kind: 'accept' }
  | { kind: 'excess'; units: bigint; recipient: string }
  | { kind: 'foreign'; token: string; symbol: string; units: bigint; decimals: number; recipient: string };

const lower = (s: string) => s.toLowerCase();
const live = (r: PaymentDetail['refunds'][number]) => r.status !== 'cancelled';

/** The decimals a transfer's amount was written with (the gateway's decimal twin of its base units). */
function decimalsOf(t: Transfer): number | null {
  if (t.amount === null) return null;
  for (let d = 0; d <= 36; d++) if (formatUnits(t.amount_units, d) === t.amount) return d;
  return null;
}

/** What is left to decide, from the payment's facts and its refund requests. */
export function openDecisions(p: PaymentDetail): Decision[] {
  const out: Decision[] = [];
  const sender = p.transfers.find((t) => t.type === 'payment' && !t.removed)?.from ?? '';
  if (p.status === 'UNDERPAID') out.push({ kind: 'accept' });
  const excessRequested = p.refunds
    .filter((r) => r.kind === 'excess' && live(r))
    .reduce((a, r) => a + BigInt(r.amount_units), 0n);
  const excess = BigInt(p.overpaid_amount_units) - excessRequested;
  if (excess > 0n) out.push({ kind: 'excess', units: excess, recipient: sender });
  const foreign = new Map<string, Transfer[]>();
  for (const t of p.transfers) {
    if (t.type !== 'payment' || t.official || !t.final || t.removed) continue;
    foreign.set(lower(t.token_address), [...(foreign.get(lower(t.token_address)) ?? []), t]);
  }
  for (const [token, ts] of foreign) {
    const decimals = decimalsOf(ts[0]!);
    if (decimals === null) continue; // no decimals known: it cannot be returned through a refund request
    const returned = p.refunds
      .filter((r) => r.kind === 'foreign_asset' && live(r) && lower(r.token_address) === token)
      .reduce((a, r) => a + BigInt(r.amount_units), 0n);
    const units = ts.reduce((a, t) => a + BigInt(t.amount_units), 0n) - returned;
    if (units <= 0n) continue;
    const symbol = tokenLabel(ts[0]!);
    out.push({ kind: 'foreign', token, symbol, units, decimals, recipient: ts[0]!.from });
  }
  return out;
}

export function ResolvePanel(props: { payment: PaymentDetail; canDecide: boolean; onChanged: () => void }) {
  const p = props.payment;
  const decisions = openDecisions(p);
  const [open, setOpen] = useState<Decision | null>(null);
  const { busy, error, setError, run } = useAction();
  if (decisions.length === 0 || !props.canDecide) return null;
  const usd = (units: bigint | string) => formatMoney(formatUnits(units, 6), p.currency);

  function confirm(d: Decision) {
    void run(async () => {
      if (d.kind === 'accept') {
        await ok(
          gateway.POST('/v1/payment-intents/{id}/accept-underpayment', {
            params: { path: { id: p.id } },
            body: { amount: p.amount_confirmed },
          }),
        );
      } else {
        await ok(
          gateway.POST('/v1/refund-requests', {
            params: { header: { 'idempotency-key': crypto.randomUUID() } },
            body: {
              payment_intent_id: p.id,
              recipient: d.recipient,
              ...(d.kind === 'excess'
                ? { kind: 'excess' as const, amount: formatUnits(d.units, 6), reason: 'Excess of an overpayment' }
                : {
                    kind: 'foreign_asset' as const,
                    token_address: d.token,
                    amount: formatUnits(d.units, d.decimals),
                    reason: 'Returned: sent in a token this payment does not accept',
                  }),
            },
          }),
        );
      }
      setOpen(null);
      props.onChanged();
    });
  }

  return (
    <section className="card" aria-labelledby="resolve-heading">
      <h2 id="resolve-heading">Needs a decision</h2>
      <ul className="resolve-actions">
        {decisions.map((d) => (
          <li key={d.kind === 'foreign' ? d.token : d.kind}>
            <button
              type="button"
              onClick={() => {
                setError(null);
                setOpen(d);
              }}
            >
              {d.kind === 'accept'
                ? `Accept ${formatMoney(p.amount_confirmed, p.currency)} as paid`
                : d.kind === 'excess'
                  ? `Refund the excess of ${usd(d.units)}`
                  : `Return ${formatMoney(formatUnits(d.units, d.decimals), d.symbol, d.decimals)} to the sender`}
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <ConfirmDialog
          open
          title={
            open.kind === 'accept'
              ? 'Accept the underpayment?'
              : open.kind === 'excess'
                ? 'Refund the excess?'
                : 'Return the foreign token?'
          }
          confirmLabel={
            open.kind === 'accept'
              ? 'Accept as paid'
              : open.kind === 'excess'
                ? 'Request excess refund'
                : 'Request return'
          }
          busy={busy}
          error={error}
          onConfirm={() => confirm(open)}
          onClose={() => setOpen(null)}
        >
          <DecisionFacts payment={p} decision={open} usd={usd} />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

function DecisionFacts({
  payment: p,
  decision: d,
  usd,
}: {
  payment: PaymentDetail;
  decision: Decision;
  usd: (units: bigint | string) => string;
}) {
  if (d.kind === 'accept') {
    return (
      <>
        <dl className="amounts">
          <dt>Asked for</dt>
          <dd>{formatMoney(p.amount, p.currency)}</dd>
          <dt>Received</dt>
          <dd>{formatMoney(p.amount_confirmed, p.currency)}</dd>
          <dt>Not collected</dt>
          <dd>{usd(BigInt(p.amount_units) - BigInt(p.amount_confirmed_units))}</dd>
        </dl>
        <p>
          The payment will count as paid for {formatMoney(p.amount_confirmed, p.currency)} and be settled into your
          vault. Your systems receive payment.underpayment_accepted, then payment.confirmed. This cannot be undone.
        </p>
      </>
    );
  }
  const amount =
    d.kind === 'excess' ? usd(d.units) : formatMoney(formatUnits(d.units, d.decimals), d.symbol, d.decimals);
  return (
    <>
      <dl className="amounts">
        {d.kind === 'excess' ? (
          <>
            <dt>Paid</dt>
            <dd>{formatMoney(p.amount_confirmed, p.currency)}</dd>
            <dt>Asked for</dt>
            <dd>{formatMoney(p.amount_accepted ?? p.amount, p.currency)}</dd>
          </>
        ) : null}
        <dt>{d.kind === 'excess' ? 'Excess to refund' : 'To return'}</dt>
        <dd>{amount}</dd>
        <dt>To</dt>
        <dd>
          <code>{d.recipient}</code>
        </dd>
      </dl>
      <p>
        {d.kind === 'excess'
          ? 'Only the excess goes back: the payment stays paid. '
          : `This payment does not accept ${d.symbol}: it goes back to the address it came from. `}
        You then send the transfer from your vault below; it completes once verified on-chain.
      </p>
    </>
  );
}
