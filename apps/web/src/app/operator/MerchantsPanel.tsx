// Merchants: search, one merchant's detail, suspend (with a reason) and resume.
import { useState, type FormEvent } from 'react';
import { useAction } from '../merchant/dashboard/useAction.ts';
import { useLoad } from '../merchant/dashboard/useLoad.ts';
import { consoleApi, type MerchantDetail } from './consoleApi.ts';
import { ConsoleError } from './OperationsPanels.tsx';

export function MerchantsPanel() {
  const [query, setQuery] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const list = useLoad(() => consoleApi.merchants(submitted), [submitted]);
  return (
    <section className="card" aria-labelledby="merchants-title">
      <h2 id="merchants-title">Merchants</h2>
      <form
        className="console-search"
        role="search"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setSubmitted(query.trim());
        }}
      >
        <label>
          Search by id, business name or email
          <input value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <button type="submit">Search</button>
      </form>
      <ConsoleError error={list.error} />
      <table>
        <thead>
          <tr>
            <th>Business</th>
            <th>Owner</th>
            <th>Status</th>
            <th>Payments</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(list.data?.merchants ?? []).map((m) => (
            <tr key={m.id}>
              <td>
                {m.businessName}
                <br />
                <code>{m.id}</code>
              </td>
              <td>{m.ownerEmail ?? '—'}</td>
              <td>
                <span className={`badge status-${m.status}`}>{m.status}</span>
              </td>
              <td>{m.payments}</td>
              <td>
                <button type="button" className="secondary" onClick={() => setSelected(m.id)}>
                  Open {m.businessName}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {list.data && list.data.merchants.length === 0 ? <p className="muted">No merchant matches.</p> : null}
      {selected ? <MerchantCard id={selected} onChanged={() => void list.reload()} /> : null}
    </section>
  );
}

function MerchantCard({ id, onChanged }: { id: string; onChanged: () => void }) {
  const detail = useLoad(() => consoleApi.merchant(id), [id]);
  const [merchant, setMerchant] = useState<MerchantDetail | null>(null);
  const [reason, setReason] = useState('');
  const action = useAction();
  const m = merchant?.id === id ? merchant : (detail.data?.merchant ?? null);
  if (!m) return <ConsoleError error={detail.error} />;
  const change = (work: () => Promise<{ merchant: MerchantDetail }>) =>
    action.run(async () => {
      setMerchant((await work()).merchant);
      onChanged();
    });
  return (
    <article className="console-detail" aria-label={`Merchant ${m.businessName}`}>
      <h3>
        {m.businessName} <span className={`badge status-${m.status}`}>{m.status}</span>
      </h3>
      <dl>
        <dt>Id</dt>
        <dd>
          <code>{m.id}</code>
        </dd>
        <dt>Since</dt>
        <dd>{new Date(m.createdAt).toLocaleString()}</dd>
        <dt>Members</dt>
        <dd>{m.members.map((u) => `${u.email ?? '(no email)'} (${u.role})`).join(', ') || '—'}</dd>
        <dt>Live API keys</dt>
        <dd>{m.liveApiKeys}</dd>
        <dt>Payments</dt>
        <dd>{m.paymentsByStatus.map((p) => `${p.environment} ${p.status}: ${p.count}`).join(' · ') || 'none'}</dd>
        {m.suspendedReason ? (
          <>
            <dt>Suspended</dt>
            <dd>
              {new Date(m.suspendedAt!).toLocaleString()}: {m.suspendedReason}
            </dd>
          </>
        ) : null}
      </dl>
      {m.status === 'active' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void change(() => consoleApi.suspend(m.id, reason.trim()));
          }}
        >
          <label>
            Reason for suspending
            <input value={reason} required maxLength={500} onChange={(e) => setReason(e.target.value)} />
          </label>
          <p className="muted">
            Its API keys and dashboard sessions are refused at once; its pages take no new payment; payments already
            made still settle.
          </p>
          <button type="submit" className="danger" disabled={action.busy || !reason.trim()}>
            Suspend merchant
          </button>
        </form>
      ) : (
        <button type="button" disabled={action.busy} onClick={() => void change(() => consoleApi.resume(m.id))}>
          Resume merchant
        </button>
      )}
      <ConsoleError error={action.error} />
    </article>
  );
}
