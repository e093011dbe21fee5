import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { eventRoutes } from './eventRoutes.ts';

/** The events API and its live stream over the outbox. */
export function eventsFeature(ctx: GatewayContext): Feature {
  return { name: 'events', routes: eventRoutes(ctx) };
}
