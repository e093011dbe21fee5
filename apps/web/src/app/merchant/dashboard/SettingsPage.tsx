// Settings: the vault per network (set, prove, remove; with the live on-chain facts the gateway reads now), the
// defaults new payments get (expiry, networks) and the origins that may embed the checkout. Owner only for changes
// (account:manage).
import { useState, type FormEvent } from 'react';
import { AccountEmailCard } from './AccountEmailCard.tsx';
import { BusinessProfileCard } from './BusinessProfileCard.tsx';
import { ExportsCard } from './ExportsCard.tsx';
import { CheckoutOriginsCard } from './CheckoutOriginsCard.tsx';
import { useDashboard } from './dashboardContext.ts';
import { gateway, ok } from './dashboardApi.ts';
import { ApiErrorText, Field, fieldMessage } from './Field.tsx';
import type { NetworkInfo, SettlementPolicy, SettlementSettings } from './gatewayViews.ts';
import { NOT_SERVED, usePayableNetworks } from './NetworkChoice.tsx';
import { useAction } from './useAction.ts';
import { useLoad } from './useLoad.ts';
import { VaultRow } from './VaultRow.tsx';

export default function SettingsPage() {
  const { can } = useDashboard();
  const manage = can('account:manage');
  const settings = useLoad(
    async () => (await ok(gateway.GET('/v1/settlement-settings'))) as unknown as SettlementSettings,
    [],
  );
  const policy = useLoad(
    async () => (await ok(gateway.GET('/v1/settlement-policy'))) as unknown as SettlementPolicy,
    [],
  );
  const networks = usePayableNetworks();
  const reload = () => {
    void settings.reload();
    void policy.reload();
    void networks.reload();
  };

  return (
    <div className="stack">
      <h1>Settings</h1>
      <BusinessProfileCard />
      <ExportsCard />
      <AccountEmailCard />
      <section className="card" aria-labelledby="vaults-heading">
        <h2 id="vaults-heading">Vaults</h2>
        <p className="muted small">
          Every payment settles into the vault of its network. A new vault applies to new payments; existing ones keep
          the vault their deposit address commits to. A vault is proven by a signature of its address, so that no other
          merchant can name it.
        </p>
        <ApiErrorText error={networks.error ?? policy.error} />
        <ul className="rows">
          {(networks.data ?? [])
            .filter((n) => n.available)
            .map((n) => (
              <VaultRow
                key={n.id}
                network={n.id}
                name={n.name}
                available={n.available}
                address={n.vault.address}
                vault={settings.data?.vaults.find((v) => v.network === n.id) ?? null}
                policy={policy.data?.networks.find((p) => p.network === n.id) ?? null}
                manage={manage}
                onChanged={reload}
              />
            ))}
        </ul>
        <NotServed networks={networks.data ?? []} />
      </section>
      {settings.data && networks.data ? (
        <Defaults settings={settings.data} networks={networks.data} manage={manage} onChanged={reload} />
      ) : null}
      {settings.data ? (
        <CheckoutOriginsCard origins={settings.data.checkout_allowed_origins} manage={manage} onChanged={reload} />
      ) : null}
      <ApiErrorText error={settings.error} />
    </div>
  );
}

/** The networks of this environment that this deployment does not serve, listed once, with the reason. */
function NotServed({ networks }: { networks: readonly NetworkInfo[] }) {
  const off = networks.filter((n) => !n.available);
  if (off.length === 0) return null;
  return (
    <div data-testid="networks-not-served">
      <h3>Not available here</h3>
      <p className="muted small">These networks are {NOT_SERVED}: no vault or payment can use them.</p>
      <ul className="not-served">
        {off.map((n) => (
          <li key={n.id}>
            {n.name} <span className="muted small">({NOT_SERVED})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Defaults({
  settings,
  networks: all,
  manage,
  onChanged,
}: {
  settings: SettlementSettings;
  networks: readonly NetworkInfo[];
  manage: boolean;
  onChanged: () => void;
}) {
  const [minutes, setMinutes] = useState(String(settings.default_expires_in_seconds / 60));
  const [networks, setNetworks] = useState<string[]>(settings.default_networks ?? []);
  const { error, run } = useAction();
  const [saved, setSaved] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    await run(async () => {
      const list = networks;
      await ok(
        gateway.PATCH('/v1/settlement-settings', {
          body: {
            default_expires_in_seconds: Math.round(Number(minutes) * 60),
            default_networks: list.length ? list : null,
          },
        }),
      );
      setSaved(true);
      onChanged();
    });
  }

  return (
    <section className="card" aria-labelledby="defaults-heading">
      <h2 id="defaults-heading">Payment defaults</h2>
      <form onSubmit={(e) => void save(e)} noValidate className="inline-form">
        <Field
          id="default-expiry"
          path="default_expires_in_seconds"
          label="Payments expire after (minutes)"
          error={error}
          hint="5 minutes to 30 days"
        >
          {(p) => (
            <input
              {...p}
              inputMode="numeric"
              value={minutes}
              readOnly={!manage}
              onChange={(e) => setMinutes(e.target.value)}
            />
          )}
        </Field>
        <DefaultNetworks all={all} value={networks} manage={manage} error={error} onChange={setNetworks} />
        {manage ? <button type="submit">Save defaults</button> : null}
        {saved ? <p role="status">Saved.</p> : null}
        <ApiErrorText error={error} />
      </form>
    </section>
  );
}

/**
 * The default networks, ticked from those this deployment serves (none ticked: every network with a vault). A default
 * network needs a vault to be offered; one ticked before its vault was removed stays shown so it can be unticked.
 */
function DefaultNetworks(props: {
  all: readonly NetworkInfo[];
  value: string[];
  manage: boolean;
  error: unknown;
  onChange: (v: string[]) => void;
}) {
  const message = fieldMessage(props.error, 'default_networks');
  const shown = props.all.filter((n) => n.available || props.value.includes(n.id));
  return (
    <fieldset className="events" aria-describedby={message ? 'default-networks-error' : undefined}>
      <legend>Default networks (none ticked: every network with a vault)</legend>
      {shown.map((n) => (
        <label key={n.id}>
          <input
            type="checkbox"
            checked={props.value.includes(n.id)}
            disabled={!props.manage || (!n.payable && !props.value.includes(n.id))}
            onChange={(e) =>
              props.onChange(e.target.checked ? [...props.value, n.id] : props.value.filter((x) => x !== n.id))
            }
          />{' '}
          {n.name}
          {n.available ? (n.payable ? '' : ' (no vault yet)') : ` (${NOT_SERVED})`}
        </label>
      ))}
      {message ? (
        <small id="default-networks-error" className="field-error">
          {message}
        </small>
      ) : null}
    </fieldset>
  );
}
