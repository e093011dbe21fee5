// The intent settings of a tenant (vaults, default expiry, default networks) as intent creation reads them, and
// their per-process cache, the `settings` service of the GatewayContext (built once by runtime.ts; the settings
// routes forget a tenant's entry when they change it, so settings/ does not reach into payments/).
import type { Sql } from '@tender/platform';
import type { Tenant } from '../tenant.ts';

/** The default expiry of a tenant's intents until it sets one. */
export const DEFAULT_EXPIRES_IN_SECONDS = 1200;

/** What intent creation needs, read in one statement. */
export interface IntentSettings {
  vaults: Map<string, string>;
  defaultExpiresInSeconds: number;
  defaultNetworks: string[] | null;
}

export async function loadIntentSettings(sql: Sql, t: Tenant): Promise<IntentSettings> {
  const rows = await sql.query<{
    kind: string;
    network: string | null;
    address: string | null;
    exp: number | null;
    nets: string[] | null;
  }>(
    `select 'v' as kind, network, address, null::int as exp, null::text[] as nets from merchant_vaults
       where merchant_id = $1 and environment = $2
     union all
     select 's', null, null, default_expires_in_seconds, default_networks from merchant_payment_settings
       where merchant_id = $1 and environment = $2`,
    [t.merchantId, t.environment],
  );
  const vaults = new Map<string, string>();
  let defaultExpiresInSeconds = DEFAULT_EXPIRES_IN_SECONDS;
  let defaultNetworks: string[] | null = null;
  for (const r of rows) {
    if (r.kind === 'v') vaults.set(r.network!, r.address!);
    else {
      defaultExpiresInSeconds = r.exp ?? DEFAULT_EXPIRES_IN_SECONDS;
      defaultNetworks = r.nets;
    }
  }
  return { vaults, defaultExpiresInSeconds, defaultNetworks };
}

/**
 * The intent settings (vaults, default expiry, default networks) of each tenant, cached per process so that intent
 * creation does not read them per request; `ctx.settings` (built once by runtime.ts). Never trusted blindly: the
 * intent's insert re-checks in the database that every vault used is still the merchant's current vault and that
 * the default expiry used is still the default, and inserts nothing otherwise; the caller then reloads and retries.
 * A vault change therefore takes effect for the very next intent.
 */
export class IntentSettingsCache {
  private readonly byTenant = new Map<string, IntentSettings>();

  /** The cached settings, or read on `sql` (and cached) when none are cached or `reload` is set. */
  async intentSettings(sql: Sql, t: Tenant, reload = false): Promise<IntentSettings> {
    const key = `${t.merchantId}:${t.environment}`;
    let settings = this.byTenant.get(key);
    if (!settings || reload) {
      settings = await loadIntentSettings(sql, t);
      this.byTenant.set(key, settings);
    }
    return settings;
  }

  /** Forgets a tenant's settings after changing them in this process (other processes re-check in SQL). */
  forget(t: Tenant): void {
    this.byTenant.delete(`${t.merchantId}:${t.environment}`);
  }
}
