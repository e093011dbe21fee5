// The account's email: whether it is verified (live mode waits for it), a new verification link, and a change of
// address, which asks for the current password in the same form (the API re-authenticates the change itself; the
// address changes only when the emailed link is used).
import { useState, type FormEvent } from 'react';
import { when } from './Bits.tsx';
import { gateway, ok } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { useLoad } from './useLoad.ts';

export function AccountEmailCard() {
  const status = useLoad(() => ok(gateway.GET('/v1/auth/email')), []);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const s = status.data;

  async function verify() {
    setError(null);
    setSent(null);
    try {
      const r = await ok(gateway.POST('/v1/auth/email/verify'));
      setSent(`A verification link is on its way to ${r.email}; it works until ${when(r.expires_at)}.`);
    } catch (err) {
      setError(err);
    }
  }

  async function change(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setSent(null);
    try {
      const r = await ok(gateway.POST('/v1/auth/email/change', { body: { email, reauth: { password } } }));
      setSent(`Confirm the change with the link sent to ${r.email} (valid until ${when(r.expires_at)}).`);
      setEmail('');
      setPassword('');
      await status.reload();
    } catch (err) {
      setError(err);
    } finally {
      setPassword('');
    }
  }

  return (
    <section className="card" aria-labelledby="email-heading">
      <h2 id="email-heading">Your email</h2>
      <ApiErrorText error={status.error} />
      {s ? (
        <p data-testid="email-status">
          {s.email ?? 'No email address'} · <span className="badge">{s.verified ? 'verified' : 'not verified'}</span>
          {s.pending_email ? (
            <span className="muted">
              {' '}
              · change to {s.pending_email.email} waiting for its link (until {when(s.pending_email.expires_at)})
            </span>
          ) : null}
        </p>
      ) : null}
      {s && s.has_email && !s.verified ? (
        <button type="button" className="secondary" onClick={() => void verify()}>
          Send a verification link
        </button>
      ) : null}
      {sent ? <p role="status">{sent}</p> : null}
      {s?.sign_in_methods.includes('password') ? (
        <form onSubmit={(e) => void change(e)} noValidate className="inline-form" aria-label="Change your email">
          <h3>Change your email</h3>
          <Field id="new-email" path="email" label="New email" error={error}>
            {(p) => (
              <input
                {...p}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="email"
              />
            )}
          </Field>
          <Field id="reauth-password" path="reauth.password" label="Current password" error={error}>
            {(p) => (
              <input
                {...p}
                type="password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                autoComplete="current-password"
              />
            )}
          </Field>
          <button type="submit">Change email</button>
        </form>
      ) : null}
      <ApiErrorText error={error} />
    </section>
  );
}
