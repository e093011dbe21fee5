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
import { ApiErrorText, Field } from './Field.tsx';
import type { SettlementPolicy, SettlementSettings } from './gatewayViews.ts';
import { usePayableNetworks } from './NetworkChoice.tsx';
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
          {(networks.data ?? []).map((n) => (
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
      </section>
      {settings.data ? <Defaults settings={settings.data} manage={manage} onChanged={reload} /> : null}
      {settings.data ? (
        <CheckoutOriginsCard origins={settings.data.checkout_allowed_origins} manage={manage} onChanged={reload} />
      ) : null}
      <ApiErrorText error={settings.error} />
    </div>
  );
}

function Defaults({
  settings,
  manage,
  onChanged,
}: {
  settings: SettlementSettings;
  manage: boolean;
  onChanged: () => void;
}) {
  const [minutes, setMinutes] = useState(String(settings.default_expires_in_seconds / 60));
  const [networks, setNetworks] = useState((settings.default_networks ?? []).join(', '));
  const { error, run } = useAction();
  const [saved, setSaved] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    await run(async () => {
      const list = networks
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
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
        <Field
          id="default-networks"
          path="default_networks"
          label="Default networks (comma separated; empty: every network with a vault)"
          error={error}
        >
          {(p) => <input {...p} value={networks} readOnly={!manage} onChange={(e) => setNetworks(e.target.value)} />}
        </Field>
        {manage ? <button type="submit">Save defaults</button> : null}
        {saved ? <p role="status">Saved.</p> : null}
        <ApiErrorText error={error} />
      </form>
    </section>
  );
}
