import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { settingsRoutes } from './settingsRoutes.ts';

/** Settlement settings: vaults, default expiry and networks, checkout origins. */
export function settingsFeature(ctx: GatewayContext): Feature {
  return { name: 'settings', routes: settingsRoutes(ctx) };
}
