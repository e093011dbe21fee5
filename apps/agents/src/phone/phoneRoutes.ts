import type { App } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { unavailableRoute } from '../paywall/paywall.ts';

/**
 * Telephony services are listed in the catalog and routed, but no telephony provider can be configured in this
 * build: each answers 503 SERVICE_UNAVAILABLE before any authentication, challenge or settlement. The telephony
 * issue replaces these with serviceRoute(...) handlers behind the same paywall.
 */
export function phoneRoutes(app: App, ctx: AgentsContext): void {
  for (const r of ctx.catalog.records) {
    if (r.serviceId.startsWith('phone.')) unavailableRoute(app, ctx, r.serviceId);
  }
}
