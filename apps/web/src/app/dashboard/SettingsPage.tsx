// Settings: the vault per network (set, remove; with the live on-chain facts the gateway reads now), and the
// defaults new payments get (expiry, networks). Owner only for changes (account:manage).
import { useState, type FormEvent } from 'react';
import { AccountEmailCard } from './AccountEmailCard.tsx';
import { when } from './Bits.tsx';
import { useDashboard } from './dashboardContext.ts';
import { gateway, ok } from './dashboardApi.ts';
import { ApiErrorText, Field } from './Field.tsx';
import type { SettlementPolicy, SettlementSettings } from './gatewayViews.ts';
import { usePayableNetworks } from './NetworkChoice.tsx';
import { useAction } from './useAction.ts';
import { useLoad } from './useLoad.ts';

export default function SettingsPage() {
  const { can, me } = useDashboard();
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
      <section className="card" aria-labelledby="business-heading">
        <h2 id="business-heading">Business</h2>
        <p>
          <strong>{me.merchant.business_name}</strong> <span className="muted">({me.merchant.id})</span>
        </p>
        <p className="muted small">The business name is shown on checkout, links and invoices.</p>
      </section>
      <AccountEmailCard />
      <section className="card" aria-labelledby="vaults-heading">
        <h2 id="vaults-heading">Vaults</h2>
        <p className="muted small">
          Every payment settles into the vault of its network. A new vault applies to new payments; existing ones keep
          the vault their deposit address commits to.
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
              policy={policy.data?.networks.find((p) => p.network === n.id) ?? null}
              manage={manage}
              onChanged={reload}
            />
          ))}
        </ul>
      </section>
      {settings.data ? <Defaults settings={settings.data} manage={manage} onChanged={reload} /> : null}
      <ApiErrorText error={settings.error} />
    </div>
  );
}

function VaultRow(props: {
  network: string;
  name: string;
  available: boolean;
  address: string | null;
  policy: SettlementPolicy['networks'][number] | null;
  manage: boolean;
  onChanged: () => void;
}) {
  const [address, setAddress] = useState('');
  const [smart, setSmart] = useState(false);
  const { busy, error, run } = useAction();
  const onChain = props.policy?.vault?.on_chain ?? null;
  const id = `vault-${props.network}`;

  const change = (work: () => Promise<unknown>) =>
    run(async () => {
      await work();
      setAddress('');
      props.onChanged();
    });
  const save = (e: FormEvent) => {
    e.preventDefault();
    void change(() =>
      ok(
        gateway.PUT('/v1/vaults/{network}', {
          params: { path: { network: props.network } },
          body: { address: address.trim(), smart_contract_wallet: smart },
        }),
      ),
    );
  };

  return (
    <li data-testid={`vault-${props.network}`}>
      <h3>
        {props.name} <span className="muted small">({props.network})</span>
      </h3>
      {props.address ? (
        <p>
          Vault <code data-testid="vault-address">{props.address}</code>
        </p>
      ) : (
        <p className="muted">No vault: payments on {props.name} cannot be created until one is set.</p>
      )}
      {onChain ? (
        onChain.error ? (
          <p className="field-error">{onChain.error}</p>
        ) : (
          <p className="muted small">
            On-chain at block {onChain.block_number} ({when(onChain.read_at)}):{' '}
            {onChain.kind === 'contract' ? 'a contract (smart-contract wallet)' : 'an account without code'} ·{' '}
            {(onChain.balances ?? []).map((b) => `${b.amount} ${b.symbol}`).join(' · ')}
          </p>
        )
      ) : null}
      {props.manage ? (
        <form onSubmit={save} noValidate className="inline-form" aria-label={`Vault on ${props.name}`}>
          <Field id={id} path="address" label={props.address ? 'New vault address' : 'Vault address'} error={error}>
            {(p) => (
              <input
                {...p}
                value={address}
                onChange={(e) => setAddress(e.target.value)}
                placeholder="0x…"
                spellCheck={false}
              />
            )}
          </Field>
          <label>
            <input type="checkbox" checked={smart} onChange={(e) => setSmart(e.target.checked)} /> It is a
            smart-contract wallet (multisig or smart account)
          </label>
          <div className="actions">
            <button type="submit" disabled={busy || !props.available}>
              {props.address ? 'Change vault' : 'Set vault'}
            </button>
            {props.address ? (
              <button
                type="button"
                className="secondary danger"
                disabled={busy}
                onClick={() =>
                  void change(() =>
                    ok(gateway.DELETE('/v1/vaults/{network}', { params: { path: { network: props.network } } })),
                  )
                }
              >
                Remove vault
              </button>
            ) : null}
          </div>
          <ApiErrorText error={error} />
        </form>
      ) : null}
    </li>
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
