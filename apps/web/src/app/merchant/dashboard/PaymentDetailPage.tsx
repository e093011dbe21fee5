// One payment: amounts, timeline (every status change with its reason), on-chain transfers with explorer links,
// settlements into the vault with each signed sweep attempt, and refunds. While anything is still moving the page
// refreshes itself every few seconds; nothing on it is set by the browser, all of it is the gateway's facts.
import { useEffect } from 'react';
import { ErrorNotice } from '../../shared/ErrorNotice.tsx';
import { formatMoney } from '../../shared/money.ts';
import { CopyText, StatusBadge, transferAmount, TxHash, when } from './Bits.tsx';
import { DataTable } from './DataTable.tsx';
import { useDashboard } from './dashboardContext.ts';
import { gateway, ok } from './dashboardApi.ts';
import type { PaymentDetail } from './gatewayViews.ts';
import { RefundPanel } from './RefundPanel.tsx';
import { ResolvePanel } from './ResolvePanel.tsx';
import { Link } from './router.tsx';
import { useLoad } from './useLoad.ts';

const SETTLED_FOR_GOOD = ['SETTLED', 'EXPIRED', 'REFUNDED', 'PARTIALLY_REFUNDED'];

export default function PaymentDetailPage({ paymentId }: { paymentId: string }) {
  const { can } = useDashboard();
  const detail = useLoad(
    async () =>
      (await ok(gateway.GET('/v1/payments/{id}', { params: { path: { id: paymentId } } }))) as unknown as PaymentDetail,
    [paymentId],
  );
  // Explorer and RPC of each network, as the hosted checkout gets them.
  const pub = useLoad(
    () => ok(gateway.GET('/public/payment-intents/{id}', { params: { path: { id: paymentId } } })),
    [paymentId],
  );
  const p = detail.data;
  const moving =
    !p ||
    !SETTLED_FOR_GOOD.includes(p.status) ||
    p.refunds.some((r) => r.status === 'pending' || r.status === 'confirming');
  const { reload } = detail;
  useEffect(() => {
    if (!moving) return;
    const t = setInterval(() => void reload(), 2500);
    return () => clearInterval(t);
  }, [moving, reload]);

  if (detail.error && !p) return <ErrorNotice error={detail.error} title="This payment could not load" />;
  if (!p) return <p className="muted">Loading…</p>;
  const explorer = (network: string) => pub.data?.networks.find((n) => n.network === network)?.explorer_url ?? null;

  return (
    <div className="stack">
      <p>
        <Link to="payments">← All payments</Link>
      </p>
      <section className="card" aria-labelledby="payment-heading">
        <div className="card-head">
          <h1 id="payment-heading">{formatMoney(p.amount, p.currency)}</h1>
          <span data-testid="payment-status">
            <StatusBadge status={p.status} />
          </span>
        </div>
        <dl className="facts">
          <dt>Payment</dt>
          <dd>
            <code>{p.id}</code>
          </dd>
          {p.order_reference ? (
            <>
              <dt>Order reference</dt>
              <dd>{p.order_reference}</dd>
            </>
          ) : null}
          {p.description ? (
            <>
              <dt>Description</dt>
              <dd>{p.description}</dd>
            </>
          ) : null}
          <dt>Received</dt>
          <dd>{formatMoney(p.amount_received, p.currency)}</dd>
          <dt>Settled into the vault</dt>
          <dd>{formatMoney(p.amount_settled, p.currency)}</dd>
          <dt>Refunded</dt>
          <dd data-testid="amount-refunded">{formatMoney(p.amount_refunded, p.currency)}</dd>
          <dt>Created</dt>
          <dd>{when(p.created_at)}</dd>
          <dt>Checkout</dt>
          <dd>
            <a href={p.checkout_url}>{p.checkout_url}</a> <CopyText text={p.checkout_url} label="Copy checkout URL" />
          </dd>
        </dl>
      </section>

      <ResolvePanel payment={p} canDecide={can('refunds:write')} onChanged={() => void detail.reload()} />

      <section className="card" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading">Timeline</h2>
        <ol className="timeline">
          {p.timeline.map((e, i) => (
            <li key={i}>
              <StatusBadge status={e.status} /> <span className="muted">{e.reason.replace(/_/g, ' ')}</span> ·{' '}
              {when(e.created_at)}
            </li>
          ))}
        </ol>
      </section>

      <TransfersSection transfers={p.transfers} explorer={explorer} />

      <section className="card" aria-labelledby="settlements-heading">
        <h2 id="settlements-heading">Settlements</h2>
        {p.settlements.length === 0 ? <p className="muted">No sweep into the vault yet.</p> : null}
        <ul className="rows">
          {p.settlements.map((s) => (
            <li key={s.id}>
              <StatusBadge status={s.state} /> {s.purpose} · attempt {s.attempt} · {transferAmount(s)} to{' '}
              <code title={s.vault}>{s.vault}</code>
              {s.tx_hash ? (
                <>
                  {' '}
                  · <TxHash hash={s.tx_hash} explorer={explorer(s.network)} />
                </>
              ) : null}
              {s.error ? <div className="field-error">{s.error}</div> : null}
              <ul className="attempts">
                {p.attempts
                  .filter((a) => a.settlement_id === s.id)
                  .map((a) => (
                    <li key={a.tx_hash}>
                      Sweep transaction nonce {a.nonce}: <TxHash hash={a.tx_hash} explorer={explorer(s.network)} /> ·{' '}
                      {when(a.created_at)}
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <RefundPanel
        payment={p}
        publicIntent={pub.data ?? null}
        canRefund={can('refunds:write')}
        onChanged={() => void detail.reload()}
      />
    </div>
  );
}

/** The on-chain transfers of the payment, with their confirmations. */
function TransfersSection(props: {
  transfers: PaymentDetail['transfers'];
  explorer: (network: string) => string | null;
}) {
  return (
    <section className="card" aria-labelledby="transfers-heading">
      <h2 id="transfers-heading">Transfers</h2>
      {props.transfers.length === 0 ? <p className="muted">Nothing seen on-chain yet.</p> : null}
      <DataTable
        label="Transfers"
        rows={props.transfers}
        rowKey={(t) => t.id}
        columns={[
          { header: 'Type', primary: true, cell: (t) => `${t.type}${t.official ? '' : ' (not the official token)'}` },
          {
            header: 'Amount',
            num: true,
            cell: transferAmount,
          },
          {
            header: 'Transaction',
            cell: (t) => (
              <span>
                <TxHash hash={t.tx_hash} explorer={props.explorer(t.network)} />{' '}
                <span className="muted">{t.network}</span>
              </span>
            ),
          },
          {
            header: 'Confirmations',
            cell: (t) => (t.removed ? 'orphaned by a reorg' : `${t.confirmations}${t.final ? ' · final' : ''}`),
          },
        ]}
      />
    </section>
  );
}
