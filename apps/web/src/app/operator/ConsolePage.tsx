// The operator console (/admin/): one page for both services. Sign in with the operator's credentials, then one
// panel at a time: merchants, networks, relayers, queues, the agent services, and the audit log of every action.
import { useState, type FormEvent } from 'react';
import './console.css';
import { operatorCredentials } from './consoleApi.ts';
import { MerchantsPanel } from './MerchantsPanel.tsx';
import { NetworksPanel } from './NetworksPanel.tsx';
import { AgentsPanel, AuditPanel, QueuesPanel, RelayersPanel } from './OperationsPanels.tsx';

const PANELS = ['Merchants', 'Networks', 'Relayers', 'Queues', 'Agents', 'Audit'] as const;
type Panel = (typeof PANELS)[number];

export default function ConsolePage() {
  const [signedIn, setSignedIn] = useState(() => operatorCredentials.get() !== null);
  const [panel, setPanel] = useState<Panel>('Merchants');
  if (!signedIn) return <SignIn onSignedIn={() => setSignedIn(true)} />;
  return (
    <div className="operator-console">
      <header className="console-header">
        <h1>Operator console</h1>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            operatorCredentials.clear();
            setSignedIn(false);
          }}
        >
          Sign out
        </button>
      </header>
      <nav aria-label="Console" className="console-tabs">
        {PANELS.map((p) => (
          <button
            key={p}
            type="button"
            aria-current={p === panel ? 'page' : undefined}
            className={p === panel ? 'current' : 'secondary'}
            onClick={() => setPanel(p)}
          >
            {p}
          </button>
        ))}
      </nav>
      <PanelView panel={panel} />
    </div>
  );
}

/** A 401 clears the stored credentials (consoleApi.ts): the panel shows it, and the next load asks to sign in. */
function PanelView({ panel }: { panel: Panel }) {
  switch (panel) {
    case 'Merchants':
      return <MerchantsPanel />;
    case 'Networks':
      return <NetworksPanel />;
    case 'Relayers':
      return <RelayersPanel />;
    case 'Queues':
      return <QueuesPanel />;
    case 'Agents':
      return <AgentsPanel />;
    case 'Audit':
      return <AuditPanel />;
  }
}

function SignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [username, setUsername] = useState('operator');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    operatorCredentials.set(username, password);
    // One cheap call proves the credentials (and counts a failure against the lockout like any other).
    const res = await fetch('/admin/api/audit?limit=1', {
      headers: { authorization: `Basic ${operatorCredentials.get()}` },
      credentials: 'omit',
      cache: 'no-store',
    }).catch(() => null);
    if (res?.ok) return onSignedIn();
    operatorCredentials.clear();
    const body = (await res?.json().catch(() => null)) as { error?: { message?: string } } | null;
    setError(body?.error?.message ?? 'Cannot reach the server');
  }
  return (
    <form className="card console-sign-in" onSubmit={(e) => void submit(e)}>
      <h1>Operator console</h1>
      <label>
        User name
        <input value={username} autoComplete="username" onChange={(e) => setUsername(e.target.value)} />
      </label>
      <label>
        Password
        <input
          type="password"
          value={password}
          autoComplete="current-password"
          onChange={(e) => setPassword(e.target.value)}
        />
      </label>
      {error ? (
        <p role="alert" className="console-error">
          {error}
        </p>
      ) : null}
      <button type="submit">Sign in</button>
    </form>
  );
}
