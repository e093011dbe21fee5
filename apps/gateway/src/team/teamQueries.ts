import type { Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import type { MemberRow } from './teamRules.ts';
import {
  INVITATION_COLUMNS,
  invitationJson,
  type InvitationRow,
  type TeamInvitationView,
  type TeamMemberView,
} from './teamSchemas.ts';

export function memberJson(m: MemberRow, principal: Principal): TeamMemberView {
  return {
    id: m.user_id,
    object: 'team_member',
    email: m.email,
    role: m.role,
    joined_at: m.created_at.toISOString(),
    you: m.user_id === principal.userId,
  };
}

/** GET /v1/team/members: every member of the caller's merchant, owners first, then by role, then oldest first. */
export async function listMembers(ctx: GatewayContext, principal: Principal): Promise<TeamMemberView[]> {
  const rows = await ctx.db.query<MemberRow>(
    `select mm.user_id, u.email, mm.role, mm.created_at
       from merchant_members mm join users u on u.id = mm.user_id
      where mm.merchant_id = $1
      order by array_position(array['owner', 'admin', 'developer', 'read_only'], mm.role), mm.created_at, mm.user_id`,
    [principal.merchantId],
  );
  return rows.map((m) => memberJson(m, principal));
}

/** GET /v1/team/invitations: the merchant's newest 100 invitations, newest first, each with its derived status. */
export async function listInvitations(ctx: GatewayContext, principal: Principal): Promise<TeamInvitationView[]> {
  const now = ctx.now();
  const rows = await ctx.db.query<InvitationRow>(
    `select ${INVITATION_COLUMNS} from team_invitations where merchant_id = $1
      order by created_at desc, id desc limit 100`,
    [principal.merchantId],
  );
  return rows.map((r) => invitationJson(r, now));
}
