// The delivery log: every delivery with its status, and on opening one, each attempt (status code, latency, error,
// the first bytes of the answer); a failed or pending delivery can be retried now.
import { useState } from 'react';
import { StatusBadge, when } from './Bits.tsx';
import { useDashboard } from './dashboardContext.ts';
import { gateway, ok, type WebhookDelivery } from './dashboardApi.ts';
import { errorBeyondStatus } from './errorBeyondStatus.ts';
import { ApiErrorText } from './Field.tsx';
import { useLoad } from './useLoad.ts';
import { listOf } from '../../shared/listOf.ts';

export function WebhookDeliveriesCard({ version }: { version: number }) {
  const { can } = useDashboard();
  const deliveries = useLoad(
    () => ok(gateway.GET('/v1/webhook-deliveries', { params: { query: { limit: 50 } } })),
    [version],
  );
  return (
    <section className="card" aria-labelledby="deliveries-heading">
      <div className="card-head">
        <h2 id="deliveries-heading">Webhook deliveries</h2>
        <button type="button" className="secondary small" onClick={() => void deliveries.reload()}>
          Refresh deliveries
        </button>
      </div>
      <ApiErrorText error={deliveries.error} />
      {listOf(deliveries.data).empty ? <p className="muted">Nothing delivered yet.</p> : null}
      <ul className="rows" aria-label="Deliveries">
        {listOf(deliveries.data).items.map((d) => (
          <DeliveryRow
            key={d.id}
            delivery={d}
            canRetry={can('webhooks:manage')}
            onRetried={() => void deliveries.reload()}
          />
        ))}
      </ul>
    </section>
  );
}

function DeliveryRow({
  delivery: d,
  canRetry,
  onRetried,
}: {
  delivery: WebhookDelivery;
  canRetry: boolean;
  onRetried: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<WebhookDelivery | null>(null);
  const [error, setError] = useState<unknown>(null);
  const lastError = errorBeyondStatus(d.last_error, d.last_status_code);

  async function toggle() {
    if (open) return setOpen(false);
    setOpen(true);
    try {
      setDetail(await ok(gateway.GET('/v1/webhook-deliveries/{id}', { params: { path: { id: d.id } } })));
    } catch (err) {
      setError(err);
    }
  }
  async function retry() {
    setError(null);
    try {
      setDetail(await ok(gateway.POST('/v1/webhook-deliveries/{id}/retry', { params: { path: { id: d.id } } })));
      onRetried();
    } catch (err) {
      setError(err);
    }
  }

  return (
    <li data-testid="delivery">
      <div className="row-with-actions">
        <span>
          <StatusBadge status={d.status} /> <code>{d.event_id}</code> → <code>{d.url}</code>
          <div className="muted small">
            {d.attempt_count} attempt{d.attempt_count === 1 ? '' : 's'} · last {when(d.last_attempt_at)}
            {d.last_status_code !== null ? ` · HTTP ${d.last_status_code}` : ''}
            {lastError ? ` · ${lastError}` : ''}
            {d.next_attempt_at ? ` · next ${when(d.next_attempt_at)}` : ''}
          </div>
        </span>
        <span className="actions">
          <button type="button" className="secondary small" aria-expanded={open} onClick={() => void toggle()}>
            {open ? 'Hide attempts' : 'Attempts'}
          </button>
          {canRetry ? (
            <button type="button" className="secondary small" onClick={() => void retry()}>
              Retry now
            </button>
          ) : null}
        </span>
      </div>
      {open && detail?.attempts ? (
        <ol className="attempts">
          {detail.attempts.map((a) => (
            <li key={a.attempt}>
              #{a.attempt} {when(a.started_at)} · {a.status_code === null ? 'no answer' : `HTTP ${a.status_code}`}
              {a.latency_ms !== null ? ` · ${a.latency_ms} ms` : ''}
              {a.manual ? ' · manual retry' : ''}
              {errorBeyondStatus(a.error, a.status_code) ? ` · ${a.error}` : ''}
              {a.response_excerpt ? <pre className="excerpt">{a.response_excerpt}</pre> : null}
            </li>
          ))}
        </ol>
      ) : null}
      <ApiErrorText error={error} />
    </li>
  );
}
