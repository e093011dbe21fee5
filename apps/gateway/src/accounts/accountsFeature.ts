import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { businessProfileRoutes } from './businessProfileRoutes.ts';
import { meRoutes } from './meRoutes.ts';

/** The calling merchant: `/v1/me`, and its business profile (`PATCH /v1/account`). */
export function accountsFeature(ctx: GatewayContext): Feature {
  return {
    name: 'accounts',
    routes: async (app) => {
      await app.register(meRoutes(ctx));
      await app.register(businessProfileRoutes(ctx));
    },
  };
}
