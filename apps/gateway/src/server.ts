import {
  createHttpServer,
  registerFeatureRoutes,
  type App,
  type Feature,
  type HttpTransport,
  type Metrics,
} from '@tender/platform';
import type { GatewayContext } from './context.ts';
import { EVENTS_TAG } from './events/eventRoutes.ts';
import { ENVIRONMENT_HEADER, registerAuthentication } from './http/authenticate.ts';
import { gatewayEnvelope } from './http/errors.ts';
import { declareHookErrors } from './http/openApiErrors.ts';
import { REFUNDS_TAG } from './refunds/refundRoutes.ts';
import { registerGatewayMetrics } from './system/gatewayMetrics.ts';
import { OPERATOR_SECURITY_SCHEME, OPERATOR_TAG } from './operator/adminRoutes.ts';

export const GATEWAY_API_VERSION = '2026-10-01';

export interface GatewayServerOptions {
  rateLimit?: { max: number; timeWindowMs: number } | false;
  metrics?: Metrics;
  /** Timeouts and trusted proxies of the listening server (HTTP_* and TRUST_PROXY). */
  transport?: HttpTransport;
}

/** The gateway's server is the `api` role's: it serves the routes of every feature (none declares another role). */
const API_ROLE: ReadonlySet<string> = new Set(['api']);

/**
 * Builds the gateway's HTTP server (not listening yet) with the routes of the features (runtime.ts's list), in list
 * order: the order of /v1/openapi.json.
 */
export async function createGatewayServer(
  ctx: GatewayContext,
  features: readonly Feature[],
  opts: GatewayServerOptions = {},
): Promise<App> {
  const app = await createHttpServer({
    logger: ctx.logger.child({ svc: 'gateway' }),
    envelope: gatewayEnvelope,
    requestIdPrefix: 'req',
    bodyLimit: 256 * 1024,
    rateLimit: opts.rateLimit ?? { max: 1200, timeWindowMs: 60_000 },
    ...(opts.metrics ? { metrics: opts.metrics } : {}),
    ...(opts.transport ? { transport: opts.transport } : {}),
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
            description:
              'API key: sk_test_… (testnets) or sk_live_… (mainnets), created with POST /v1/api-keys. The prefix ' +
              'is the environment. Each key has a role: admin, developer or read_only.',
          },
          session: {
            type: 'http',
            scheme: 'bearer',
            description:
              'Dashboard session token (sess_…) from login, signup or identity-provider sign-in; ends on logout, ' +
              `after its lifetime, or when idle. Acts in test mode unless the request sends \`${ENVIRONMENT_HEADER}: live\`. ` +
              'Acts with the user’s role (owner for the account holder). The dashboard does not hold the token: ' +
              'sign-in also sets it as an HttpOnly cookie (tender_session; __Host-tender_session, Secure, over ' +
              'https; SameSite=Lax; Path=/; expires with the session) that scripts cannot read and logout clears. ' +
              'The cookie is read only when no Authorization header is sent, and a request with it whose method ' +
              'is not GET, HEAD or OPTIONS must come from the gateway’s own origin (Origin, else Sec-Fetch-Site: ' +
              'same-origin), or it answers 403 CSRF_REJECTED.',
          },
          ...OPERATOR_SECURITY_SCHEME,
        },
      },
      tags: [
        { name: 'System', description: 'Health, readiness and public status; no credentials' },
        {
          name: 'Auth',
          description:
            'Sign-up, sign-in (password or identity provider), sessions and email verification. Missing or invalid ' +
            'credentials answer 401 (AUTHENTICATION_REQUIRED, INVALID_API_KEY, INVALID_SESSION, INVALID_CREDENTIALS); ' +
            'an API key on a session-only endpoint 403 SESSION_REQUIRED; a role without the permission 403 ' +
            'PERMISSION_DENIED. Roles: owner (everything), admin (all but account settings; manages the team but not its owners), developer (read, ' +
            'write, webhooks), read_only (reads and the audit log; every write answers 403).',
        },
        { name: 'Account', description: 'The calling merchant and its audit log' },
        { name: 'API keys', description: 'Create, list and revoke API keys' },
        {
          name: 'Team',
          description:
            'Members of a merchant and their roles, invitations by email, and the merchants a person belongs to. ' +
            'Owners and admins manage (team:manage); an admin never grants or acts on the owner role; the last ' +
            'owner stays an owner',
        },
        {
          name: 'Payments',
          description:
            'Payment intents with per-network counterfactual deposit addresses; status derived only from verified ' +
            'on-chain facts (see the state machine in the README). CREATED: exists but is not open for payment yet ' +
            '(an intent started from a payment link, until the customer picks a network at checkout); API intents ' +
            'are created open, in AWAITING_PAYMENT',
        },
        {
          name: 'Payment links',
          description:
            'Reusable links (`url` = {public URL}/pay/{id}) whose every paying customer gets a payment intent of ' +
            'their own (CREATED until opened at checkout, then the usual states), listed under the link',
        },
        {
          name: 'Invoices',
          description:
            'Numbered invoices (INV-000001, per merchant and environment, no gaps) with line items, a due date, a ' +
            'payment intent of their own, a public page and a PDF; status open, paid, overdue or void, derived from ' +
            'the intent and the clock',
        },
        {
          name: 'Public pages',
          description:
            'What the hosted link, checkout and invoice pages read: no credentials, rate limited per client address, ' +
            'no merchant data beyond the business name and the support contact it chose to show',
        },
        { name: 'Networks', description: 'Networks, capabilities and the official assets accepted' },
        { name: 'Settlement settings', description: 'Vaults per network, default expiry and networks' },
        { name: 'Ledger', description: 'Transactions, settlements, overview and the settlement policy' },
        REFUNDS_TAG,
        EVENTS_TAG,
        OPERATOR_TAG,
        {
          name: 'Webhooks',
          description:
            'Signed events to your endpoints. Each event is POSTed as JSON `{id, object: "event", type, created ' +
            '(unix s), livemode, api_version, data: {object, …}}` with the header `Tender-Signature: t=<unix s>,' +
            'v1=<hex>`: v1 = hex HMAC-SHA256(key = the endpoint secret `whsec_…` as UTF-8, message = `<t>.<raw ' +
            'body>`), one v1 per active secret (two during a rotation overlap). Verify over the raw bytes before ' +
            'parsing, reject a timestamp more than 300 s from now, deduplicate on `id` (the same on every attempt). ' +
            'A 2xx within 10 s is success; anything else (redirects are not followed) is retried 8 times over about ' +
            '10 hours (30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 3 h, 3.5 h, each ±20%). An endpoint with only failures ' +
            'for 3 days is disabled (audit log: webhook_endpoint.disabled). Events: payment.detected, ' +
            'payment.confirmed, payment.completed, payment.underpaid, payment.overpaid (data.excess_amount), ' +
            'payment.expired, payment.late, payment.invalid_asset, settlement.submitted, settlement.completed, ' +
            'settlement.failed; data.object is the payment intent as the API returns it (with payment_link_id and ' +
            'invoice_id). refund.requested, refund.completed: data.object is the refund request. invoice.paid: an ' +
            'invoice became paid; data.object is the invoice. payment.overpaid is also emitted when funds become ' +
            'final after the payment was confirmed (even SETTLED or refunded), with the new total excess and ' +
            'data.additional_excess_amount.',
        },
      ],
    },
  });
  registerAuthentication(app, ctx);
  declareHookErrors(app, { rateLimited: opts.rateLimit !== false });
  registerGatewayMetrics(app.metrics, ctx);
  // Each feature's routes are a plugin of their own; every route declares its credentials in config.auth.
  await registerFeatureRoutes(app, features, API_ROLE);
  return app;
}
