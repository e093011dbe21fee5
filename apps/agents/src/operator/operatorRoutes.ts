import { Type, type Static } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { createOperatorAuth, queueStats, type App } from '@tender/platform';
import type { AgentsContext } from '../context.ts';
import { AgentError, ok } from '../http/errors.ts';
import { plainResponses } from '../http/openapiResponses.ts';
import { auditOperator, readAudit } from './operatorAudit.ts';
import { setServiceSwitch } from './serviceSwitches.ts';
import { getTenant, listTenants, setTenantSuspended } from './tenantsAdmin.ts';

/** Operator admin prefix: HTTP Basic from configuration; not an agent endpoint (spec: authentication 10). */
export const ADMIN_API = '/admin/api';

const Limit = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'default 100' })) },
  { additionalProperties: false },
);
type Limit = Static<typeof Limit>;
const ServiceParams = Type.Object({ serviceId: Type.String({ minLength: 1, maxLength: 100 }) });
type ServiceParams = Static<typeof ServiceParams>;
const TenantParams = Type.Object({ tenantId: Type.String({ format: 'uuid' }) });
type TenantParams = Static<typeof TenantParams>;
const AvailabilityBody = Type.Object(
  {
    available: Type.Boolean({ description: 'false turns the service off (503 before any challenge) in every process' }),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500, description: 'Shown to agents in the catalog' })),
  },
  { additionalProperties: false },
);
type AvailabilityBody = Static<typeof AvailabilityBody>;
const ReasonBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 500 }) },
  { additionalProperties: false },
);
type ReasonBody = Static<typeof ReasonBody>;

const tags = ['operator'];
const security = [{ operatorBasic: [] }];
const operatorResponses = plainResponses(['OPERATOR_AUTH_REQUIRED', 'SERVICE_UNAVAILABLE', 'RESOURCE_NOT_FOUND']);

export function operatorRoutes(app: App, ctx: AgentsContext): void {
  const authenticateOperator = createOperatorAuth(ctx.operator, {
    onLockout: (l) => {
      ctx.logger.error(
        { failures: l.failures, windowMs: l.windowMs, ip: l.ip },
        'operator sign-in closed for every address: too many failed attempts in the window',
      );
      void auditOperator(ctx.db, {
        operator: '(unauthenticated)',
        action: 'operator.sign-in.locked',
        target: null,
        details: { failures: l.failures, windowMs: l.windowMs },
        ip: l.ip,
      }).catch((err: unknown) => ctx.logger.warn({ err }, 'audit of the operator lockout failed'));
    },
  });
  const who: OperatorOf = (req) => authenticateOperator(req.headers.authorization, req.ip);
  operatorServiceRoutes(app, ctx, who);
  operatorTenantRoutes(app, ctx, who);
  operatorMonitoringRoutes(app, ctx, who);
}

/** Authenticates the request (HTTP Basic, shared lockout); answers the operator's name. */
type OperatorOf = (req: FastifyRequest) => string;

const limit = (query: Limit) => query.limit ?? 100;
const config = { rateLimit: { max: 120, timeWindow: 60_000 } };

/** Catalog availability and the operator's on/off switch per service. */
function operatorServiceRoutes(app: App, ctx: AgentsContext, who: OperatorOf): void {
  app.get(
    `${ADMIN_API}/services`,
    {
      config,
      schema: {
        tags,
        security,
        response: operatorResponses,
        summary: 'Catalog availability per service, with operator switches',
      },
    },
    async (req) => {
      who(req);
      const off = ctx.catalog.operatorDisabled;
      return ok(
        {
          services: ctx.catalog.records.map((r) => ({
            serviceId: r.serviceId,
            available: r.available,
            unavailableReason: r.unavailableReason,
            turnedOffByOperator: off.has(r.serviceId),
          })),
        },
        req.id,
      );
    },
  );

  app.post(
    `${ADMIN_API}/services/:serviceId/availability`,
    {
      config,
      schema: {
        tags,
        security,
        response: operatorResponses,
        summary: 'Turn a catalog service off or back on (persisted; every process follows)',
        params: ServiceParams,
        body: AvailabilityBody,
      },
    },
    async (req) => {
      const operator = who(req);
      const { serviceId } = req.params;
      const body = req.body;
      if (!ctx.catalog.find(serviceId)) throw new AgentError('RESOURCE_NOT_FOUND', `No service ${serviceId}`);
      await setServiceSwitch(
        ctx.db,
        { serviceId, disabled: !body.available, reason: body.reason ?? null, operator },
        (tx) =>
          auditOperator(tx, {
            operator,
            action: body.available ? 'service.enable' : 'service.disable',
            target: serviceId,
            details: body.reason ? { reason: body.reason } : {},
            ip: req.ip,
          }),
      );
      await ctx.switches.refresh(); // this process at once; the others on the NOTIFY
      return ok({ service: ctx.catalog.get(serviceId).record }, req.id);
    },
  );
}

/** Tenants: list, view (both audited), suspend, resume. */
function operatorTenantRoutes(app: App, ctx: AgentsContext, who: OperatorOf): void {
  app.get(
    `${ADMIN_API}/tenants`,
    {
      config,
      schema: {
        tags,
        security,
        response: operatorResponses,
        summary: 'Tenants with their resources and spend',
        querystring: Limit,
      },
    },
    async (req) => {
      const operator = who(req);
      // Reading tenants' data is an action too: who looked, and when.
      await auditOperator(ctx.db, { operator, action: 'tenant.list', target: null, ip: req.ip });
      return ok({ tenants: await listTenants(ctx.db, limit(req.query)) }, req.id);
    },
  );

  app.get(
    `${ADMIN_API}/tenants/:tenantId`,
    { config, schema: { tags, security, response: operatorResponses, summary: 'One tenant', params: TenantParams } },
    async (req) => {
      const operator = who(req);
      const { tenantId } = req.params;
      await auditOperator(ctx.db, { operator, action: 'tenant.view', target: tenantId, ip: req.ip });
      return ok({ tenant: await getTenant(ctx.db, tenantId) }, req.id);
    },
  );

  app.post(
    `${ADMIN_API}/tenants/:tenantId/suspend`,
    {
      config,
      schema: {
        tags,
        security,
        response: operatorResponses,
        summary: 'Suspend a tenant: its calls answer TENANT_SUSPENDED before any challenge',
        params: TenantParams,
        body: ReasonBody,
      },
    },
    async (req) => {
      const operator = who(req);
      const tenant = await setTenantSuspended(ctx.db, {
        tenantId: req.params.tenantId,
        suspended: true,
        reason: req.body.reason,
        operator,
        ip: req.ip,
      });
      return ok({ tenant }, req.id);
    },
  );

  app.post(
    `${ADMIN_API}/tenants/:tenantId/resume`,
    {
      config,
      schema: {
        tags,
        security,
        response: operatorResponses,
        summary: 'Resume a suspended tenant',
        params: TenantParams,
      },
    },
    async (req) => {
      const operator = who(req);
      const tenant = await setTenantSuspended(ctx.db, {
        tenantId: req.params.tenantId,
        suspended: false,
        reason: null,
        operator,
        ip: req.ip,
      });
      return ok({ tenant }, req.id);
    },
  );
}

/** Reconciliation, health and the operator audit log. */
function operatorMonitoringRoutes(app: App, ctx: AgentsContext, who: OperatorOf): void {
  app.get(
    `${ADMIN_API}/reconciliation`,
    {
      config,
      schema: {
        tags,
        security,
        response: operatorResponses,
        summary:
          'Payments settled on chain but recorded by reconciliation, and paid requests still pending or with errors',
        querystring: Limit,
      },
    },
    async (req) => {
      who(req);
      const rows = await ctx.db.query<{
        id: string;
        wallet_address: string;
        service_id: string;
        state: string;
        amount_units: string;
        attempts: number;
        last_error: string | null;
        reconciled: boolean;
        lease_live: boolean;
        created_at: Date;
      }>(
        `select id, wallet_address, service_id, state, amount_units::text, attempts, last_error,
                coalesce((settlement->>'reconciled')::boolean, false) as reconciled,
                coalesce(lease_expires_at > now(), false) as lease_live, created_at
           from agent_paid_requests
          where state <> 'completed' or settlement->>'reconciled' = 'true' or last_error is not null
          order by created_at desc limit $1`,
        [limit(req.query)],
      );
      return ok(
        {
          paidRequests: rows.map((r) => ({
            paidRequestId: r.id,
            walletAddress: r.wallet_address,
            serviceId: r.service_id,
            state: r.state,
            amountUnits: r.amount_units,
            attempts: r.attempts,
            lastError: r.last_error,
            reconciledOnChain: r.reconciled,
            inProgress: r.lease_live,
            createdAt: r.created_at.toISOString(),
          })),
        },
        req.id,
      );
    },
  );

  app.get(
    `${ADMIN_API}/health`,
    {
      config,
      schema: {
        tags,
        security,
        response: operatorResponses,
        summary: 'Queues, durable events, paid requests and this process’s sockets',
      },
    },
    async (req) => {
      who(req);
      const [events, paid, queues] = await Promise.all([
        ctx.db.query<{ status: string; n: number }>(
          `select status, count(*)::int as n from agent_events group by status order by status`,
        ),
        ctx.db.query<{ state: string; n: number; stuck: number }>(
          `select state, count(*)::int as n,
                  count(*) filter (where lease_expires_at is null or lease_expires_at < now())::int as stuck
             from agent_paid_requests where state <> 'completed' group by state order by state`,
        ),
        queueStats(ctx.db),
      ]);
      return ok(
        {
          realtime: ctx.realtime.stats(),
          events: Object.fromEntries(events.map((e) => [e.status, e.n])),
          paidRequestsInFlight: paid.map((p) => ({ state: p.state, count: p.n, withoutLiveLease: p.stuck })),
          queues,
        },
        req.id,
      );
    },
  );

  app.get(
    `${ADMIN_API}/audit`,
    {
      config,
      schema: {
        tags,
        security,
        response: operatorResponses,
        summary: 'Operator actions, newest first',
        querystring: Limit,
      },
    },
    async (req) => {
      who(req);
      return ok({ audit: await readAudit(ctx.db, limit(req.query)) }, req.id);
    },
  );
}
