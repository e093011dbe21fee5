import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { assertNotLastOwner, assertWithinRole, lockedMember, lockTeam } from './teamRules.ts';

export interface MemberRemoved {
  id: string;
  sessionsEnded: number;
  devicesForgotten: number;
}

/**
 * DELETE /v1/team/members/{id}: removes the membership, ends every session of that user in this merchant (their
 * tokens answer 401 at once; sessions in other merchants they belong to go on) and forgets every login device token
 * of the user (a device token is the person's, not the merchant's, so none is kept that this merchant's trust
 * issued), with the audit event, in one transaction. The caller must hold the member's role within its own; the
 * last owner cannot be removed (nor leave). The user row stays (other memberships, audit history, API keys they
 * created, which belong to the merchant and keep working until revoked).
 */
export async function removeMember(ctx: GatewayContext, principal: Principal, userId: string): Promise<MemberRemoved> {
  const now = ctx.now();
  return ctx.db.tx(async (tx) => {
    await lockTeam(tx, principal.merchantId);
    const member = await lockedMember(tx, principal.merchantId, userId);
    assertWithinRole(principal.role, member.role, 'remove members holding');
    await assertNotLastOwner(tx, principal.merchantId, member.role, 'remove');
    await tx.query('delete from merchant_members where merchant_id = $1 and user_id = $2', [
      principal.merchantId,
      userId,
    ]);
    const ended = await tx.query(
      `update sessions set revoked_at = $3
        where user_id = $1 and merchant_id = $2 and revoked_at is null returning id`,
      [userId, principal.merchantId, now],
    );
    const forgotten = await tx.query('delete from login_devices where user_id = $1 returning token_hash', [userId]);
    await audit(tx, {
      merchantId: principal.merchantId,
      action: 'team.member.removed',
      actor: actorOf(principal),
      target: { type: 'user', id: userId },
      data: {
        email: member.email,
        role: member.role,
        sessions_ended: ended.length,
        devices_forgotten: forgotten.length,
        left: userId === principal.userId,
      },
      at: now,
    });
    return { id: userId, sessionsEnded: ended.length, devicesForgotten: forgotten.length };
  });
}
