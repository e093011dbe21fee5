// The operator console's API, /admin/api (the page itself is /admin/, pages/webPages.ts). HTTP Basic with the
// operator's credentials (OPERATOR_USERNAME / OPERATOR_PASSWORD, the same as the agents' admin API) and the same
// lockout (packages/platform operatorAuth); every action is written to gateway_operator_audit, and so is every read
// of a merchant's data (who looked, and when). Listed in the OpenAPI document under "Operator", as the agents list
// theirs; not a merchant API (merchant credentials open nothing here, operator credentials nothing elsewhere).
import { auditOperatorAction, createOperatorAuth, type App } from '@tender/platform';
import type { FastifyRequest } from 'fastify';
import type { GatewayContext } from '../context.ts';
import { adminAudit, type AdminKit } from './adminKit.ts';
import { merchantAdminRoutes } from './merchantAdminRoutes.ts';
import { networkAdminRoutes } from './networkAdminRoutes.ts';
import { operationsAdminRoutes } from './operationsAdminRoutes.ts';

export { ADMIN_API, OPERATOR_SECURITY_SCHEME, OPERATOR_TAG } from './adminKit.ts';

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
    const kit: AdminKit = { app, ctx, operatorOf, audit: adminAudit(ctx, operatorOf) };
    merchantAdminRoutes(kit);
    networkAdminRoutes(kit);
    operationsAdminRoutes(kit);
  };
}
