import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { refundRoutes } from './refundRoutes.ts';

/** Refund requests (what refunds plug into the hubs is registered by runtime.ts's registerPlugs). */
export function refundsFeature(ctx: GatewayContext): Feature {
  return { name: 'refunds', routes: refundRoutes(ctx) };
}
