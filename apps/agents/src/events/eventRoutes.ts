import type { App } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { unavailableRoute } from '../paywall/paywall.ts';

/**
 * The events API (list, get, ack, ack-all, realtime token) ships with the events issue; until then its catalog
 * records say available=false and the routes answer 503. The durable rows are already written (recordEvent).
 */
export function eventRoutes(app: App, ctx: AgentsContext): void {
  for (const r of ctx.catalog.records) {
    if (r.serviceId.startsWith('events.')) unavailableRoute(app, ctx, r.serviceId);
  }
}
