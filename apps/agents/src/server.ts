import { createHttpServer, type App, type Metrics } from '@tender/platform';
import type { AgentsContext } from './context.ts';
import { agentsEnvelope } from './http/errors.ts';
import { discoveryRoutes } from './discovery/discoveryRoutes.ts';

export interface AgentsServerOptions {
  rateLimit?: { max: number; timeWindowMs: number } | false;
  metrics?: Metrics;
}

export async function createAgentsServer(ctx: AgentsContext, opts: AgentsServerOptions = {}): Promise<App> {
  const app = await createHttpServer({
    logger: ctx.logger.child({ svc: 'agents' }),
    envelope: agentsEnvelope,
    requestIdPrefix: 'req',
    bodyLimit: 512 * 1024,
    rateLimit: opts.rateLimit ?? { max: 1200, timeWindowMs: 60_000 },
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
    openapi: {
      path: '/openapi.json',
      info: {
        title: 'Tender agent services',
        version: 'v1',
        description: 'x402-paid email, phone and durable events for agents.',
      },
    },
  });
  discoveryRoutes(app, ctx);
  return app;
}
