// Payment links and invoices are made for customers: creating one that no customer could pay (none of the networks
// it would offer has a vault, or this deployment serves none of them) is refused up front, with a pointer to where a
// vault is set, instead of the customer meeting the refusal on the payment page. Intents keep their own rules
// (createPaymentIntent.ts: VAULT_NOT_CONFIGURED per network).
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import type { IntentSettings } from './intentSettings.ts';
import type { Tenant } from '../tenant.ts';

/** The networks an intent made now would offer: the named ones, else the defaults, else every network with a vault. */
export function offeredNetworks(
  ctx: GatewayContext,
  t: Tenant,
  settings: IntentSettings,
  networks: readonly string[] | undefined,
): string[] {
  if (networks) return [...networks];
  if (settings.defaultNetworks) return [...settings.defaultNetworks];
  return ctx.networkRegistry
    .forEnvironment(t.environment)
    .filter((n) => n.available && settings.vaults.has(n.id))
    .map((n) => n.id);
}

/**
 * Throws VAULT_REQUIRED unless at least one network that `what` would offer is served by this deployment and has a
 * vault of the merchant. The message points to Settings in the dashboard (and the API call behind it).
 */
export function assertOfferedNetworkHasVault(
  ctx: GatewayContext,
  t: Tenant,
  settings: IntentSettings,
  networks: readonly string[] | undefined,
  what: 'payment link' | 'invoice',
): void {
  // A named network this environment does not have, or this deployment does not serve, has its own precise refusal
  // (assertNetworksServed, checkIntentNetwork: NETWORK_UNAVAILABLE, NETWORK_NOT_SUPPORTED), answered by the
  // per-network checks around this.
  const named = (id: string) => ctx.networkRegistry.get(id);
  if (networks?.some((id) => named(id)?.environment !== t.environment || !named(id)?.available)) return;
  const offered = offeredNetworks(ctx, t, settings, networks);
  const payable = offered.filter((id) => ctx.networkRegistry.get(id)?.available && settings.vaults.has(id));
  if (payable.length > 0) return;
  const served = ctx.networkRegistry.forEnvironment(t.environment).filter((n) => n.available);
  const where =
    served.length === 0
      ? `this server serves no ${t.environment} network yet`
      : offered.length === 0
        ? `no ${t.environment} network has a vault yet`
        : `none of the networks it would offer (${offered.join(', ')}) has a ${t.environment} vault`;
  throw new GatewayError(
    'VAULT_REQUIRED',
    `Customers could not pay this ${what}: ${where}. Set a vault in the dashboard under Settings → Vaults ` +
      '(or PUT /v1/vaults/{network}), then create it again',
    { details: [{ path: 'networks', message: 'no network it would offer has a vault' }] },
  );
}
