import type { App } from '@tender/platform';
import { Type } from 'typebox';
import { MerchantSchema, merchantJson, UserSchema, userJson } from '../auth/authSchemas.ts';
import { PERMISSIONS, ROLE_PERMISSIONS, ROLES } from '../auth/permissions.ts';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { GatewayError } from '../http/errors.ts';
import { errorResponses, Nullable, StringEnum } from '../http/schemas.ts';
import { getMerchant, getUser } from './accounts.ts';
import { ENVIRONMENTS } from '../tenant.ts';

/** GET /v1/me */
export function meRoutes(ctx: GatewayContext) {
  return async function mePlugin(app: App): Promise<void> {
    app.get(
      '/v1/me',
      {
        config: { auth: { accepts: ['key', 'session'], permission: 'read' } },
        schema: {
          tags: ['Account'],
          summary: 'The calling merchant, role and environment',
          description:
            'What the credential acts as: the merchant, the role (and its permissions), the environment (test or ' +
            'live; from the key prefix, or for a session the Tender-Environment header, default test) and the ' +
            'credential itself. `user` is set for sessions.',
          response: {
            200: Type.Object({
              object: Type.Literal('me'),
              merchant: MerchantSchema,
              role: StringEnum(ROLES),
              permissions: Type.Array(StringEnum(PERMISSIONS)),
              environment: StringEnum(ENVIRONMENTS),
              credential: Type.Object({
                type: Type.Union([Type.Literal('api_key'), Type.Literal('session')]),
                id: Type.String({ description: 'key_… or ses_…' }),
              }),
              user: Nullable(UserSchema),
            }),
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async (req) => {
        const p = principalOf(req);
        const merchant = await getMerchant(ctx.db, p.merchantId);
        if (!merchant)
          throw new GatewayError('INVALID_CREDENTIALS', 'The merchant of this credential no longer exists');
        const user = p.userId ? await getUser(ctx.db, p.merchantId, p.userId) : undefined;
        return {
          object: 'me' as const,
          merchant: merchantJson(merchant),
          role: p.role,
          permissions: [...ROLE_PERMISSIONS[p.role]],
          environment: p.environment,
          credential: { type: p.kind, id: (p.kind === 'api_key' ? p.keyId : p.sessionId) ?? '' },
          user: user ? userJson(user) : null,
        };
      },
    );
  };
}
