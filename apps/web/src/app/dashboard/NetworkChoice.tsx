// Networks a link or invoice accepts: checkboxes over the environment's payable networks (none ticked = the
// merchant's default networks).
import { gateway, ok } from './dashboardApi.ts';
import { fieldMessage } from './Field.tsx';
import type { NetworkInfo } from './gatewayViews.ts';
import { useLoad } from './useLoad.ts';

export function usePayableNetworks() {
  return useLoad(async () => {
    const r = (await ok(gateway.GET('/v1/networks'))) as unknown as { data: NetworkInfo[] };
    return r.data;
  }, []);
}

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
  return (
    <fieldset className="events" aria-describedby={message ? `${id}-error` : undefined}>
      <legend>Networks (none ticked: your default networks)</legend>
      {(networks.data ?? []).map((n) => (
        <label key={n.id}>
          <input
            type="checkbox"
            checked={value.includes(n.id)}
            onChange={(e) => onChange(e.target.checked ? [...value, n.id] : value.filter((x) => x !== n.id))}
          />{' '}
          {n.name}
          {n.payable
            ? ''
            : ` (${n.vault.status === 'missing' ? 'no vault set' : (n.unavailable_reason ?? 'unavailable')})`}
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
