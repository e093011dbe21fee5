// API keys: create with a role and environment (the secret is shown once, with a copy button), list, revoke.
import { useState, type FormEvent } from 'react';
import { OnceSecret, roleName, when } from './Bits.tsx';
import { useDashboard } from './dashboardContext.ts';
import { gateway, ok, type Environment } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { useAction } from './useAction.ts';
import { useLoad } from './useLoad.ts';
import { listOf } from '../../shared/listOf.ts';

type KeyRole = 'admin' | 'developer' | 'read_only';
/** What a key of each role may do: shown under the select (the options only name the role, so they fit at 360 px). */
const KEY_ROLE_LABELS: Record<KeyRole, string> = {
  admin: 'Admin: everything but account settings',
  developer: 'Developer: read and write, webhooks',
  read_only: 'Read-only',
};
const KEY_ROLES = Object.keys(KEY_ROLE_LABELS) as KeyRole[];

export function ApiKeysCard() {
  const { can, environment } = useDashboard();
  const keys = useLoad(() => ok(gateway.GET('/v1/api-keys', { params: { query: { limit: 100 } } })), []);
  const [name, setName] = useState('');
  const [role, setRole] = useState<KeyRole>('developer');
  const [env, setEnv] = useState<Environment>(environment);
  const [fresh, setFresh] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const manage = can('keys:manage');

  async function create(e: FormEvent) {
    e.preventDefault();
    await run(async () => {
      const k = await ok(gateway.POST('/v1/api-keys', { body: { name, role, environment: env } }));
      setFresh(k.secret);
      setName('');
      await keys.reload();
    });
  }

  async function revoke(id: string) {
    await run(async () => {
      await ok(gateway.POST('/v1/api-keys/{id}/revoke', { params: { path: { id } } }));
      await keys.reload();
    });
  }

  return (
    <section className="card" aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      {fresh ? <OnceSecret title="New API key." secret={fresh} label="New API key" /> : null}
      <ApiErrorText error={keys.error} />
      {listOf(keys.data).empty ? <p className="muted">No API key yet.</p> : null}
      <ul className="rows">
        {listOf(keys.data).items.map((k) => (
          <li key={k.id} className="row-with-actions">
            <span>
              <strong>{k.name}</strong>{' '}
              <code>
                {k.prefix}…{k.last4}
              </code>{' '}
              · {roleName(k.role)} · {k.environment} · created {when(k.created_at)} · last used {when(k.last_used_at)}
              {k.revoked_at ? <span className="badge">revoked</span> : null}
            </span>
            {manage && !k.revoked_at ? (
              <button type="button" className="secondary small" onClick={() => void revoke(k.id)}>
                Revoke {k.name}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {manage ? (
        <form onSubmit={(e) => void create(e)} noValidate className="inline-form" aria-label="Create an API key">
          <h3>Create a key</h3>
          <Field id="key-name" path="name" label="Name" error={error}>
            {(p) => <input {...p} value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />}
          </Field>
          <Field id="key-role" path="role" label="Role" error={error} hint={KEY_ROLE_LABELS[role]}>
            {(p) => (
              <select {...p} value={role} onChange={(e) => setRole(e.target.value as KeyRole)}>
                {KEY_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {roleName(r)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="key-environment" path="environment" label="Environment" error={error}>
            {(p) => (
              <select {...p} value={env} onChange={(e) => setEnv(e.target.value as Environment)}>
                <option value="test">Test (sk_test_)</option>
                <option value="live">Live (sk_live_)</option>
              </select>
            )}
          </Field>
          <button type="submit" disabled={busy}>
            Create key
          </button>
          <ApiErrorText error={error} />
        </form>
      ) : null}
    </section>
  );
}
