import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { authRoutes } from './authRoutes.ts';

/** Sign-up, sign-in, sessions. */
export function authFeature(ctx: GatewayContext): Feature {
  return { name: 'auth', routes: authRoutes(ctx) };
}
