import type { App, Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { publicIntentRoutes } from '../payments/publicIntentRoutes.ts';
import { paymentLinkRoutes } from './paymentLinkRoutes.ts';

/**
 * Payment links: their routes, then the public call that opens an intent a link started (CREATED until the customer
 * picks a network), in this order, which is the order of /v1/openapi.json.
 */
export function paymentLinksFeature(ctx: GatewayContext): Feature {
  return {
    name: 'paymentLinks',
    routes: async (app: App) => {
      await app.register(paymentLinkRoutes(ctx));
      await app.register(publicIntentRoutes(ctx));
    },
  };
}
