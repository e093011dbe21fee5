import {
  createHttpServer,
  registerFeatureRoutes,
  type App,
  type Feature,
  type HttpTransport,
  type Metrics,
} from '@tender/platform';
import type { AgentsContext } from './context.ts';
import { AGENT_ERRORS, ERROR_ACTIONS, agentsEnvelope, type AgentErrorCode } from './http/errors.ts';

export interface AgentsServerOptions {
  rateLimit?: { max: number; timeWindowMs: number } | false;
  metrics?: Metrics;
  /** Timeouts and trusted proxies of the listening server (HTTP_* and TRUST_PROXY). */
  transport?: HttpTransport;
  /**
   * The roles of this process (`tender start --role`): `api` serves the features' HTTP routes and pages, `realtime`
   * the WebSocket endpoint. Default both.
   */
  roles?: ReadonlySet<string>;
}

const errorDoc = (Object.keys(AGENT_ERRORS) as AgentErrorCode[])
  .map((c) => `| ${c} | ${AGENT_ERRORS[c]} | ${ERROR_ACTIONS[c]} |`)
  .join('\n');

/** The agents HTTP server with the routes of the features its roles serve, not listening yet. */
export async function createAgentsServer(
  ctx: AgentsContext,
  features: readonly Feature[],
  opts: AgentsServerOptions = {},
): Promise<App> {
  const app = await createHttpServer({
    logger: ctx.logger.child({ svc: 'agents' }),
    envelope: agentsEnvelope,
    requestIdPrefix: 'req',
    bodyLimit: 512 * 1024,
    rateLimit: opts.rateLimit ?? { max: 1200, timeWindowMs: 60_000 },
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
    ...(opts.transport ? { transport: opts.transport } : {}),
    openapi: {
      path: '/openapi.json',
      info: {
        title: 'Tender agent services',
        version: 'v1',
        description:
          'x402-paid email, phone and durable events for agents. Start with GET /llms.txt. Success: ' +
          '`{data, requestId, guide}` (+ PAYMENT-RESPONSE header when paid); errors: ' +
          '`{error: {code, message, requestId}, guides: {llms, serviceCatalog, openapi}}`. Paid operations carry ' +
          '`x-service-id` and `x-price-usdt`.\n\n| Code | HTTP | Meaning |\n|---|---|---|\n' +
          errorDoc,
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'Access token at_v1_… issued by the first provisioning',
          },
          ownerSession: {
            type: 'http',
            scheme: 'bearer',
            description: 'Owner dashboard session os_v1_… from POST /owner/api/sign-in (never an agent credential)',
          },
          operatorBasic: { type: 'http', scheme: 'basic', description: 'Operator credentials from configuration' },
        },
      },
      tags: [
        { name: 'discovery', description: 'Free, no authentication' },
        { name: 'email', description: 'Mailboxes and messages on the configured domain' },
        { name: 'phone', description: 'Numbers and calls (unavailable without a telephony provider)' },
        { name: 'events', description: 'Durable events' },
        { name: 'domain', description: 'Domain registration: always unavailable' },
        {
          name: 'owner',
          description:
            'Owner dashboard API (not an agent endpoint, not in the catalog): Sign-In with Ethereum, the wallet’s resources and payments, access token replacement',
        },
        {
          name: 'operator',
          description: 'Operator admin (not an agent endpoint): HTTP Basic from configuration; every action audited',
        },
      ],
    },
  });
  // Response schemas document the answers in /openapi.json; they never shape them (no field is ever dropped).
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await registerFeatureRoutes(app, features, opts.roles ?? new Set(['api', 'realtime']));
  return app;
}
