// Sign in with email and password, or create an account; the gateway keeps the session in an HttpOnly cookie, so
// the token in the answer is not kept anywhere by the page. When the deployment has an identity provider
// (GET /public/auth/idp), a "Sign in with <provider>" button sends the person there (idpSignIn.ts); on the sign-up
// path it creates the account under the business name typed here.
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../shared/api.ts';
import { dashboardSession, gateway, ok } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { loadIdpProvider, startIdpSignIn } from './idpSignIn.ts';
import { useAction } from './useAction.ts';
import { useLoad } from './useLoad.ts';

export function SignInPage({
  notice,
  problem,
  onSignedIn,
}: {
  notice: string | null;
  /** Why the last identity-provider sign-in did not complete, in words. */
  problem: string | null;
  onSignedIn: () => void;
}) {
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [business, setBusiness] = useState('');
  const { busy, error, setError, run } = useAction();
  const idp = useLoad(loadIdpProvider, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(async () => {
      if (mode === 'sign-in') await ok(gateway.POST('/v1/auth/login', { body: { email, password } }));
      else await ok(gateway.POST('/v1/auth/signup', { body: { email, password, business_name: business } }));
      dashboardSession.set(true);
      onSignedIn();
    });
  }

  const signUp = mode === 'sign-up';
  function withProvider() {
    const provider = idp.data;
    if (!provider) return;
    const name = signUp ? business.trim() : '';
    if (name.length > 120) {
      const message = 'The business name is 1 to 120 characters';
      setError(new ApiError(400, 'VALIDATION_FAILED', message, [{ path: 'business_name', message }]));
      return;
    }
    startIdpSignIn(provider, name || undefined);
  }

  return (
    <section className="card sign-in" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">{signUp ? 'Create your Tender account' : 'Sign in to Tender'}</h1>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      {problem ? (
        <div className="error-text" role="alert" data-testid="idp-problem">
          <p>{problem}</p>
        </div>
      ) : null}
      <form onSubmit={(e) => void submit(e)} noValidate>
        {signUp ? (
          <Field id="business_name" label="Business name" error={error}>
            {(p) => (
              <input
                {...p}
                value={business}
                onChange={(e) => setBusiness(e.target.value)}
                autoComplete="organization"
              />
            )}
          </Field>
        ) : null}
        <Field id="email" label="Email" error={error}>
          {(p) => (
            <input {...p} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
          )}
        </Field>
        <Field id="password" label="Password" error={error} hint={signUp ? '12 to 200 characters' : undefined}>
          {(p) => (
            <input
              {...p}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete={signUp ? 'new-password' : 'current-password'}
            />
          )}
        </Field>
        <div className="actions">
          <button type="submit" disabled={busy}>
            {signUp ? 'Create account' : 'Sign in'}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setMode(signUp ? 'sign-in' : 'sign-up');
              setError(null);
            }}
          >
            {signUp ? 'I already have an account' : 'Create an account'}
          </button>
          {signUp ? null : <a href="/reset-password">Forgot password?</a>}
        </div>
        <ApiErrorText error={error} />
      </form>
      {idp.data ? (
        <div className="idp-sign-in">
          <p className="or" aria-hidden="true">
            or
          </p>
          <button
            type="button"
            className="secondary"
            disabled={busy}
            onClick={withProvider}
            aria-describedby={signUp ? 'idp-hint' : undefined}
          >
            {signUp ? `Sign up with ${idp.data.name}` : `Sign in with ${idp.data.name}`}
          </button>
          {signUp ? (
            <small id="idp-hint" className="muted">
              The new account takes the business name above, or your name at {idp.data.name} when it is empty.
            </small>
          ) : null}
        </div>
      ) : idp.error ? (
        <p className="muted">Sign-in with the identity provider is unavailable right now. Try again shortly.</p>
      ) : null}
    </section>
  );
}
