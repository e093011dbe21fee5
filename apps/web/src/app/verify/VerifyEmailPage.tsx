// {DASHBOARD_URL}/verify-email?token=…: confirms the emailed link once and says what happened. The token is sent
// once, in a POST body, and never shown or logged.
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../shared/api.ts';

type Outcome =
  | { kind: 'working' }
  | { kind: 'done'; email: string; purpose: 'verify' | 'change' }
  | { kind: 'expired' }
  | { kind: 'used'; message: string }
  | { kind: 'failed'; message: string };

export default function VerifyEmailPage({ token }: { token: string | null }) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return; // StrictMode runs effects twice; a link is single use.
    sent.current = true;
    // Drop the token from the address bar and history once read.
    history.replaceState(null, '', location.pathname);
    if (!token || token.length < 20) {
      setOutcome({ kind: 'used', message: 'This link is incomplete. Open the full link from the email.' });
      return;
    }
    api.confirmEmail(token).then(
      (r) => setOutcome({ kind: 'done', email: r.email, purpose: r.purpose }),
      (err) => {
        if (err instanceof ApiError && err.code === 'EMAIL_TOKEN_EXPIRED') setOutcome({ kind: 'expired' });
        else if (err instanceof ApiError && (err.code === 'EMAIL_TOKEN_INVALID' || err.code === 'EMAIL_IN_USE'))
          setOutcome({ kind: 'used', message: err.message });
        else setOutcome({ kind: 'failed', message: err instanceof Error ? err.message : 'Something went wrong' });
      },
    );
  }, [token]);

  return (
    <section className="card" aria-live="polite" data-testid="verify-outcome" data-outcome={outcome.kind}>
      {outcome.kind === 'working' ? <h1>Confirming your email address…</h1> : null}
      {outcome.kind === 'done' ? (
        <>
          <h1>Email address confirmed</h1>
          <p>
            {outcome.purpose === 'change' ? 'Your account now uses ' : 'Thank you: '}
            <strong>{outcome.email}</strong>
            {outcome.purpose === 'change' ? '.' : ' is verified.'} You can close this page.
          </p>
        </>
      ) : null}
      {outcome.kind === 'expired' ? (
        <>
          <h1>This link has expired</h1>
          <p>Ask for a new one from the dashboard.</p>
        </>
      ) : null}
      {outcome.kind === 'used' ? (
        <>
          <h1>This link was already used or is no longer valid</h1>
          <p>{outcome.message}</p>
        </>
      ) : null}
      {outcome.kind === 'failed' ? (
        <>
          <h1>Could not confirm your address</h1>
          <p role="alert">{outcome.message}</p>
        </>
      ) : null}
    </section>
  );
}
