// What every route of the operator console's API shares (adminRoutes.ts): its tag, security, error answers, rate
// limit, and the operator a request was signed in as.
import { auditOperatorAction, type App } from '@tender/platform';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';

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

export const tags = [OPERATOR_TAG.name];
export const security = [{ operatorBasic: [] }];
export const responses = errorResponses(400, 401, 404, 409, 429, 503);
export const config = { rateLimit: { max: 120, timeWindow: 60_000 } };
export const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: 'default 100' }));

/** The routes of one part of the console: the plugin's app, the context, and who is asking. */
export interface AdminKit {
  app: App;
  ctx: GatewayContext;
  operatorOf: (req: FastifyRequest) => string;
  /** Writes one operator action (outside any transaction: reads and views). */
  audit: (
    req: FastifyRequest,
    action: string,
    target: string | null,
    details?: Record<string, unknown>,
  ) => Promise<void>;
}

export function adminAudit(ctx: GatewayContext, operatorOf: AdminKit['operatorOf']): AdminKit['audit'] {
  return (req, action, target, details) =>
    auditOperatorAction(ctx.db, 'gateway_operator_audit', {
      operator: operatorOf(req),
      action,
      target,
      ...(details ? { details } : {}),
      ip: req.ip,
    });
}
