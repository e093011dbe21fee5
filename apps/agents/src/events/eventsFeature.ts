import type { Feature } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { eventRoutes } from './eventRoutes.ts';

/** Durable events over REST (their WebSocket delivery is the realtime feature). */
export function eventsFeature(ctx: AgentsContext): Feature {
  return { name: 'events', routes: async (app) => eventRoutes(app, ctx) };
}
