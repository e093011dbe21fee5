// Replace the agent's access token: the new one is shown once (only its hash is kept); every other token stops
// working at once, over REST and on open sockets.
import { useState } from 'react';
import { ErrorNotice } from '../shared/ErrorNotice.tsx';
import { ownerApi, type AccessTokenInfo } from './ownerApi.ts';

export function AccessTokenReplacement({ tokens, onChanged }: { tokens: AccessTokenInfo[]; onChanged: () => void }) {
  const [fresh, setFresh] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const active = tokens.filter((t) => t.status === 'active').length;

  async function run(action: 'replace' | 'revoke') {
    setBusy(true);
    setError(null);
    try {
      if (action === 'replace') setFresh((await ownerApi.replaceToken()).accessToken);
      else {
        await ownerApi.revokeTokens();
        setFresh(null);
      }
      onChanged();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="token-heading">
      <h2 id="token-heading">Access token</h2>
      <p>
        {active === 1 ? 'One active token.' : `${active} active tokens.`} {tokens.length - active} revoked.
      </p>
      {fresh ? (
        <div className="notice" role="status">
          <p>
            <strong>New access token — shown once.</strong> Give it to your agent now; the old one no longer works.
          </p>
          <code className="secret" aria-label="New access token">
            {fresh}
          </code>
        </div>
      ) : null}
      <div className="actions">
        <button type="button" disabled={busy} onClick={() => void run('replace')}>
          Replace access token
        </button>
        <button type="button" className="secondary" disabled={busy || active === 0} onClick={() => void run('revoke')}>
          Revoke without replacement
        </button>
      </div>
      {error ? <ErrorNotice error={error} title="The token was not changed" /> : null}
    </section>
  );
}
