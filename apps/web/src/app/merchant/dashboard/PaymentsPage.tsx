// Payments: the spec's filters (status, q, network, from/to) and cursor paging (next = strictly older; previous
// pages are remembered, the API has no backwards cursor).
import { useState, type FormEvent } from 'react';
import { PAYMENT_STATUSES } from '../../../../../../packages/sdk/src/openapi.ts';
import { gateway, ok, type PaymentStatus } from './dashboardApi.ts';
import { ApiErrorText } from './Field.tsx';
import { PaymentRows } from './HomePage.tsx';
import { useLoad } from './useLoad.ts';
import { listOf } from '../../shared/listOf.ts';

interface Filters {
  status: string;
  q: string;
  network: string;
  from: string;
  to: string;
}

/** A date input's day as the API's UTC date-time (from: that midnight; to: the next one, exclusive). */
const dayStart = (day: string, plus = 0) =>
  day ? new Date(Date.parse(`${day}T00:00:00Z`) + plus * 86_400_000).toISOString() : undefined;

export default function PaymentsPage({ search }: { search: URLSearchParams }) {
  const initial: Filters = {
    status: search.get('status') ?? '',
    q: search.get('q') ?? '',
    network: search.get('network') ?? '',
    from: '',
    to: '',
  };
  const [draft, setDraft] = useState<Filters>(initial);
  const [filters, setFilters] = useState<Filters>(initial);
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const networks = useLoad(async () => {
    const r = (await ok(gateway.GET('/v1/networks'))) as unknown as { data: { id: string; name: string }[] };
    return r.data;
  }, []);
  const page = useLoad(
    () =>
      ok(
        gateway.GET('/v1/payments', {
          params: {
            query: {
              ...(filters.status ? { status: filters.status as PaymentStatus } : {}),
              ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
              ...(filters.network ? { network: filters.network } : {}),
              ...(filters.from ? { from: dayStart(filters.from) } : {}),
              ...(filters.to ? { to: dayStart(filters.to, 1) } : {}),
              ...(cursor ? { cursor } : {}),
              limit: 25,
            },
          },
        }),
      ),
    [filters, cursor],
  );

  function apply(e: FormEvent) {
    e.preventDefault();
    setFilters(draft);
    setCursors([undefined]);
  }
  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });

  return (
    <section className="card" aria-labelledby="payments-heading">
      <div className="card-head">
        <h1 id="payments-heading">Payments</h1>
        <button type="button" className="secondary small" onClick={() => void page.reload()}>
          Refresh
        </button>
      </div>
      <form className="filters" onSubmit={apply} role="search" aria-label="Filter payments">
        <label>
          Search
          <input
            type="search"
            value={draft.q}
            onChange={set('q')}
            maxLength={100}
            placeholder="id, order reference, address, tx hash"
          />
        </label>
        <label>
          Status
          <select value={draft.status} onChange={set('status')}>
            <option value="">Any</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s.replace(/_/g, ' ').toLowerCase()}
              </option>
            ))}
          </select>
        </label>
        <label>
          Network
          <select value={draft.network} onChange={set('network')}>
            <option value="">Any</option>
            {(networks.data ?? []).map((n) => (
              <option key={n.id} value={n.id}>
                {n.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={draft.from} onChange={set('from')} />
        </label>
        <label>
          To
          <input type="date" value={draft.to} onChange={set('to')} />
        </label>
        <button type="submit">Apply filters</button>
      </form>
      <ApiErrorText error={page.error} />
      {listOf(page.data).empty ? <p className="muted">No payment matches.</p> : null}
      <PaymentRows payments={listOf(page.data).items} />
      <div className="actions pager">
        <button
          type="button"
          className="secondary"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className="secondary"
          disabled={!page.data?.next_cursor}
          onClick={() => page.data?.next_cursor && setCursors([...cursors, page.data.next_cursor])}
        >
          Older
        </button>
      </div>
    </section>
  );
}
