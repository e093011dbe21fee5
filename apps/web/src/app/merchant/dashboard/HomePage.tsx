// Home: what arrived and what reached the vault (received vs settled, never mixed), per currency and period, and the
// payments that need a person (GET /v1/payments?needs_attention=true): underpaid, late, settlement failed, an excess
// or a foreign token not returned yet.
import { useState } from 'react';
import { ErrorNotice } from '../../shared/ErrorNotice.tsx';
import { formatMoney } from '../../shared/money.ts';
import { StatusBadge, when } from './Bits.tsx';
import { DataTable, type Column } from './DataTable.tsx';
import { gateway, ok, type Payment } from './dashboardApi.ts';
import type { Overview } from './gatewayViews.ts';
import { OnboardingChecklist } from './OnboardingChecklist.tsx';
import { OverviewChart } from './OverviewChart.tsx';
import { Link } from './router.tsx';
import { useLoad } from './useLoad.ts';

const PERIODS = [7, 30, 90, 365] as const;

export function HomePage() {
  const [days, setDays] = useState<number>(30);
  const [currency, setCurrency] = useState<'USDC' | 'EURC'>('USDC');
  const overview = useLoad(
    async () =>
      (await ok(gateway.GET('/v1/overview', { params: { query: { days, currency } } }))) as unknown as Overview,
    [days, currency],
  );
  // What needs a decision, as the gateway keeps it: a payment leaves once the decision is made or verified on-chain.
  const attention = useLoad(
    async () =>
      (await ok(gateway.GET('/v1/payments', { params: { query: { needs_attention: true, limit: 20 } } }))).data,
    [],
  );
  const o = overview.data;

  return (
    <div className="stack">
      <OnboardingChecklist />
      <section className="card" aria-labelledby="overview-heading">
        <div className="card-head">
          <h1 id="overview-heading">Overview</h1>
          <div className="filters">
            <label>
              Period{' '}
              <select value={days} onChange={(e) => setDays(Number(e.target.value))}>
                {PERIODS.map((d) => (
                  <option key={d} value={d}>
                    Last {d} days
                  </option>
                ))}
              </select>
            </label>
            <label>
              Currency{' '}
              <select value={currency} onChange={(e) => setCurrency(e.target.value as 'USDC' | 'EURC')}>
                <option>USDC</option>
                <option>EURC</option>
              </select>
            </label>
          </div>
        </div>
        {overview.error ? <ErrorNotice error={overview.error} title="The overview could not load" /> : null}
        {o ? (
          <>
            <dl className="figures">
              {(['received', 'settled', 'refunded'] as const).map((k) => (
                <div key={k} className={`figure ${k}`}>
                  <dt title={o[k].label}>{k[0]!.toUpperCase() + k.slice(1)}</dt>
                  <dd data-testid={`overview-${k}`}>{formatMoney(o[k].amount, o.currency)}</dd>
                  <dd className="muted">
                    {o[k].transfers} transfer{o[k].transfers === 1 ? '' : 's'}
                  </dd>
                </div>
              ))}
              <div className="figure">
                <dt>Payments created</dt>
                <dd>{o.payments.created}</dd>
              </div>
            </dl>
            <OverviewChart overview={o} />
            <p className="muted small">
              Received: final on-chain payments at your deposit addresses. Settled: final transfers from them into your
              vault.
            </p>
          </>
        ) : null}
      </section>
      <section className="card" aria-labelledby="attention-heading">
        <h2 id="attention-heading">Needs attention</h2>
        {attention.error ? <ErrorNotice error={attention.error} title="Could not list payments" /> : null}
        {attention.data && attention.data.length === 0 ? (
          <p className="muted">
            Nothing needs attention: no underpaid or late payment, no failed settlement, no excess or foreign token left
            to return.
          </p>
        ) : null}
        <PaymentRows payments={attention.data ?? []} />
      </section>
    </div>
  );
}

export function PaymentRows({ payments }: { payments: readonly Payment[] }) {
  return <DataTable label="Payments" rows={payments} rowKey={(p) => p.id} columns={PAYMENT_COLUMNS} />;
}

const PAYMENT_COLUMNS: Column<Payment>[] = [
  {
    header: 'Payment',
    primary: true,
    cell: (p) => (
      <>
        <Link to={`payments/${encodeURIComponent(p.id)}`}>{p.order_reference ?? p.description ?? p.id}</Link>
        <div className="muted small">{p.id}</div>
      </>
    ),
  },
  { header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
  { header: 'Amount', num: true, cell: (p) => formatMoney(p.amount, p.currency) },
  { header: 'Received', num: true, cell: (p) => formatMoney(p.amount_received, p.currency) },
  { header: 'Created', cell: (p) => when(p.created_at) },
];
