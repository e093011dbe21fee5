import { audit } from '../audit/audit.ts';
import type { Role } from '../auth/permissions.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { memberJson } from './teamQueries.ts';
import { assertNotLastOwner, assertWithinRole, lockedMember, lockTeam } from './teamRules.ts';
import type { TeamMemberView } from './teamSchemas.ts';

/**
 * PATCH /v1/team/members/{id}: the caller must hold both the member's current role and the new one within its own
 * (an admin never touches an owner nor makes one); the last owner keeps the role. The member's open sessions act with
 * the new role at once (their next request; a live event stream is re-checked on the NOTIFY of migration 0850).
 * The same role again changes nothing and writes no audit event.
 */
export async function changeMemberRole(
  ctx: GatewayContext,
  principal: Principal,
  userId: string,
  role: Role,
): Promise<TeamMemberView> {
  const now = ctx.now();
  return ctx.db.tx(async (tx) => {
    await lockTeam(tx, principal.merchantId);
    const member = await lockedMember(tx, principal.merchantId, userId);
    if (member.role === role) return memberJson(member, principal);
    assertWithinRole(principal.role, member.role, 'change members holding');
    assertWithinRole(principal.role, role, 'grant');
    if (role !== 'owner') await assertNotLastOwner(tx, principal.merchantId, member.role, 'demote');
    await tx.query('update merchant_members set role = $3 where merchant_id = $1 and user_id = $2', [
      principal.merchantId,
      userId,
      role,
    ]);
    await audit(tx, {
      merchantId: principal.merchantId,
      action: 'team.member.role_changed',
      actor: actorOf(principal),
      target: { type: 'user', id: userId },
      data: { email: member.email, from: member.role, to: role },
      at: now,
    });
    return memberJson({ ...member, role }, principal);
  });
}
