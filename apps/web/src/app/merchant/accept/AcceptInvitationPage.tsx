// {DASHBOARD_URL}/accept-invitation, the page of a team invitation's mailed link, in English like the dashboard. The
// token leaves the address bar at once and is sent once in a POST body, never shown or logged. A person signed in in
// this browser may accept with that session (the account's email must be the invited address); anyone may accept with a
// password: a new account for the invited address, or the password of the account that already holds it. Either
// way the answer is a session acting in the merchant joined, kept like a sign-in's, and the dashboard opens.
import { useEffect, useState, type FormEvent } from 'react';
import { dashboardSession, gateway, ok, probeSession } from '../dashboard/dashboardApi.ts';
import { roleName } from '../dashboard/Bits.tsx';
import { ApiErrorText } from '../dashboard/Field.tsx';
import { NewPasswordFields, newPasswordProblem } from '../dashboard/NewPasswordFields.tsx';
import { useAction } from '../dashboard/useAction.ts';
import { useDocumentTitle } from '../../shared/i18n/i18n.tsx';
import { ApiError } from '../../shared/api.ts';
import { useAddressToken } from '../../shared/useAddressToken.ts';
import '../dashboard/dashboard.css';

const DASHBOARD_URL = '/dashboard/';
const LINK_DEAD = new Set(['INVITATION_TOKEN_INVALID', 'INVITATION_EXPIRED', 'INVITATION_USED', 'INVITATION_REVOKED']);

export default function AcceptInvitationPage() {
  const token = useAddressToken();
  return (
    <div className="dashboard">
      {token ? (
        <AcceptStep token={token} />
      ) : (
        <Dead title="This invitation link is incomplete" message="Open the link from the invitation email again." />
      )}
    </div>
  );
}

/** The tab's title: "<title> · Tender". */
function useTitle(title: string) {
  useDocumentTitle(`${title} · Tender`);
}

function Dead({ title, message }: { title: string; message: string }) {
  useTitle(title);
  return (
    <section className="card sign-in" aria-labelledby="accept-heading" data-testid="accept-dead">
      <h1 id="accept-heading">{title}</h1>
      <p role="alert">{message}</p>
      <p className="muted">Ask the person who invited you for a new invitation.</p>
      <div className="actions">
        <a href={DASHBOARD_URL}>Go to sign in</a>
      </div>
    </section>
  );
}

function AcceptStep({ token }: { token: string }) {
  // Signed in on this browser (the session cookie holds a live session)?
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    void probeSession().then(setSignedIn, () => setSignedIn(false));
  }, []);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [joined, setJoined] = useState<{ business: string; role: string; email: string | null } | null>(null);
  const { busy, error, setError, run } = useAction();
  useTitle(joined ? 'You joined the team' : 'Join the team');

  async function accept(withSession: boolean) {
    await run(async () => {
      // With a password the server ignores the browser's session cookie: a new account, or the invited address's
      // own account, whoever was signed in here before.
      const r = await ok(
        gateway.POST('/public/team/invitations/accept', {
          body: withSession ? { token } : { token, password },
        }),
      );
      dashboardSession.set(true);
      setJoined({ business: r.merchant.business_name, role: r.user.role, email: r.user.email });
    });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const local = newPasswordProblem(password, confirm);
    if (local) {
      setError(new ApiError(400, 'VALIDATION_FAILED', 'Check the password', [local]));
      return;
    }
    void accept(false);
  }

  if (error instanceof ApiError && LINK_DEAD.has(error.code))
    return <Dead title="This invitation no longer works" message={error.message} />;

  if (joined)
    return (
      <section className="card sign-in" aria-labelledby="accept-heading" data-testid="accept-done">
        <h1 id="accept-heading">You joined {joined.business}</h1>
        <p>
          You are a {roleName(joined.role)} member of <strong>{joined.business}</strong>
          {joined.email ? ` as ${joined.email}` : ''}.
        </p>
        <div className="actions">
          <a className="button" href={DASHBOARD_URL}>
            Open the dashboard
          </a>
        </div>
      </section>
    );

  return (
    <section className="card sign-in" aria-labelledby="accept-heading">
      <h1 id="accept-heading">Join the team</h1>
      {signedIn ? (
        <div className="inline-form">
          <p>You are signed in on this browser. Accept with that account if its email is the invited address.</p>
          <div className="actions">
            <button type="button" disabled={busy} onClick={() => void accept(true)}>
              Accept with my account
            </button>
          </div>
        </div>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Accept with a password">
        <p>
          Choose a password to create your account for the invited address. If you already have a Tender account with
          this address, enter its password instead.
        </p>
        <NewPasswordFields
          label="Password"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          error={error}
        />
        <div className="actions">
          <button type="submit" disabled={busy}>
            Accept invitation
          </button>
        </div>
        <ApiErrorText error={error} />
      </form>
    </section>
  );
}
