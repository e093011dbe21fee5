// A list of networks a merchant names (an intent's, link's or invoice's `networks`, the default networks of the
// settlement settings) is refused as a whole when this deployment does not serve some of them (no RPC URL or no
// deposit factory: the watcher could not see a payment there), naming every such network and why, so that one
// answer says everything to leave out. Nothing is written: the check runs before any write. Ids that are not a
// network of the caller's environment are left to the callers' own check (NETWORK_NOT_SUPPORTED).
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import type { Tenant } from '../tenant.ts';

/** Throws NETWORK_UNAVAILABLE (400) with one detail per unserved network, at `path(i)`; else returns. */
export function assertNetworksServed(
  ctx: GatewayContext,
  t: Tenant,
  networks: readonly string[] | null | undefined,
  path: (i: number) => string,
): void {
  const registry = ctx.networkRegistry;
  const unserved = (networks ?? []).flatMap((id, i) => {
    const n = registry.get(id);
    return n && n.environment === t.environment && !n.available
      ? [{ id, path: path(i), reason: n.unavailableReason ?? 'not configured' }]
      : [];
  });
  if (unserved.length === 0) return;
  const served = registry
    .forEnvironment(t.environment)
    .filter((n) => n.available)
    .map((n) => n.id);
  const them = unserved.length === 1 ? 'it' : 'them';
  throw new GatewayError(
    'NETWORK_UNAVAILABLE',
    `${unserved.map((u) => `${u.id} is not served by this deployment (${u.reason})`).join('; ')}. Leave ${them} ` +
      `out: ${served.length ? `this deployment serves ${served.join(', ')}` : `this deployment serves no ${t.environment} network`} ` +
      `(GET /v1/networks)`,
    { details: unserved.map((u) => ({ path: u.path, message: `${u.id} is not served by this deployment` })) },
  );
}
