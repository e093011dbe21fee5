import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses, ListQuery, listOf, Nullable, Timestamp } from '../http/schemas.ts';
import { listAuditEvents } from './audit.ts';

const AuditEventSchema = Type.Object({
  id: Type.String({ description: 'aev_…' }),
  object: Type.Literal('audit_event'),
  action: Type.String({
    description:
      'account.signed_up, auth.login.succeeded, auth.login.failed, auth.logout, auth.reauthentication.failed, ' +
      'api_key.created, api_key.revoked, email.verification_requested, email.change_requested, email.verified, ' +
      'email.changed, and the money-moving actions of later endpoints',
  }),
  environment: Nullable(Type.Union([Type.Literal('test'), Type.Literal('live')])),
  actor: Type.Object({
    type: Type.Union([
      Type.Literal('user'),
      Type.Literal('api_key'),
      Type.Literal('system'),
      Type.Literal('anonymous'),
    ]),
    id: Nullable(Type.String()),
  }),
  target: Nullable(Type.Object({ type: Type.String(), id: Type.String() })),
  ip: Nullable(Type.String()),
  data: Type.Record(Type.String(), Type.Unknown()),
  created_at: Timestamp,
});

/** GET /v1/audit-events */
export function auditRoutes(ctx: GatewayContext) {
  return async function auditPlugin(app: App): Promise<void> {
    app.get(
      '/v1/audit-events',
      {
        config: { auth: { accepts: ['key', 'session'], permission: 'audit:read' } },
        schema: {
          tags: ['Account'],
          summary: 'Audit log',
          description:
            'Newest first. Shows account-wide events and those of the caller’s environment (a test key does not ' +
            'see live-mode events). Needs audit:read (owner, admin, read_only).',
          querystring: Type.Object(ListQuery, { additionalProperties: false }),
          response: { 200: listOf(AuditEventSchema, 'A page of audit events'), ...errorResponses(400, 401, 403, 429) },
        },
      },
      async (req) => {
        const p = principalOf(req);
        const r = await listAuditEvents(ctx.db, {
          merchantId: p.merchantId,
          environment: p.environment,
          limit: req.query.limit ?? 20,
          cursor: req.query.cursor,
        });
        return {
          object: 'list' as const,
          data: r.events.map((e) => ({
            id: e.id,
            object: 'audit_event' as const,
            action: e.action,
            environment: e.environment,
            actor: e.actor,
            target: e.target,
            ip: e.ip,
            data: e.data,
            created_at: e.createdAt.toISOString(),
          })),
          has_more: r.nextCursor !== null,
          next_cursor: r.nextCursor,
        };
      },
    );
  };
}
