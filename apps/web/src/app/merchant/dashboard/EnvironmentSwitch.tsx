// Test or live, always visible: every request carries the choice (Tender-Environment). Live moves real money, so it
// stays disabled until the account's email is verified, and says so.
import type { Environment } from './dashboardApi.ts';

export function EnvironmentSwitch({
  environment,
  liveAllowed,
  liveBlockedReason,
  onChange,
}: {
  environment: Environment;
  liveAllowed: boolean;
  liveBlockedReason: string;
  onChange: (env: Environment) => void;
}) {
  return (
    <fieldset className={`env-switch ${environment}`}>
      <legend className="visually-hidden">Mode</legend>
      <label>
        <input type="radio" name="env" checked={environment === 'test'} onChange={() => onChange('test')} />
        Test mode
      </label>
      <label>
        <input
          type="radio"
          name="env"
          checked={environment === 'live'}
          disabled={!liveAllowed}
          aria-describedby={liveAllowed ? undefined : 'live-blocked'}
          onChange={() => onChange('live')}
        />
        Live mode
      </label>
      {liveAllowed ? null : (
        <small id="live-blocked" className="muted">
          {liveBlockedReason}
        </small>
      )}
    </fieldset>
  );
}
