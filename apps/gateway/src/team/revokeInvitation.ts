import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { assertWithinRole, lockTeam } from './teamRules.ts';
import { INVITATION_COLUMNS, invitationJson, type InvitationRow, type TeamInvitationView } from './teamSchemas.ts';

/**
 * DELETE /v1/team/invitations/{id}: its link stops working at once. 404 for an id of another merchant; 409
 * INVITATION_NOT_PENDING once accepted or revoked; an admin cannot revoke an owner's invitation (ROLE_NOT_ALLOWED).
 * An expired invitation may still be revoked (it then reads as revoked).
 */
export async function revokeInvitation(
  ctx: GatewayContext,
  principal: Principal,
  id: string,
): Promise<TeamInvitationView> {
  const now = ctx.now();
  const row = await ctx.db.tx(async (tx) => {
    await lockTeam(tx, principal.merchantId);
    const [inv] = await tx.query<InvitationRow>(
      `select ${INVITATION_COLUMNS} from team_invitations where id = $1 and merchant_id = $2 for update`,
      [id, principal.merchantId],
    );
    if (!inv) throw new GatewayError('RESOURCE_NOT_FOUND', `No invitation ${id}`);
    if (inv.accepted_at || inv.revoked_at) {
      throw new GatewayError(
        'INVITATION_NOT_PENDING',
        `Invitation ${id} was already ${inv.accepted_at ? 'accepted' : 'revoked'}`,
      );
    }
    assertWithinRole(principal.role, inv.role, 'revoke invitations for');
    const [r] = await tx.query<InvitationRow>(
      `update team_invitations set revoked_at = $2, revoked_by = $3 where id = $1 returning ${INVITATION_COLUMNS}`,
      [id, now, principal.userId],
    );
    await audit(tx, {
      merchantId: principal.merchantId,
      action: 'team.invitation.revoked',
      actor: actorOf(principal),
      target: { type: 'team_invitation', id },
      data: { email: inv.email, role: inv.role },
      at: now,
    });
    return r!;
  });
  return invitationJson(row, now);
}
