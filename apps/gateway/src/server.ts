import { createHttpServer, type App, type Metrics } from '@tender/platform';
import type { GatewayContext } from './context.ts';
import { gatewayEnvelope } from './http/errors.ts';
import { systemRoutes } from './system/systemRoutes.ts';
import { publicStatus } from './system/publicStatus.ts';

export const GATEWAY_API_VERSION = '2026-10-01';

export interface GatewayServerOptions {
  rateLimit?: { max: number; timeWindowMs: number } | false;
  metrics?: Metrics;
}

/** Builds the gateway's HTTP server (not listening yet). */
export async function createGatewayServer(ctx: GatewayContext, opts: GatewayServerOptions = {}): Promise<App> {
  const app = await createHttpServer({
    logger: ctx.logger.child({ svc: 'gateway' }),
    envelope: gatewayEnvelope,
    requestIdPrefix: 'req',
    bodyLimit: 256 * 1024,
    rateLimit: opts.rateLimit ?? { max: 1200, timeWindowMs: 60_000 },
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
    openapi: {
      path: '/v1/openapi.json',
      info: {
        title: 'Tender payment gateway',
        version: GATEWAY_API_VERSION,
        description:
          'Non-custodial multi-chain stablecoin (USDC/EURC) payment gateway. Errors use the envelope ' +
          '`{error: {type, code, message, request_id, details?}}`.',
      },
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'API key: sk_test_… (testnets) or sk_live_… (mainnets)',
          },
          session: { type: 'http', scheme: 'bearer', description: 'Dashboard session token from login' },
        },
      },
    },
  });
  systemRoutes(app, ctx, () => publicStatus(ctx));
  return app;
}
