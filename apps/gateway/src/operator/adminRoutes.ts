// The operator console's API, /admin/api (the page itself is /admin/, pages/webPages.ts). HTTP Basic with the
// operator's credentials (OPERATOR_USERNAME / OPERATOR_PASSWORD, the same as the agents' admin API) and the same
// lockout (packages/platform operatorAuth); every action is written to gateway_operator_audit, and so is every read
// of a merchant's data (who looked, and when). Listed in the OpenAPI document under "Operator", as the agents list
// theirs; not a merchant API (merchant credentials open nothing here, operator credentials nothing elsewhere).
import {
  auditOperatorAction,
  createOperatorAuth,
  listDeadJobs,
  queueStats,
  readOperatorAudit,
  retryDeadJob,
  type App,
} from '@tender/platform';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { errorResponses, StringEnum } from '../http/schemas.ts';
import { getMerchant, searchMerchants, setMerchantSuspended } from './merchantsAdmin.ts';
import { incidentFacts, listNetworks } from './networksAdmin.ts';
import { listRelayers } from './relayersAdmin.ts';
import { INCIDENT_RESOLUTIONS, resolveIncident } from './resolveIncident.ts';

export const ADMIN_API = '/admin/api';

export const OPERATOR_TAG = {
  name: 'Operator',
  description:
    'The operator console’s API (the page is /admin/): merchants (search, suspend, resume), networks and their ' +
    'incidents, relayers, job queues, and the agent services’ tenants when they run in the same process. HTTP Basic ' +
    'with OPERATOR_USERNAME / OPERATOR_PASSWORD (503 while no password is set); 10 failures per address lock it ' +
    'for 15 minutes (429), 100 over all addresses close it for everyone. Every action is audited.',
};

export const OPERATOR_SECURITY_SCHEME = {
  operatorBasic: { type: 'http', scheme: 'basic', description: 'Operator credentials from configuration' },
};

const tags = [OPERATOR_TAG.name];
const security = [{ operatorBasic: [] }];
const responses = errorResponses(400, 401, 404, 409, 429, 503);
const config = { rateLimit: { max: 120, timeWindow: 60_000 } };
const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'default 100' }));
const MerchantParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
const NetworkParams = Type.Object({ network: Type.String({ minLength: 1, maxLength: 40 }) });

export function adminRoutes(ctx: GatewayContext) {
  return async function adminPlugin(app: App): Promise<void> {
    const authenticate = createOperatorAuth(ctx.operator, {
      onLockout: (l) => {
        ctx.logger.error(
          { failures: l.failures, windowMs: l.windowMs, ip: l.ip },
          'operator sign-in closed for every address: too many failed attempts in the window',
        );
        void auditOperatorAction(ctx.db, 'gateway_operator_audit', {
          operator: '(unauthenticated)',
          action: 'operator.sign-in.locked',
          target: null,
          details: { failures: l.failures, windowMs: l.windowMs },
          ip: l.ip,
        }).catch((err: unknown) => ctx.logger.warn({ err }, 'audit of the operator lockout failed'));
      },
    });
    const operators = new WeakMap<FastifyRequest, string>();
    // Every route of this plugin (and only these), appended to its onRequest hooks after the rate limiter's (as
    // http/authenticate.ts does for merchants): failed sign-ins are limited like any other request.
    const signIn = async (req: FastifyRequest) => {
      operators.set(req, authenticate(req.headers.authorization, req.ip));
    };
    app.addHook('onRoute', (route) => {
      route.onRequest = [...(route.onRequest ? [route.onRequest].flat() : []), signIn];
    });
    const operatorOf = (req: FastifyRequest) => operators.get(req) ?? '(unknown)';
    const audit = (req: FastifyRequest, action: string, target: string | null, details?: Record<string, unknown>) =>
      auditOperatorAction(ctx.db, 'gateway_operator_audit', {
        operator: operatorOf(req),
        action,
        target,
        ...(details ? { details } : {}),
        ip: req.ip,
      });

    app.get(
      `${ADMIN_API}/merchants`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Search merchants by id, business name or a member’s email',
          querystring: Type.Object(
            { q: Type.Optional(Type.String({ maxLength: 200 })), limit: Limit },
            { additionalProperties: false },
          ),
          response: responses,
        },
      },
      async (req) => {
        const q = req.query.q?.trim() ?? '';
        await audit(req, 'merchant.search', null, q ? { q } : {});
        return { merchants: await searchMerchants(ctx.db, q, req.query.limit ?? 100) };
      },
    );

    app.get(
      `${ADMIN_API}/merchants/:id`,
      { config, schema: { tags, security, summary: 'One merchant', params: MerchantParams, response: responses } },
      async (req) => {
        const merchant = await getMerchant(ctx.db, req.params.id);
        await audit(req, 'merchant.view', req.params.id);
        return { merchant };
      },
    );

    app.post(
      `${ADMIN_API}/merchants/:id/suspend`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Suspend a merchant',
          description:
            'Its API keys and sessions answer 403 MERCHANT_SUSPENDED in every process at once; its link, checkout ' +
            'and invoice pages open no new payment; payments already paid still settle. Suspending a suspended ' +
            'merchant changes nothing (`changed: false`).',
          params: MerchantParams,
          body: Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false }),
          response: responses,
        },
      },
      async (req) =>
        setMerchantSuspended(ctx, {
          merchantId: req.params.id,
          suspended: true,
          reason: req.body.reason,
          operator: operatorOf(req),
          ip: req.ip,
        }),
    );

    app.post(
      `${ADMIN_API}/merchants/:id/resume`,
      {
        config,
        schema: { tags, security, summary: 'Resume a suspended merchant', params: MerchantParams, response: responses },
      },
      async (req) =>
        setMerchantSuspended(ctx, {
          merchantId: req.params.id,
          suspended: false,
          reason: null,
          operator: operatorOf(req),
          ip: req.ip,
        }),
    );

    app.get(
      `${ADMIN_API}/networks`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Networks: state, watcher lag behind the node, open incidents and the recently resolved',
          response: responses,
        },
      },
      async () => listNetworks(ctx),
    );

    app.get(
      `${ADMIN_API}/networks/:network/incident`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'A network’s open incident with the recorded facts the chain disagrees with',
          params: NetworkParams,
          response: responses,
        },
      },
      async (req) => {
        const facts = await incidentFacts(ctx, req.params.network);
        if (!facts) throw new GatewayError('RESOURCE_NOT_FOUND', `${req.params.network} has no open incident`);
        await audit(req, 'incident.view', req.params.network);
        return facts;
      },
    );

    app.post(
      `${ADMIN_API}/networks/:network/incident/resolve`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Resolve a network’s incident: apply the chain, or keep the database',
          description:
            'apply_chain: the chain is read again and applied (facts above the newest agreeing block rolled back, ' +
            'payments re-derived, blocks read again). keep_database: the recorded facts stand and are no longer ' +
            'compared with the chain; the watcher goes on from its height. 409 without an open incident; 503 when ' +
            'the node does not answer (nothing changed).',
          params: NetworkParams,
          body: Type.Object({ resolution: StringEnum(INCIDENT_RESOLUTIONS) }, { additionalProperties: false }),
          response: responses,
        },
      },
      async (req) => ({
        resolved: await resolveIncident(ctx, {
          network: req.params.network,
          resolution: req.body.resolution,
          operator: operatorOf(req),
          ip: req.ip,
        }),
      }),
    );

    app.get(
      `${ADMIN_API}/relayers`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Relayers per network: balance, nonces and transactions in flight',
          response: responses,
        },
      },
      async () => ({ relayers: await listRelayers(ctx) }),
    );

    app.get(
      `${ADMIN_API}/queues`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Job queues (depth, scheduled, running, dead) and the dead jobs, newest first',
          querystring: Type.Object(
            { queue: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), limit: Limit },
            { additionalProperties: false },
          ),
          response: responses,
        },
      },
      async (req) => {
        const [queues, deadJobs] = await Promise.all([
          queueStats(ctx.db),
          listDeadJobs(ctx.db, { queue: req.query.queue, limit: req.query.limit ?? 100 }),
        ]);
        return { queues, deadJobs };
      },
    );

    app.post(
      `${ADMIN_API}/jobs/:id/retry`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Run a dead job again (a full set of attempts); 409 when the job is not dead',
          params: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) }),
          response: responses,
        },
      },
      async (req) => {
        const id = req.params.id;
        const r = await ctx.db.tx(async (tx) => {
          const outcome = await retryDeadJob(tx, id);
          if (outcome === 'retried') {
            await auditOperatorAction(tx, 'gateway_operator_audit', {
              operator: operatorOf(req),
              action: 'job.retry',
              target: id,
              ip: req.ip,
            });
          }
          return outcome;
        });
        if (r === 'missing') throw new GatewayError('RESOURCE_NOT_FOUND', `No job ${id}`);
        if (r !== 'retried') throw new GatewayError('CONFLICT', `Job ${id} is ${r}, not dead`);
        return { job: { id, state: 'queued' } };
      },
    );

    app.get(
      `${ADMIN_API}/agents`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'The agent services’ tenants and service switches, when they run in this process',
          querystring: Type.Object({ limit: Limit }, { additionalProperties: false }),
          response: responses,
        },
      },
      async (req) => {
        const agents = ctx.operator.agents;
        if (!agents) return { available: false, adminApiUrl: null, tenants: [], services: [] };
        await audit(req, 'agents.tenant.list', null);
        return { available: true, adminApiUrl: agents.adminApiUrl, ...(await agents.read(req.query.limit ?? 100)) };
      },
    );

    app.get(
      `${ADMIN_API}/audit`,
      {
        config,
        schema: {
          tags,
          security,
          summary: 'Operator actions, newest first',
          querystring: Type.Object({ limit: Limit }, { additionalProperties: false }),
          response: responses,
        },
      },
      async (req) => ({ audit: await readOperatorAudit(ctx.db, 'gateway_operator_audit', req.query.limit ?? 100) }),
    );
  };
}
