import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { adminRoutes } from './adminRoutes.ts';

/** The operator console's API under /admin/api (its page is served by the pages feature). */
export function operatorFeature(ctx: GatewayContext): Feature {
  return { name: 'operator', routes: adminRoutes(ctx) };
}
