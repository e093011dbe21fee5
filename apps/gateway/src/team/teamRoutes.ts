import type { App } from '@tender/platform';
import type { FastifyRequest } from 'fastify';
import { signedInJson } from '../auth/authSchemas.ts';
import { assertSameOriginRequest, sessionCookie, sessionFromCookie } from '../auth/sessionCookie.ts';
import { resolveSession, SESSION_TOKEN_PREFIX } from '../auth/sessions.ts';
import type { GatewayContext } from '../context.ts';
import { bearerToken, principalOf } from '../http/authenticate.ts';
import { GatewayError } from '../http/errors.ts';
import { acceptInvitation } from './acceptInvitation.ts';
import { changeMemberRole } from './changeMemberRole.ts';
import { createInvitation } from './createInvitation.ts';
import { removeMember } from './removeMember.ts';
import { revokeInvitation } from './revokeInvitation.ts';
import { listInvitations, listMembers } from './teamQueries.ts';
import {
  acceptInvitationSchema,
  changeMemberSchema,
  createInvitationSchema,
  listInvitationsSchema,
  listMembersSchema,
  removeMemberSchema,
  revokeInvitationSchema,
} from './teamRouteSchemas.ts';

const people = ['session'] as const;

/**
 * The user of the session the accept request carries, if any: the route is open (a new person has no session), so
 * it reads the optional credential itself. A session that does not resolve is refused rather than ignored, so a
 * signed-out tab never silently creates a second account. The dashboard's cookie counts only for an accept without
 * a password: the browser sends it on its own, so it must not turn a new person's sign-up into a join of whoever
 * last signed in on that browser (an explicit bearer token with a password is still refused, below).
 */
async function optionalSessionUser(
  ctx: GatewayContext,
  req: FastifyRequest,
  withPassword: boolean,
): Promise<string | undefined> {
  const header = req.headers.authorization;
  let token: string | null | undefined;
  if (header) {
    token = bearerToken(header);
    if (!token?.startsWith(SESSION_TOKEN_PREFIX)) {
      throw new GatewayError('SESSION_REQUIRED', 'Accept an invitation with a dashboard session token or none');
    }
  } else {
    if (withPassword) return undefined;
    token = sessionFromCookie(ctx, req);
    if (!token?.startsWith(SESSION_TOKEN_PREFIX)) return undefined;
    assertSameOriginRequest(ctx, req);
  }
  const r = await resolveSession(ctx.db, token, { now: ctx.now(), idleSeconds: ctx.auth.sessionIdleSeconds });
  if (!r.ok) throw new GatewayError('INVALID_SESSION', 'This session is no longer valid; sign in again');
  return r.session.userId;
}

/** /v1/team/members, /v1/team/invitations, POST /public/team/invitations/accept. */
export function teamRoutes(ctx: GatewayContext) {
  return async function teamPlugin(app: App): Promise<void> {
    app.get(
      '/v1/team/members',
      { schema: listMembersSchema, config: { auth: { accepts: people, permission: 'read' } } },
      async (req) => ({ object: 'list' as const, data: await listMembers(ctx, principalOf(req)) }),
    );

    app.patch(
      '/v1/team/members/:id',
      { schema: changeMemberSchema, config: { auth: { accepts: people, permission: 'team:manage' } } },
      async (req) => changeMemberRole(ctx, principalOf(req), req.params.id, req.body.role),
    );

    app.delete(
      '/v1/team/members/:id',
      { schema: removeMemberSchema, config: { auth: { accepts: people, permission: 'team:manage' } } },
      async (req) => {
        const r = await removeMember(ctx, principalOf(req), req.params.id);
        return { id: r.id, object: 'team_member' as const, deleted: true as const, sessions_ended: r.sessionsEnded };
      },
    );

    app.post(
      '/v1/team/invitations',
      { schema: createInvitationSchema, config: { auth: { accepts: people, permission: 'team:manage' } } },
      async (req, reply) =>
        reply
          .code(201)
          .send(await createInvitation(ctx, principalOf(req), { email: req.body.email, role: req.body.role })),
    );

    app.get(
      '/v1/team/invitations',
      { schema: listInvitationsSchema, config: { auth: { accepts: people, permission: 'read' } } },
      async (req) => ({ object: 'list' as const, data: await listInvitations(ctx, principalOf(req)) }),
    );

    app.delete(
      '/v1/team/invitations/:id',
      { schema: revokeInvitationSchema, config: { auth: { accepts: people, permission: 'team:manage' } } },
      async (req) => revokeInvitation(ctx, principalOf(req), req.params.id),
    );

    app.post('/public/team/invitations/accept', { schema: acceptInvitationSchema }, async (req, reply) => {
      const sessionUserId = await optionalSessionUser(ctx, req, req.body.password !== undefined);
      if (sessionUserId && req.body.password !== undefined) {
        throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
          details: [{ path: '/password', message: 'must be omitted when accepting with a session' }],
        });
      }
      if (!sessionUserId && req.body.password === undefined) {
        throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
          details: [{ path: '/password', message: 'is required without a session (choose a password, or sign in)' }],
        });
      }
      const r = await acceptInvitation(ctx, {
        token: req.body.token,
        password: req.body.password,
        sessionUserId,
        ip: req.ip,
      });
      return reply
        .header('cache-control', 'no-store')
        .header('set-cookie', sessionCookie(ctx, r.session.token, r.session.expiresAt, ctx.now()))
        .send(signedInJson(r, ctx.auth.sessionIdleSeconds));
    });
  };
}
