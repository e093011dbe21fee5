// Home's checklist for a new account, until every step is done: each step is what the gateway reads from the
// account's data (GET /v1/account/onboarding), never a box the merchant ticks.
import './onboarding.css';
import { ErrorNotice } from '../../shared/ErrorNotice.tsx';
import { gateway, ok, type ResponseOf } from './dashboardApi.ts';
import { useDashboard } from './dashboardContext.ts';
import { Link } from './router.tsx';
import { useLoad } from './useLoad.ts';

export type Onboarding = ResponseOf<'/v1/account/onboarding', 'get'>;
type StepId = Onboarding['steps'][number]['id'];

const STEPS: Record<StepId, { title: string; how: string; to: string; action: string }> = {
  vault: {
    title: 'Set a vault',
    how: 'Payments settle into your vault, a wallet address you control. Nobody can pay you until one is set.',
    to: 'settings',
    action: 'Set a vault in Settings',
  },
  test_payment: {
    title: 'Make a test payment',
    how: 'Create a payment link and pay it on a test network: no real money moves.',
    to: 'links',
    action: 'Create a payment link',
  },
  email: {
    title: 'Verify your email',
    how: 'Open the link we sent you. Live mode opens once your email is verified.',
    to: 'settings',
    action: 'Send a new link from Settings',
  },
  live: {
    title: 'Go live',
    how: 'Switch to Live mode (at the top) and set a vault on a live network: then real payments can reach you.',
    to: 'settings',
    action: 'Set a live vault in Settings',
  },
};

export function useOnboarding() {
  return useLoad(async () => ok(gateway.GET('/v1/account/onboarding')), []);
}

export function OnboardingChecklist() {
  const { environment } = useDashboard();
  const onboarding = useOnboarding();
  const o = onboarding.data;
  if (onboarding.error) return <ErrorNotice error={onboarding.error} title="The checklist could not load" />;
  if (!o || o.complete) return null;
  const done = o.steps.filter((s) => s.done).length;
  return (
    <section className="card onboarding" aria-labelledby="onboarding-heading" data-testid="onboarding">
      <h1 id="onboarding-heading">Get ready to take payments</h1>
      <p className="muted" data-testid="onboarding-progress">
        {done} of {o.steps.length} done
      </p>
      <ol className="checklist">
        {o.steps.map((s) => {
          const step = STEPS[s.id];
          const liveStep = s.id === 'live';
          // The live vault is set in Live mode; the other steps' pages are test mode's.
          const here = liveStep ? environment === 'live' : true;
          return (
            <li key={s.id} data-testid={`onboarding-${s.id}`} data-done={s.done ? 'true' : 'false'}>
              <span className={`check ${s.done ? 'done' : ''}`} aria-hidden="true">
                {s.done ? '✓' : ''}
              </span>
              <div>
                <strong>{step.title}</strong> <span className="visually-hidden">{s.done ? '(done)' : '(to do)'}</span>
                {s.done ? null : (
                  <>
                    <p className="muted small">{s.blocked_reason ?? step.how}</p>
                    {s.blocked_reason || !here ? null : <Link to={step.to}>{step.action}</Link>}
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
