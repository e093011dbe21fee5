import type { App } from '@tender/platform';
import { Type } from 'typebox';
import { KEY_ROLES } from '../auth/permissions.ts';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses, ListQuery, listOf, NullableTimestamp, StringEnum, Timestamp } from '../http/schemas.ts';
import { createApiKey, listApiKeys, revokeApiKey, type ApiKey } from './apiKeys.ts';
import { ENVIRONMENTS } from '../tenant.ts';

const tags = ['API keys'];
const Environment = StringEnum(ENVIRONMENTS, {
  description: 'test: testnets (sk_test_ keys); live: mainnets (sk_live_ keys)',
});
const KeyRole = StringEnum(KEY_ROLES, {
  description: 'admin: everything but account settings; developer: read and write, webhooks; read_only: reads only',
});

const ApiKeySchema = Type.Object({
  id: Type.String({ description: 'key_…' }),
  object: Type.Literal('api_key'),
  name: Type.String(),
  environment: Environment,
  role: KeyRole,
  prefix: Type.String({ description: 'sk_test_ or sk_live_' }),
  last4: Type.String({ description: 'Last four characters of the secret' }),
  created_at: Timestamp,
  last_used_at: NullableTimestamp,
  revoked_at: NullableTimestamp,
});

const keyJson = (k: ApiKey) => ({
  id: k.id,
  object: 'api_key' as const,
  name: k.name,
  environment: k.environment,
  role: k.role,
  prefix: k.prefix,
  last4: k.last4,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
});

/** POST /v1/api-keys, GET /v1/api-keys, POST /v1/api-keys/{id}/revoke */
export function apiKeyRoutes(ctx: GatewayContext) {
  return async function apiKeyPlugin(app: App): Promise<void> {
    app.post(
      '/v1/api-keys',
      {
        config: { auth: { accepts: ['session'], permission: 'keys:manage' } },
        schema: {
          tags,
          summary: 'Create an API key',
          description:
            'Answers the secret once, in `secret`; afterwards only `prefix` and `last4` are shown (the secret is ' +
            'stored hashed). The environment is the prefix: sk_test_ keys use testnets, sk_live_ keys mainnets. ' +
            'Session only (403 SESSION_REQUIRED for API keys); needs keys:manage (owner, admin), and the key role ' +
            'must be within the caller’s own. A live key needs the caller’s email verified (403 EMAIL_NOT_VERIFIED).',
          body: Type.Object(
            {
              name: Type.String({ minLength: 1, maxLength: 100, description: '1 to 100 characters' }),
              environment: Environment,
              role: Type.Optional(StringEnum(KEY_ROLES, { description: 'Default developer' })),
            },
            { additionalProperties: false },
          ),
          response: {
            201: Type.Object(
              {
                ...ApiKeySchema.properties,
                secret: Type.String({ description: 'The API key. Shown only in this response; store it now.' }),
              },
              { description: 'The new key, with its secret' },
            ),
            ...errorResponses(400, 401, 403, 429),
          },
        },
      },
      async (req, reply) => {
        const { key, secret } = await createApiKey(ctx, principalOf(req), {
          name: req.body.name,
          environment: req.body.environment,
          role: req.body.role ?? 'developer',
        });
        return reply
          .code(201)
          .header('cache-control', 'no-store')
          .send({ ...keyJson(key), secret });
      },
    );

    app.get(
      '/v1/api-keys',
      {
        config: { auth: { accepts: ['key', 'session'], permission: 'read' } },
        schema: {
          tags,
          summary: 'List API keys',
          description:
            'The merchant’s keys, newest first, revoked ones included; never a secret (prefix and last four only).',
          querystring: Type.Object(
            { ...ListQuery, environment: Type.Optional(Environment) },
            { additionalProperties: false },
          ),
          response: { 200: listOf(ApiKeySchema, 'A page of API keys'), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (req) => {
        const r = await listApiKeys(ctx, principalOf(req), {
          limit: req.query.limit ?? 20,
          cursor: req.query.cursor,
          environment: req.query.environment,
        });
        return {
          object: 'list' as const,
          data: r.keys.map(keyJson),
          has_more: r.nextCursor !== null,
          next_cursor: r.nextCursor,
        };
      },
    );

    app.post(
      '/v1/api-keys/:id/revoke',
      {
        config: { auth: { accepts: ['key', 'session'], permission: 'keys:manage' } },
        schema: {
          tags,
          summary: 'Revoke an API key',
          description:
            'The key stops working at once (401 INVALID_API_KEY). Revoking a revoked key answers it unchanged. ' +
            'Needs keys:manage (owner, admin; an admin key may revoke keys, itself included).',
          params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
          response: { 200: ApiKeySchema, ...errorResponses(401, 403, 404, 429) },
        },
      },
      async (req) => keyJson(await revokeApiKey(ctx, principalOf(req), req.params.id)),
    );
  };
}
