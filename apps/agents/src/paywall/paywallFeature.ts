import type { Feature } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { unavailableRoute } from './paywall.ts';
import { registerRefundMetrics } from './refundsOwed.ts';

/** What the paywall serves on its own: the refunds-owed metrics and the always-unavailable domain registration. */
export function paywallFeature(ctx: AgentsContext): Feature {
  return {
    name: 'paywall',
    routes: async (app) => {
      registerRefundMetrics(app.metrics, ctx.db);
      unavailableRoute(app, ctx, 'domain.register');
    },
  };
}
