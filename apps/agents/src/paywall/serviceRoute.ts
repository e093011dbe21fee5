import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '@tender/platform';
import type { ServiceDefinition, ServiceRecord } from '../catalog/catalog.ts';
import { REQUEST_SCHEMAS } from '../catalog/requestSchemas.ts';
import type { AgentsContext } from '../context.ts';
import { AgentError, GUIDES, ok } from '../http/errors.ts';
import { authenticateBearer, type Tenant } from '../tenants/tenants.ts';
import { gateAvailability } from './availability.ts';
import type { PaidOutcome } from './paidCall.ts';
import { processPaidCall } from './processPaidCall.ts';
import type { RouteSchema, ServiceHandler } from './serviceHandler.ts';
import { serviceOpenApi } from './serviceOpenApi.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The tenant of the request's bearer token (null without one), set by a service route before the body. */
    paywallTenant: Tenant | null;
  }
}

/** Declares the request slot once per encapsulation context (every service route shares it). */
function decorateTenant(app: App): void {
  if (!app.hasRequestDecorator('paywallTenant')) app.decorateRequest('paywallTenant', null);
}

/**
 * Registers the route of one catalog service behind the generic paywall. The order of checks is the contract:
 *
 *  1. catalog: unavailable → 503 (before anything else; no challenge, no settlement);
 *  2. authentication: bearer services without token → 428 ONBOARDING_REQUIRED when paid, 401 AUTH_REQUIRED when
 *     free; an invalid token → INVALID_TOKEN; start-here services accept a token but do not need one. The 428 comes
 *     before the Idempotency-Key check (spec: a secondary paid request without token is answered 428 before any
 *     challenge): a key is useless to a client that must first call another service;
 *  3. request validation (schema), then the service's precheck (ownership of named resources …);
 *  4. free services perform now; paid services (all POST) go through the paid flow (processPaidCall), whose
 *     outcome this adapter answers.
 */
export function serviceRoute<I>(app: App, ctx: AgentsContext, handler: ServiceHandler<I>, schema: RouteSchema): void {
  const { def, record } = ctx.catalog.get(handler.serviceId);
  decorateTenant(app);
  app.route({
    method: def.method,
    url: def.path.replace(/\{(\w+)\}/g, ':$1'),
    schema: serviceOpenApi(def, record, schema),
    // preParsing, not onRequest: the server's rate limit (an onRequest hook that runs after a route's own) counts
    // the request first, and the body is still unread when availability or credentials refuse it.
    preParsing: async (req, _reply, payload) => {
      // Read per request: the operator's switches change availability while the process runs.
      gateAvailability(ctx.catalog.get(def.serviceId).record);
      req.paywallTenant = await authenticate(ctx, def, record, req);
      return payload;
    },
    handler: async (req, reply) => {
      const record = ctx.catalog.get(def.serviceId).record; // current terms (switches rebuild the records)
      const tenant = req.paywallTenant;
      const input = handler.input(req);
      const signature = paymentSignature(req);
      // A paid replay (PAYMENT-SIGNATURE present) may be the retry of a completed request whose precondition no
      // longer holds (the mailbox it created now exists): its precheck runs after the idempotency lookup, just
      // before settlement. Everything else is checked here, before any challenge.
      if (!(record.paid && signature)) await handler.precheck?.(ctx, tenant, input);
      if (!record.paid) {
        if (!tenant) throw new AgentError('AUTH_REQUIRED', 'Send Authorization: Bearer <at_v1_… access token>');
        const outcome = await handler.perform(ctx, {
          serviceId: def.serviceId,
          tenant,
          input,
          requestId: req.id,
          ref: null,
        });
        const data = outcome.write ? await ctx.db.tx(outcome.write) : outcome.data;
        return reply.code(def.successStatus).send(ok(data, req.id, record.guide));
      }
      const outcome = await processPaidCall(ctx, {
        service: def,
        record,
        operation: handler,
        tenant,
        input,
        requestId: req.id,
        url: req.url,
        request: { params: req.params, query: req.query, body: req.body },
        signature,
        idempotencyKey: header(req, 'idempotency-key'),
      });
      return answer(reply, outcome);
    },
  });
}

/** Answers the paid flow's outcome: errors through the envelope (thrown), answers with their headers. */
function answer(reply: FastifyReply, outcome: PaidOutcome): FastifyReply {
  if (outcome.kind === 'challenge' || outcome.kind === 'refused') throw outcome.error;
  const { status, headers, body } = outcome.response;
  reply.code(status);
  for (const name in headers) reply.header(name, headers[name]);
  return reply.send(body);
}

/**
 * A route that is unavailable (domain.register always; telephony without a provider): 503 at once, no challenge, no
 * settlement, no body read. The request schema (from REQUEST_SCHEMAS unless given) only documents the body.
 */
export function unavailableRoute(
  app: App,
  ctx: AgentsContext,
  serviceId: string,
  schema: RouteSchema = REQUEST_SCHEMAS[serviceId] ?? {},
): void {
  const { def, record } = ctx.catalog.get(serviceId);
  const current = () => ctx.catalog.get(serviceId).record;
  app.route({
    method: def.method,
    url: def.path.replace(/\{(\w+)\}/g, ':$1'),
    schema: serviceOpenApi(def, record, schema),
    preParsing: async (_req, _reply, payload) => {
      gateAvailability(current()); // after the rate limit, before the body is read
      return payload;
    },
    handler: async () => gateAvailability(current()),
  });
}

async function authenticate(
  ctx: AgentsContext,
  def: ServiceDefinition,
  record: ServiceRecord,
  req: FastifyRequest,
): Promise<Tenant | null> {
  const header = req.headers.authorization;
  if (def.auth === 'none') return null;
  if (def.auth === 'x402') return header ? authenticateBearer(ctx.db, header) : null;
  if (!header && record.paid) throw onboardingRequired(ctx, def.serviceId);
  return authenticateBearer(ctx.db, header);
}

function onboardingRequired(ctx: AgentsContext, serviceId: string): AgentError {
  const start = ctx.catalog.startHereFor(serviceId);
  return new AgentError(
    'ONBOARDING_REQUIRED',
    `${serviceId} needs the access token that a start-here service issues. Call ${start.serviceId} ` +
      `(${start.method} ${start.path}, ${start.price} USDT) first, then retry with Authorization: Bearer <token>. ` +
      'Do not pay for this request now.',
    {
      data: {
        startHere: {
          serviceId: start.serviceId,
          method: start.method,
          endpoint: start.path,
          price: start.price,
          priceUnits: start.priceUnits,
          currency: start.currency,
          requiredInput: start.input,
          guide: start.guide,
        },
        guidePaths: { llms: GUIDES.llms, docs: '/docs#authentication', serviceCatalog: GUIDES.serviceCatalog },
      },
    },
  );
}

/** The x402 payment proof: PAYMENT-SIGNATURE (v2), or X-PAYMENT, the v1 name some clients still send. */
function paymentSignature(req: FastifyRequest): string | undefined {
  return header(req, 'payment-signature') ?? header(req, 'x-payment');
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
