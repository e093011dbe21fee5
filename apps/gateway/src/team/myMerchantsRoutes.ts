import type { App } from '@tender/platform';
import { membershipsOf } from '../accounts/memberships.ts';
import { signedInJson } from '../auth/authSchemas.ts';
import { sessionCookie } from '../auth/sessionCookie.ts';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { switchMerchant } from './switchMerchant.ts';
import { listMyMerchantsSchema, switchMerchantSchema } from './teamRouteSchemas.ts';

/** GET /v1/auth/merchants, POST /v1/auth/switch: a person in several merchants lists them and moves between them. */
export function myMerchantsRoutes(ctx: GatewayContext) {
  return async function myMerchantsPlugin(app: App): Promise<void> {
    app.get(
      '/v1/auth/merchants',
      { schema: listMyMerchantsSchema, config: { auth: { accepts: ['session'] } } },
      async (req) => {
        const p = principalOf(req);
        const all = await membershipsOf(ctx.db, p.userId ?? '');
        return {
          object: 'list' as const,
          data: all.map((m) => ({
            merchant_id: m.merchantId,
            business_name: m.businessName,
            role: m.role,
            joined_at: m.joinedAt.toISOString(),
            current: m.merchantId === p.merchantId,
          })),
        };
      },
    );

    app.post(
      '/v1/auth/switch',
      { schema: switchMerchantSchema, config: { auth: { accepts: ['session'] } } },
      async (req, reply) => {
        const r = await switchMerchant(ctx, principalOf(req), req.body.merchant_id);
        // The new session replaces the ended one in the dashboard's cookie too.
        return reply
          .header('cache-control', 'no-store')
          .header('set-cookie', sessionCookie(ctx, r.session.token, r.session.expiresAt, ctx.now()))
          .send(signedInJson(r, ctx.auth.sessionIdleSeconds));
      },
    );
  };
}
