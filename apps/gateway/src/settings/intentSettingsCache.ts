import type { Sql } from '@tender/platform';
import type { Tenant } from '../tenant.ts';
import { loadIntentSettings, type IntentSettings } from './settlementSettings.ts';

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
