import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { networkRoutes } from './networkRoutes.ts';

/** Networks and the assets accepted. */
export function networksFeature(ctx: GatewayContext): Feature {
  return { name: 'networks', routes: networkRoutes(ctx) };
}
