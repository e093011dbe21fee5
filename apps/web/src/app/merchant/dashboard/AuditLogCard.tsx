// The audit log: who did what, newest first (audit:read; a role without it is told so by the API's message).
import { useState } from 'react';
import { when } from './Bits.tsx';
import { useDashboard } from './dashboardContext.ts';
import { gateway, ok, type AuditEvent } from './dashboardApi.ts';
import { ApiErrorText } from './Field.tsx';
import { useLoad } from './useLoad.ts';

export function AuditLogCard({ version }: { version: number }) {
  const { can } = useDashboard();
  const [older, setOlder] = useState<AuditEvent[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const first = useLoad(async () => {
    if (!can('audit:read')) return null;
    const r = await ok(gateway.GET('/v1/audit-events', { params: { query: { limit: 25 } } }));
    setOlder([]);
    setCursor(r.next_cursor);
    return r.data;
  }, [version, can]);
  if (!can('audit:read')) return null;

  async function more() {
    if (!cursor) return;
    try {
      const r = await ok(gateway.GET('/v1/audit-events', { params: { query: { limit: 25, cursor } } }));
      setOlder([...older, ...r.data]);
      setCursor(r.next_cursor);
    } catch (err) {
      setError(err);
    }
  }

  return (
    <section className="card" aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <ApiErrorText error={first.error ?? error} />
      <ul className="rows">
        {[...(first.data ?? []), ...older].map((e) => (
          <li key={e.id}>
            <strong>{e.action}</strong> · {e.actor.type}
            {e.actor.id ? ` ${e.actor.id}` : ''}
            {e.target ? ` → ${e.target.type} ${e.target.id}` : ''}
            {e.environment ? ` · ${e.environment}` : ''} · {when(e.created_at)}
          </li>
        ))}
      </ul>
      {cursor ? (
        <button type="button" className="secondary small" onClick={() => void more()}>
          Older events
        </button>
      ) : null}
    </section>
  );
}
