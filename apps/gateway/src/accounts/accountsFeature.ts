import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { meRoutes } from './meRoutes.ts';

/** The calling merchant: `/v1/me`. */
export function accountsFeature(ctx: GatewayContext): Feature {
  return { name: 'accounts', routes: meRoutes(ctx) };
}
