// The console's operations: relayers, job queues and dead-job retry, the agent services, the audit log.
import { auditOperatorAction, listDeadJobs, queueStats, readOperatorAudit, retryDeadJob } from '@tender/platform';
import { Type } from 'typebox';
import { GatewayError } from '../http/errors.ts';
import type { AdminAnswer } from './adminAnswers.ts';
import { ADMIN_API, config, Limit, responses, security, tags, type AdminKit } from './adminKit.ts';
import { listRelayers } from './relayersAdmin.ts';

export function operationsAdminRoutes({ app, ctx, operatorOf, audit }: AdminKit): void {
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
    async (): Promise<AdminAnswer<'GET /admin/api/relayers'>> => ({ relayers: await listRelayers(ctx) }),
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
    async (req): Promise<AdminAnswer<'GET /admin/api/queues'>> => {
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
    async (req): Promise<AdminAnswer<'POST /admin/api/jobs/{id}/retry'>> => {
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
    async (req): Promise<AdminAnswer<'GET /admin/api/agents'>> => {
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
    async (req): Promise<AdminAnswer<'GET /admin/api/audit'>> => ({
      audit: await readOperatorAudit(ctx.db, 'gateway_operator_audit', req.query.limit ?? 100),
    }),
  );
}
