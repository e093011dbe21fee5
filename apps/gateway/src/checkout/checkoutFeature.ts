import type { App, Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { checkoutEmbeddingRoutes } from './checkoutEmbeddingRoutes.ts';
import { publicCheckoutRoutes } from './publicCheckoutRoutes.ts';

/** The hosted checkout's public routes: the public intent view, then `/checkout.js` and the embedding check. */
export function checkoutFeature(ctx: GatewayContext): Feature {
  return {
    name: 'checkout',
    routes: async (app: App) => {
      await app.register(publicCheckoutRoutes(ctx));
      await app.register(checkoutEmbeddingRoutes(ctx));
    },
  };
}
