// Networks a link or invoice accepts: checkboxes over the networks this deployment serves in the environment (none
// ticked = the merchant's default networks). A network without a vault cannot be ticked, and while no network has
// one the form says so before anything is sent, pointing to Settings (the API refuses with VAULT_REQUIRED).
import './onboarding.css';
import { gateway, ok } from './dashboardApi.ts';
import { fieldMessage } from './Field.tsx';
import type { NetworkInfo } from './gatewayViews.ts';
import { Link } from './router.tsx';
import { useLoad } from './useLoad.ts';

export function usePayableNetworks() {
  return useLoad(async () => {
    const r = (await ok(gateway.GET('/v1/networks'))) as unknown as { data: NetworkInfo[] };
    return r.data;
  }, []);
}

/** Said where a merchant meets a network this deployment does not serve (the operator's details are not theirs). */
export const NOT_SERVED = 'not configured on this server';

export function NetworkChoice({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string[];
  onChange: (v: string[]) => void;
  error: unknown;
}) {
  const networks = usePayableNetworks();
  const message = fieldMessage(error, 'networks');
  const served = (networks.data ?? []).filter((n) => n.available);
  const noVault = networks.data !== undefined && !served.some((n) => n.payable);
  const describedBy = [message ? `${id}-error` : '', noVault ? `${id}-pointer` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="events" aria-describedby={describedBy || undefined}>
      <legend>Networks (none ticked: your default networks)</legend>
      {noVault ? (
        <p id={`${id}-pointer`} className="vault-pointer" data-testid="vault-pointer">
          No network has a vault yet, so customers could not pay. <Link to="settings">Set a vault in Settings</Link>{' '}
          first.
        </p>
      ) : null}
      {served.map((n) => (
        <label key={n.id}>
          <input
            type="checkbox"
            checked={value.includes(n.id)}
            disabled={!n.payable && !value.includes(n.id)}
            onChange={(e) => onChange(e.target.checked ? [...value, n.id] : value.filter((x) => x !== n.id))}
          />{' '}
          {n.name}
          {n.payable ? '' : ' (no vault yet)'}
        </label>
      ))}
      {message ? (
        <small id={`${id}-error`} className="field-error">
          {message}
        </small>
      ) : null}
    </fieldset>
  );
}
