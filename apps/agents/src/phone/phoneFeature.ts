import type { Feature } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { phoneRoutes } from './phoneRoutes.ts';
import { phoneSweepWorker } from './phoneSweep.ts';

/**
 * Numbers and calls: the routes and the provider's webhooks (answering 503 without a provider), and the number
 * sweep (renewals, releases, reconciliation) in the `workers` role.
 */
export function phoneFeature(ctx: AgentsContext): Feature {
  return {
    name: 'phone',
    routes: async (app) => phoneRoutes(app, ctx),
    workers: ctx.phone ? [phoneSweepWorker(ctx, ctx.phone)] : [],
    // A call's ConversationRelay socket is registered by the phone webhooks on the realtime gateway's upgrade
    // listener: with telephony configured, the HTTP API and the WebSocket gateway are one process.
    refuseRoles(roles) {
      if (!ctx.phone || roles.has('api') === roles.has('realtime')) return undefined;
      return 'with telephony configured (TWILIO_*), the api and realtime roles run in the same process: use --role api,realtime';
    },
  };
}
