import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { apiKeyRoutes } from './apiKeyRoutes.ts';

/** API keys: create, list, revoke. */
export function apiKeysFeature(ctx: GatewayContext): Feature {
  return { name: 'apiKeys', routes: apiKeyRoutes(ctx) };
}
