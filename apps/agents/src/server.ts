import { createHttpServer, type App, type HttpTransport, type Metrics } from '@tender/platform';
import { catalogRoutes } from './catalog/catalogRoutes.ts';
import type { AgentsContext } from './context.ts';
import { emailRoutes } from './email/emailRoutes.ts';
import { eventRoutes } from './events/eventRoutes.ts';
import { operatorRoutes } from './operator/operatorRoutes.ts';
import { ownerPages } from './owner/ownerPages.ts';
import { ownerRoutes } from './owner/ownerRoutes.ts';
import { AGENT_ERRORS, ERROR_ACTIONS, agentsEnvelope, type AgentErrorCode } from './http/errors.ts';
import { unavailableRoute } from './paywall/paywall.ts';
import { registerRefundMetrics } from './paywall/refundsOwed.ts';
import { phoneRoutes } from './phone/phoneRoutes.ts';

export interface AgentsServerOptions {
  rateLimit?: { max: number; timeWindowMs: number } | false;
  metrics?: Metrics;
  /** Timeouts and trusted proxies of the listening server (HTTP_* and TRUST_PROXY). */
  transport?: HttpTransport;
  /** Built web pages (apps/web's dist: index.html + assets/): the owner dashboard is served at /owner/. */
  webDir?: string;
  /**
   * Which parts this process serves (`tender start --role`): the HTTP API (routes, pages; the phone number sweep runs with them)
   * and/or the realtime WebSocket gateway. Default both.
   */
  parts?: { api: boolean; realtime: boolean };
}

const errorDoc = (Object.keys(AGENT_ERRORS) as AgentErrorCode[])
  .map((c) => `| ${c} | ${AGENT_ERRORS[c]} | ${ERROR_ACTIONS[c]} |`)
  .join('\n');

export async function createAgentsServer(ctx: AgentsContext, opts: AgentsServerOptions = {}): Promise<App> {
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
  const parts = opts.parts ?? { api: true, realtime: true };
  if (parts.api) {
    registerRefundMetrics(app.metrics, ctx.db);
    catalogRoutes(app, ctx);
    emailRoutes(app, ctx);
    phoneRoutes(app, ctx);
    eventRoutes(app, ctx);
  }
  if (parts.realtime) ctx.realtime.attach(app);
  if (!parts.api) return app;
  ownerRoutes(app, ctx);
  if (opts.webDir) await ownerPages(app, opts.webDir);
  operatorRoutes(app, ctx);
  unavailableRoute(app, ctx, 'domain.register');
  return app;
}
