import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { publicStatus } from './publicStatus.ts';
import { systemRoutes } from './systemRoutes.ts';

/** Health, readiness and the public status. */
export function systemFeature(ctx: GatewayContext): Feature {
  return { name: 'system', routes: systemRoutes(ctx, () => publicStatus(ctx)) };
}
