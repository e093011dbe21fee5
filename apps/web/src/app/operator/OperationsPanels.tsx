// Relayers, job queues, the agent services and the audit log: read panels, plus retrying a dead job.
import { useAction } from '../merchant/dashboard/useAction.ts';
import { useLoad } from '../merchant/dashboard/useLoad.ts';
import { ApiError } from '../shared/api.ts';
import { consoleApi } from './consoleApi.ts';

/** An API failure in the API's own words; a 401 asks to sign in again (the stored credentials were dropped). */
export function ConsoleError({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : 'Something went wrong';
  return (
    <p role="alert" className="console-error">
      {message}
      {error instanceof ApiError && error.status === 401 ? (
        <>
          {' '}
          <button type="button" className="secondary" onClick={() => location.reload()}>
            Sign in again
          </button>
        </>
      ) : null}
    </p>
  );
}

export function RelayersPanel() {
  const r = useLoad(() => consoleApi.relayers(), []);
  return (
    <section className="card" aria-labelledby="relayers-title">
      <h2 id="relayers-title">Relayers</h2>
      <ConsoleError error={r.error} />
      {(r.data?.relayers ?? []).map((x) => (
        <article key={x.network} className="console-detail" aria-label={`Relayer on ${x.network}`}>
          <h3>{x.network}</h3>
          <dl>
            <dt>Address</dt>
            <dd>
              <code>{x.address}</code>
            </dd>
            <dt>Balance</dt>
            <dd>
              {x.chain
                ? `${x.chain.balance} (native): gas for ${x.chain.sweepsAffordable.toLocaleString('en-US')} sweeps${x.chain.lowOnGas ? ' (low: sweeps wait until it is funded)' : ''}`
                : (x.chainError ?? '—')}
            </dd>
            <dt>Nonce</dt>
            <dd>
              {x.chain ? `mined ${x.chain.nonceLatest}, with pool ${x.chain.noncePending}` : '—'}; next stored{' '}
              {x.storedNextNonce ?? '—'}
            </dd>
            <dt>In flight</dt>
            <dd>
              {x.pendingTransactions.length === 0
                ? 'none'
                : x.pendingTransactions.map((t) => `nonce ${t.nonce ?? '?'} ${t.txHash ?? ''}`).join(', ')}
            </dd>
          </dl>
        </article>
      ))}
      {r.data && r.data.relayers.length === 0 ? <p className="muted">No relayer is configured.</p> : null}
    </section>
  );
}

export function QueuesPanel() {
  const q = useLoad(() => consoleApi.queues(), []);
  const action = useAction();
  return (
    <section className="card" aria-labelledby="queues-title">
      <h2 id="queues-title">Queues</h2>
      <ConsoleError error={q.error} />
      <table>
        <thead>
          <tr>
            <th>Queue</th>
            <th>Due</th>
            <th>Scheduled</th>
            <th>Running</th>
            <th>Dead</th>
            <th>Oldest due</th>
          </tr>
        </thead>
        <tbody>
          {(q.data?.queues ?? []).map((s) => (
            <tr key={s.queue}>
              <td>{s.queue}</td>
              <td>{s.depth}</td>
              <td>{s.scheduled}</td>
              <td>{s.running}</td>
              <td>{s.dead}</td>
              <td>{Math.round(s.oldestDueAgeSeconds)} s</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Dead jobs</h3>
      <ul className="console-rows">
        {(q.data?.deadJobs ?? []).map((j) => (
          <li key={j.id}>
            <code>
              {j.queue} #{j.id}
            </code>{' '}
            after {j.attempts} attempts: {j.lastError ?? '(no error recorded)'}{' '}
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void action.run(async () => {
                  await consoleApi.retryJob(j.id);
                  await q.reload();
                })
              }
            >
              Retry job {j.id}
            </button>
          </li>
        ))}
      </ul>
      {q.data && q.data.deadJobs.length === 0 ? <p className="muted">No dead job.</p> : null}
      <ConsoleError error={action.error} />
    </section>
  );
}

export function AgentsPanel() {
  const a = useLoad(() => consoleApi.agents(), []);
  const d = a.data;
  return (
    <section className="card" aria-labelledby="agents-title">
      <h2 id="agents-title">Agent services</h2>
      <ConsoleError error={a.error} />
      {d && !d.available ? (
        <p className="muted">
          The agent services do not run in this process; their admin API is /admin/api on the agents’ own address, with
          the same operator credentials.
        </p>
      ) : null}
      {d?.available ? (
        <>
          <p className="muted">
            Suspend a tenant or turn a service off through the agents’ admin API: <code>{d.adminApiUrl}</code>
          </p>
          <h3>Services</h3>
          <ul className="console-rows">
            {d.services.map((s) => (
              <li key={s.serviceId}>
                <code>{s.serviceId}</code> {s.available ? 'available' : `off: ${s.unavailableReason ?? ''}`}
                {s.turnedOffByOperator ? ' (turned off by an operator)' : ''}
              </li>
            ))}
          </ul>
          <h3>Tenants</h3>
          <ul className="console-rows">
            {d.tenants.map((t) => (
              <li key={t.tenantId}>
                <code>{t.walletAddress}</code> {t.status}
                {t.suspendedReason ? `: ${t.suspendedReason}` : ''}
              </li>
            ))}
          </ul>
          {d.tenants.length === 0 ? <p className="muted">No tenant yet.</p> : null}
        </>
      ) : null}
    </section>
  );
}

export function AuditPanel() {
  const a = useLoad(() => consoleApi.audit(), []);
  return (
    <section className="card" aria-labelledby="audit-title">
      <h2 id="audit-title">Audit log</h2>
      <ConsoleError error={a.error} />
      <ul className="console-rows">
        {(a.data?.audit ?? []).map((e) => (
          <li key={e.id}>
            {new Date(e.at).toLocaleString()} · {e.operator} · <strong>{e.action}</strong>
            {e.target ? ` · ${e.target}` : ''} {Object.keys(e.details).length ? JSON.stringify(e.details) : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
