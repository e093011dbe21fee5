// Settings › Exports: each CSV export of the API (GET /v1/exports/{kind}.csv) behind a button, for the environment
// shown, optionally within dates (UTC days, the end day included). The file is fetched with the session and saved
// through a temporary object URL (a plain link could not carry the session).
import { useState } from 'react';
import { dashboardSession } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { ApiError } from '../../shared/api.ts';
import { useAction } from './useAction.ts';

const KINDS = [
  ['payments', 'Payments'],
  ['transactions', 'Transactions'],
  ['settlements', 'Settlements'],
  ['refunds', 'Refunds'],
  ['invoices', 'Invoices'],
] as const;

/** `from`/`to` query values for the chosen UTC days (to is exclusive: the day after the end day). */
function rangeQuery(from: string, to: string): string {
  const q = new URLSearchParams();
  if (from) q.set('from', `${from}T00:00:00Z`);
  if (to) q.set('to', new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString().replace('.000Z', 'Z'));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export function ExportsCard() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { busy, error, run } = useAction();

  async function download(kind: string) {
    await run(async () => {
      const res = await fetch(`/v1/exports/${kind}.csv${rangeQuery(from, to)}`, {
        headers: { 'tender-environment': dashboardSession.environment() },
        credentials: 'same-origin',
        cache: 'no-store',
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as {
          error?: { code?: string; message?: string; details?: { path: string; message: string }[] };
        };
        throw new ApiError(
          res.status,
          body.error?.code ?? 'HTTP_ERROR',
          body.error?.message ?? `The server answered ${res.status}`,
          body.error?.details ?? [],
        );
      }
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `tender-${kind}-${dashboardSession.environment()}.csv`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    });
  }

  return (
    <section className="card" aria-labelledby="exports-heading">
      <h2 id="exports-heading">Exports</h2>
      <p className="muted small">
        Every row as CSV, oldest first, for the environment shown (no row limit). Dates are UTC days; leave them empty
        for everything.
      </p>
      <div className="inline-form">
        <Field id="export_from" label="From (UTC day)" error={error} path="from">
          {(p) => <input {...p} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />}
        </Field>
        <Field id="export_to" label="To (UTC day, included)" error={error} path="to">
          {(p) => <input {...p} type="date" value={to} onChange={(e) => setTo(e.target.value)} />}
        </Field>
        <div className="actions">
          {KINDS.map(([kind, label]) => (
            <button key={kind} type="button" className="secondary" disabled={busy} onClick={() => void download(kind)}>
              {label} CSV
            </button>
          ))}
        </div>
        <ApiErrorText error={error} />
      </div>
    </section>
  );
}
