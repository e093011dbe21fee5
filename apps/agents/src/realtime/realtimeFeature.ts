import type { Feature } from '@tender/platform';
import type { AgentsContext } from '../context.ts';

/** The WebSocket gateway (event delivery, voice turns): its endpoint and its loop, both in the `realtime` role. */
export function realtimeFeature(ctx: AgentsContext): Feature {
  return {
    name: 'realtime',
    routesRole: 'realtime',
    routes: async (app) => ctx.realtime.attach(app),
    workers: [
      {
        name: 'realtime gateway',
        role: 'realtime',
        start: () => ctx.realtime.start(),
        stop: () => ctx.realtime.stop(),
      },
    ],
  };
}
