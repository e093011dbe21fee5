// The merchant dashboard (/dashboard/): sign in, then one shell (business, mode switch, navigation) around the page
// the path names. Everything below the shell is keyed by session and mode, so signing in as another merchant or
// switching test/live starts from empty state: nothing of the previous merchant or mode stays on screen.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import './dashboard.css';
import { ErrorNotice } from '../../shared/ErrorNotice.tsx';
import { dashboardSession, gateway, ok, probeSession, type Environment, type Permission } from './dashboardApi.ts';
import { DashboardContext, type DashboardState } from './dashboardContext.ts';
import { EnvironmentSwitch } from './EnvironmentSwitch.tsx';
import { HomePage } from './HomePage.tsx';
import { finishIdpSignIn, IDP_CALLBACK_PATH, IdpSignInProblem } from './idpSignIn.ts';
import { MerchantSwitcher } from './MerchantSwitcher.tsx';
import { Link, navigate, DASHBOARD_BASE, useRoute } from './router.tsx';
import { SignInPage } from './SignInPage.tsx';
import { roleName } from './Bits.tsx';
import { useLoad } from './useLoad.ts';

const PaymentsPage = lazy(() => import('./PaymentsPage.tsx'));
const PaymentDetailPage = lazy(() => import('./PaymentDetailPage.tsx'));
const DevelopersPage = lazy(() => import('./DevelopersPage.tsx'));
const LinksPage = lazy(() => import('./LinksPage.tsx'));
const InvoicesPage = lazy(() => import('./InvoicesPage.tsx'));
const SettingsPage = lazy(() => import('./SettingsPage.tsx'));
const TeamPage = lazy(() => import('./TeamPage.tsx'));

const SECTIONS = [
  { to: '', label: 'Home' },
  { to: 'payments', label: 'Payments' },
  { to: 'links', label: 'Payment links' },
  { to: 'invoices', label: 'Invoices' },
  { to: 'developers', label: 'Developers' },
  { to: 'team', label: 'Team' },
  { to: 'settings', label: 'Settings' },
] as const;

export default function DashboardPage() {
  // null while the page asks whether the session cookie is live; then a number that changes with every sign-in, so
  // nothing of a previous session stays on screen; 0 when signed out.
  const [session, setSession] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The identity provider's answer arrives at IDP_CALLBACK_PATH: finished before anything else is shown.
  const [idpAnswer, setIdpAnswer] = useState(() => location.pathname === IDP_CALLBACK_PATH);
  const [idpProblem, setIdpProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!idpAnswer) return;
    let cancelled = false;
    finishIdpSignIn().then(
      () => {
        if (cancelled) return;
        setNotice(null);
        setSession(Date.now());
        setIdpAnswer(false);
      },
      (err: unknown) => {
        if (cancelled) return;
        setIdpProblem(err instanceof IdpSignInProblem ? err.message : 'The sign-in did not complete. Start again.');
        setIdpAnswer(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [idpAnswer]);

  useEffect(() => {
    let cancelled = false;
    void probeSession()
      .catch(() => false)
      .then((live) => {
        if (!cancelled) setSession((s) => s ?? (live ? 1 : 0));
      });
    const offExpired = dashboardSession.onExpired(() => {
      setNotice('Your session ended (it expired or was signed out). Sign in again to continue.');
      setSession(0);
    });
    const offOther = dashboardSession.onOtherTab((signedIn) => {
      if (signedIn) {
        void probeSession().then((live) => live && setSession((s) => (s ? s : Date.now())));
      } else {
        setNotice('You signed out in another tab.');
        setSession(0);
      }
    });
    return () => {
      cancelled = true;
      offExpired();
      offOther();
    };
  }, []);

  if (idpAnswer)
    return (
      <p className="muted" role="status">
        Signing you in…
      </p>
    );
  if (session === null) return <p className="muted">Loading…</p>;
  if (!session)
    return (
      <div className="dashboard">
        <SignInPage
          notice={notice}
          problem={idpProblem}
          onSignedIn={() => {
            setIdpProblem(null);
            setNotice(null);
            setSession(Date.now());
            if (!location.pathname.startsWith(DASHBOARD_BASE)) navigate(DASHBOARD_BASE);
          }}
        />
      </div>
    );
  return (
    <SignedIn
      key={session}
      onSwitched={() => setSession(Date.now())}
      onSignedOut={() => {
        dashboardSession.clear();
        setNotice('You are signed out.');
        setSession(0);
      }}
    />
  );
}

function SignedIn({ onSignedOut, onSwitched }: { onSignedOut: () => void; onSwitched: () => void }) {
  const [environment, setEnvironment] = useState<Environment>(() => dashboardSession.environment());
  const account = useLoad(async () => {
    const [me, email] = await Promise.all([ok(gateway.GET('/v1/me')), ok(gateway.GET('/v1/auth/email'))]);
    return { me, email };
  }, [environment]);
  const data = account.data;
  const can = useCallback((p: Permission) => data?.me.permissions.includes(p) ?? false, [data]);
  const reloadAccount = account.reload;
  const state = useMemo<DashboardState | null>(
    () => (data ? { me: data.me, environment, can, reloadAccount } : null),
    [data, environment, can, reloadAccount],
  );

  if (account.error && !data) return <ErrorNotice error={account.error} title="The dashboard could not load" />;
  if (!state || !data) return <p className="muted">Loading…</p>;

  const liveAllowed = data.email.verified;
  const changeEnvironment = (env: Environment) => {
    dashboardSession.setEnvironment(env);
    setEnvironment(env);
  };
  async function signOut() {
    await ok(gateway.POST('/v1/auth/logout')).catch(() => {});
    onSignedOut();
  }

  return (
    <DashboardContext.Provider value={state}>
      <div className={`dashboard env-${environment}`}>
        <header className="shell">
          <div className="who">
            <strong>{data.me.merchant.business_name}</strong>
            <span className="muted">
              {data.me.user?.email ?? ''} · {roleName(data.me.role)}
            </span>
          </div>
          <MerchantSwitcher current={data.me.merchant.id} onSwitched={onSwitched} />
          <EnvironmentSwitch
            environment={environment}
            liveAllowed={liveAllowed}
            liveBlockedReason="Live mode is available once your email address is verified: use the link we sent you."
            onChange={changeEnvironment}
          />
          <button type="button" className="secondary" onClick={() => void signOut()}>
            Sign out
          </button>
        </header>
        {environment === 'test' ? (
          <p className="test-banner">Test mode: testnets and the devnet only; no real money moves.</p>
        ) : null}
        <Sections key={environment} />
      </div>
    </DashboardContext.Provider>
  );
}

function Sections() {
  const { path, search } = useRoute();
  const top = path.split('/')[0] ?? '';
  let page: ReactNode;
  const detail = /^payments\/([^/]+)$/.exec(path);
  if (detail) page = <PaymentDetailPage paymentId={decodeURIComponent(detail[1]!)} />;
  else if (path === '') page = <HomePage />;
  else if (top === 'payments') page = <PaymentsPage search={search} />;
  else if (top === 'developers') page = <DevelopersPage />;
  else if (top === 'links') page = <LinksPage />;
  else if (top === 'invoices') page = <InvoicesPage />;
  else if (top === 'settings') page = <SettingsPage />;
  else if (top === 'team') page = <TeamPage />;
  else page = <p>There is no such dashboard page.</p>;
  // On a phone the sections scroll sideways in one row: keep the current one in view (the list scrolls, not the page).
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const ul = list.current;
    const a = ul?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!ul || !a) return;
    if (a.offsetLeft < ul.scrollLeft || a.offsetLeft + a.offsetWidth > ul.scrollLeft + ul.clientWidth)
      ul.scrollLeft = Math.max(0, a.offsetLeft - 24);
  }, [top]);
  return (
    <>
      <nav aria-label="Dashboard" className="sections">
        <ul ref={list}>
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <Link to={s.to} current={top === s.to}>
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="content">
        <Suspense fallback={<p className="muted">Loading…</p>}>{page}</Suspense>
      </div>
    </>
  );
}
