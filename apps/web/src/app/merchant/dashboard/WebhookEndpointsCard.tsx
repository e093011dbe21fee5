// Webhook endpoints: register with event types (the signing secret is shown once), send a test event and show what
// the receiver answered, rotate the secret, disable or enable, delete.
import { useState, type FormEvent } from 'react';
import { OnceSecret, StatusBadge, when } from './Bits.tsx';
import { useDashboard } from './dashboardContext.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../../../../packages/sdk/src/openapi.ts';
import { gateway, ok, type WebhookEventType } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { useAction } from './useAction.ts';
import { useLoad } from './useLoad.ts';
import { listOf } from '../../shared/listOf.ts';

export function WebhookEndpointsCard({ onChanged }: { onChanged: () => void }) {
  const { can } = useDashboard();
  const manage = can('webhooks:manage');
  const endpoints = useLoad(() => ok(gateway.GET('/v1/webhook-endpoints', { params: { query: { limit: 100 } } })), []);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [all, setAll] = useState(true);
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const { busy, error, run } = useAction();

  async function create(e: FormEvent) {
    e.preventDefault();
    await run(async () => {
      const ep = await ok(
        gateway.POST('/v1/webhook-endpoints', {
          body: { url, enabled_events: all ? ['*'] : events, ...(description ? { description } : {}) },
        }),
      );
      setSecret({ title: `Signing secret for ${ep.url}.`, value: ep.secret });
      setUrl('');
      setDescription('');
      await endpoints.reload();
      onChanged();
    });
  }

  async function act(work: () => Promise<unknown>) {
    await run(async () => {
      await work();
      await endpoints.reload();
      onChanged();
    });
  }

  return (
    <section className="card" aria-labelledby="endpoints-heading">
      <h2 id="endpoints-heading">Webhook endpoints</h2>
      {secret ? <OnceSecret title={secret.title} secret={secret.value} label="Webhook signing secret" /> : null}
      <ApiErrorText error={endpoints.error} />
      {listOf(endpoints.data).empty ? <p className="muted">No endpoint yet.</p> : null}
      <ul className="rows">
        {listOf(endpoints.data).items.map((ep) => (
          <li key={ep.id} className="row-with-actions">
            <span>
              <code>{ep.url}</code> <StatusBadge status={ep.status} />
              {ep.disabled_reason === 'failing' ? ' (disabled: kept failing)' : ''}
              <div className="muted small">
                {ep.enabled_events.join(', ')} · {ep.id} · created {when(ep.created_at)}
                {ep.failing_since ? ` · failing since ${when(ep.failing_since)}` : ''}
              </div>
            </span>
            {manage ? (
              <span className="actions">
                <SendTestEvent endpointId={ep.id} disabled={ep.status !== 'enabled'} onSent={onChanged} />
                <button
                  type="button"
                  className="secondary small"
                  onClick={() =>
                    void act(async () => {
                      const r = await ok(
                        gateway.POST('/v1/webhook-endpoints/{id}/rotate-secret', {
                          params: { path: { id: ep.id } },
                          body: {},
                        }),
                      );
                      setSecret({ title: `New signing secret for ${ep.url}.`, value: r.secret });
                    })
                  }
                >
                  Rotate secret
                </button>
                <button
                  type="button"
                  className="secondary small"
                  onClick={() =>
                    void act(() =>
                      ok(
                        gateway.PATCH('/v1/webhook-endpoints/{id}', {
                          params: { path: { id: ep.id } },
                          body: { status: ep.status === 'enabled' ? 'disabled' : 'enabled' },
                        }),
                      ),
                    )
                  }
                >
                  {ep.status === 'enabled' ? 'Disable' : 'Enable'}
                </button>
                <button
                  type="button"
                  className="secondary small danger"
                  onClick={() =>
                    void act(() =>
                      ok(gateway.DELETE('/v1/webhook-endpoints/{id}', { params: { path: { id: ep.id } } })),
                    )
                  }
                >
                  Delete
                </button>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {manage ? (
        <form onSubmit={(e) => void create(e)} noValidate className="inline-form" aria-label="Add a webhook endpoint">
          <h3>Add an endpoint</h3>
          <Field id="endpoint-url" path="url" label="Endpoint URL" error={error}>
            {(p) => (
              <input {...p} type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />
            )}
          </Field>
          <Field id="endpoint-description" path="description" label="Description (optional)" error={error}>
            {(p) => <input {...p} value={description} onChange={(e) => setDescription(e.target.value)} />}
          </Field>
          <fieldset className="events">
            <legend>Events</legend>
            <label>
              <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} /> Every event
            </label>
            {all
              ? null
              : WEBHOOK_EVENT_TYPES.map((t) => (
                  <label key={t}>
                    <input
                      type="checkbox"
                      checked={events.includes(t)}
                      onChange={(e) => setEvents(e.target.checked ? [...events, t] : events.filter((x) => x !== t))}
                    />{' '}
                    {t}
                  </label>
                ))}
          </fieldset>
          <button type="submit" disabled={busy}>
            Add endpoint
          </button>
        </form>
      ) : null}
      <ApiErrorText error={error} />
    </section>
  );
}

/**
 * "Send test event": POST /v1/webhook-endpoints/{id}/test makes one real, signed delivery of a `test` event; the
 * delivery is then read until its first attempt is done, and what the receiver answered is shown. The delivery log
 * below is refreshed once the delivery exists and again when its first attempt is known (`onSent`).
 */
function SendTestEvent({
  endpointId,
  disabled,
  onSent,
}: {
  endpointId: string;
  disabled: boolean;
  onSent: () => void;
}) {
  const [result, setResult] = useState<{ tone: 'good' | 'bad' | 'wait'; text: string } | null>(null);
  async function send() {
    setResult({ tone: 'wait', text: 'Sending a test event…' });
    try {
      const sent = await ok(gateway.POST('/v1/webhook-endpoints/{id}/test', { params: { path: { id: endpointId } } }));
      onSent();
      for (let i = 0; i < 40; i++) {
        const d = await ok(gateway.GET('/v1/webhook-deliveries/{id}', { params: { path: { id: sent.id } } }));
        if (d.attempt_count > 0) {
          const answer = d.last_status_code === null ? (d.last_error ?? 'no answer') : `HTTP ${d.last_status_code}`;
          setResult(
            d.status === 'succeeded'
              ? { tone: 'good', text: `Test event ${d.event_id} delivered: your endpoint answered ${answer}.` }
              : { tone: 'bad', text: `Test event ${d.event_id} failed: ${answer}. It is retried like any event.` },
          );
          onSent();
          return;
        }
        await new Promise((r) => setTimeout(r, 500));
      }
      setResult({ tone: 'wait', text: `Test event ${sent.event_id} queued; see the delivery log for its attempts.` });
    } catch (e) {
      setResult({ tone: 'bad', text: e instanceof Error ? e.message : 'The test event could not be sent' });
    }
  }
  return (
    <>
      <button
        type="button"
        className="secondary small"
        disabled={disabled || result?.tone === 'wait'}
        onClick={() => void send()}
      >
        Send test event
      </button>
      {result ? (
        <span className={`test-result ${result.tone}`} role="status" data-testid="test-event-result">
          {result.text}
        </span>
      ) : null}
    </>
  );
}
