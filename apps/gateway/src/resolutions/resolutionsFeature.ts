import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { resolutionRoutes } from './resolutionRoutes.ts';

/**
 * Decisions on payments that need a person: accepting an underpayment (its route); what needs one is kept by the
 * payment reaction keepAttention (paymentAttention.ts, registered by runtime.ts's registerPlugs).
 */
export function resolutionsFeature(ctx: GatewayContext): Feature {
  return { name: 'resolutions', routes: resolutionRoutes(ctx) };
}
