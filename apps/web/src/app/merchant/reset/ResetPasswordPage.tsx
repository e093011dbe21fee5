// {DASHBOARD_URL}/reset-password, a merchant page in English like the dashboard: both steps of a forgotten password.
// Without a token it asks for the address and says a mail is on its way (whatever the address: the API never tells
// whether an account uses it). With the emailed `token` it asks for the new password; the token leaves the address
// bar at once, is sent once in a POST body and never shown or logged. A reset signs every session out, so this tab's
// own session is dropped too.
import { useState, type FormEvent } from 'react';
import { dashboardSession, gateway, ok } from '../dashboard/dashboardApi.ts';
import { ApiErrorText, Field } from '../dashboard/Field.tsx';
import { NewPasswordFields, newPasswordProblem } from '../dashboard/NewPasswordFields.tsx';
import { useAction } from '../dashboard/useAction.ts';
import { useDocumentTitle } from '../../shared/i18n/i18n.tsx';
import { ApiError } from '../../shared/api.ts';
import { useAddressToken } from '../../shared/useAddressToken.ts';
import '../dashboard/dashboard.css';

const SIGN_IN_URL = '/dashboard/';

export default function ResetPasswordPage() {
  const token = useAddressToken();
  // Inside .dashboard, so the form looks like the dashboard's sign-in page it comes from.
  return <div className="dashboard">{token ? <NewPasswordStep token={token} /> : <ForgotStep />}</div>;
}

/** The tab's title: "<title> · Tender". */
function useTitle(title: string) {
  useDocumentTitle(`${title} · Tender`);
}

function ForgotStep() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  useTitle('Reset your password');

  async function submit(e: FormEvent) {
    e.preventDefault();
    await run(async () => {
      await ok(gateway.POST('/v1/auth/password/forgot', { body: { email } }));
      setSentTo(email);
    });
  }

  return (
    <section className="card sign-in" aria-labelledby="reset-heading">
      <h1 id="reset-heading">{sentTo ? 'Check your email' : 'Reset your password'}</h1>
      {sentTo ? (
        <div role="status" data-testid="reset-requested">
          <p>
            We sent a message to <strong>{sentTo}</strong>. If an account uses this address, the message has a link to
            set a new password; it works once, for one hour.
          </p>
          <p className="muted">Nothing arrived after a few minutes? Check the spam folder, or ask again.</p>
          <div className="actions">
            <button type="button" className="link-button" onClick={() => setSentTo(null)}>
              Use another address
            </button>
            <a href={SIGN_IN_URL}>Back to sign in</a>
          </div>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p>Enter the email address of your account. We will send you a link to set a new password.</p>
          <Field id="email" label="Email" error={error}>
            {(p) => (
              <input
                {...p}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                autoComplete="email"
                required
              />
            )}
          </Field>
          <div className="actions">
            <button type="submit" disabled={busy}>
              Send reset link
            </button>
            <a href={SIGN_IN_URL}>Back to sign in</a>
          </div>
          <ApiErrorText error={error} />
        </form>
      )}
    </section>
  );
}

const LINK_DEAD = new Set(['PASSWORD_RESET_TOKEN_INVALID', 'PASSWORD_RESET_TOKEN_EXPIRED']);

function NewPasswordStep({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState<{ email: string; sessionsEnded: number } | null>(null);
  const { busy, error, setError, run } = useAction();
  const dead = error instanceof ApiError && LINK_DEAD.has(error.code);
  useTitle(done ? 'Password changed' : dead ? 'This reset link no longer works' : 'Choose a new password');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const local = newPasswordProblem(password, confirm);
    if (local) {
      setError(new ApiError(400, 'VALIDATION_FAILED', 'Check the new password', [local]));
      return;
    }
    await run(async () => {
      const r = await ok(gateway.POST('/public/auth/password/reset', { body: { token, password } }));
      // Every session of the account has ended, this tab's too.
      dashboardSession.clear();
      setDone({ email: r.email, sessionsEnded: r.sessions_ended });
    });
  }

  if (done)
    return (
      <section className="card sign-in" aria-labelledby="reset-heading" data-testid="reset-done">
        <h1 id="reset-heading">Password changed</h1>
        <p>
          The password of <strong>{done.email}</strong> is set.{' '}
          {done.sessionsEnded > 0
            ? `${done.sessionsEnded} open session${done.sessionsEnded === 1 ? ' was' : 's were'} signed out, on every device.`
            : 'No session was open.'}
        </p>
        <div className="actions">
          <a className="button" href={SIGN_IN_URL}>
            Sign in
          </a>
        </div>
      </section>
    );

  if (dead)
    return (
      <section className="card sign-in" aria-labelledby="reset-heading" data-testid="reset-dead">
        <h1 id="reset-heading">This reset link no longer works</h1>
        <p role="alert">{error.message}</p>
        <div className="actions">
          <a href="/reset-password">Ask for a new link</a>
          <a href={SIGN_IN_URL}>Back to sign in</a>
        </div>
      </section>
    );

  return (
    <section className="card sign-in" aria-labelledby="reset-heading">
      <h1 id="reset-heading">Choose a new password</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p>Setting it signs you out everywhere: every session and device of the account.</p>
        <NewPasswordFields
          label="New password"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          error={error}
        />
        <div className="actions">
          <button type="submit" disabled={busy}>
            Set new password
          </button>
        </div>
        <ApiErrorText error={error} />
      </form>
    </section>
  );
}
