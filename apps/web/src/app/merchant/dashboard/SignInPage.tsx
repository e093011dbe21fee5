// Sign in with email and password, or create an account; the gateway keeps the session in an HttpOnly cookie, so
// the token in the answer is not kept anywhere by the page.
import { useState, type FormEvent } from 'react';
import { dashboardSession, gateway, ok } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import { useAction } from './useAction.ts';

export function SignInPage({ notice, onSignedIn }: { notice: string | null; onSignedIn: () => void }) {
  const [mode, setMode] = useState<'sign-in' | 'sign-up'>('sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [business, setBusiness] = useState('');
  const { busy, error, setError, run } = useAction();

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
  return (
    <section className="card sign-in" aria-labelledby="sign-in-heading">
      <h1 id="sign-in-heading">{signUp ? 'Create your Tender account' : 'Sign in to Tender'}</h1>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
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
    </section>
  );
}
