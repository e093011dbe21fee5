// Invitations: the POST stores the invitation (no token yet) and queues its mail, audited, in one transaction; the
// job mints the token, stores only its hash and mails the link, as the password reset does (auth/passwordReset.ts).
import { hashToken, newId, newSecretToken } from '@tender/platform';
// The gateway's one import point of the platform job runner (see emailLinks.ts).
import { enqueue, PermanentJobError, type QueueDefinition } from '@tender/platform';
import { audit } from '../audit/audit.ts';
import type { Role } from '../auth/permissions.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { teamInvitationMail } from './invitationMail.ts';
import { assertWithinRole, lockTeam } from './teamRules.ts';
import { INVITATION_COLUMNS, invitationJson, type InvitationRow, type TeamInvitationView } from './teamSchemas.ts';

export const TEAM_INVITATION_QUEUE = 'gateway.team_invitation';

/** An invitation works for 7 days from its creation. */
export const INVITATION_TTL_SECONDS = 7 * 86_400;

/** Invitation tokens: `tit_` + 40 base62 characters (~238 bits); only the SHA-256 hash is stored. */
const INVITATION_TOKEN_PREFIX = 'tit_';

interface InvitationJobPayload {
  invitationId: string;
}

/**
 * POST /v1/team/invitations. Refuses a role beyond the caller's (403 ROLE_NOT_ALLOWED), an address that is a member
 * already (409 ALREADY_MEMBER) or has a pending invitation (409 INVITATION_PENDING: revoke it to send a new one).
 */
export async function createInvitation(
  ctx: GatewayContext,
  principal: Principal,
  p: { email: string; role: Role },
): Promise<TeamInvitationView> {
  if (!ctx.mailer) {
    throw new GatewayError(
      'EMAIL_UNAVAILABLE',
      'This server cannot send email (no SMTP relay is configured: SMTP_URL), so it cannot send invitations',
    );
  }
  assertWithinRole(principal.role, p.role, 'invite members with');
  const now = ctx.now();
  const row = await ctx.db.tx(async (tx) => {
    await lockTeam(tx, principal.merchantId);
    const [member] = await tx.query(
      `select 1 from merchant_members mm join users u on u.id = mm.user_id
        where mm.merchant_id = $1 and lower(u.email) = lower($2) limit 1`,
      [principal.merchantId, p.email],
    );
    if (member) throw new GatewayError('ALREADY_MEMBER', `${p.email} is already a member of this merchant`);
    const [open] = await tx.query<{ id: string }>(
      `select id from team_invitations
        where merchant_id = $1 and lower(email) = lower($2) and accepted_at is null and revoked_at is null
          and expires_at > $3
        limit 1`,
      [principal.merchantId, p.email, now],
    );
    if (open) {
      throw new GatewayError(
        'INVITATION_PENDING',
        `${p.email} already has a pending invitation (${open.id}); revoke it to send a new one`,
      );
    }
    const id = newId('tinv');
    const [r] = await tx.query<InvitationRow>(
      `insert into team_invitations (id, merchant_id, email, role, invited_by, created_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7) returning ${INVITATION_COLUMNS}`,
      [
        id,
        principal.merchantId,
        p.email,
        p.role,
        principal.userId,
        now,
        new Date(now.getTime() + INVITATION_TTL_SECONDS * 1000),
      ],
    );
    const payload: InvitationJobPayload = { invitationId: id };
    await enqueue(tx, { queue: TEAM_INVITATION_QUEUE, payload, idempotencyKey: `team_invitation:${id}` });
    await audit(tx, {
      merchantId: principal.merchantId,
      action: 'team.invitation.created',
      actor: actorOf(principal),
      target: { type: 'team_invitation', id },
      data: { email: p.email, role: p.role },
      at: now,
    });
    return r!;
  });
  return invitationJson(row, now);
}

/**
 * The job: mints the token of a pending invitation, stores its hash and mails the link. A retry after a failed
 * send mints a new token, so only the last mail handed to the relay works; an invitation revoked, accepted or
 * expired meanwhile is not mailed.
 */
export async function sendInvitation(ctx: GatewayContext, job: InvitationJobPayload): Promise<'sent' | 'skipped'> {
  const mailer = ctx.mailer;
  if (!mailer) throw new PermanentJobError('SMTP_URL is not configured: the invitation mail cannot be sent');
  const now = ctx.now();
  const minted = await ctx.db.tx(async (tx) => {
    const [inv] = await tx.query<InvitationRow & { business_name: string }>(
      `select i.id, i.merchant_id, i.email, i.role, i.invited_by, i.created_at, i.expires_at, i.accepted_at,
              i.revoked_at, m.business_name
         from team_invitations i join merchants m on m.id = i.merchant_id
        where i.id = $1
          for update of i`,
      [job.invitationId],
    );
    if (!inv || inv.accepted_at || inv.revoked_at || inv.expires_at.getTime() <= now.getTime()) return null;
    const token = newSecretToken(INVITATION_TOKEN_PREFIX);
    await tx.query('update team_invitations set token_hash = $2, mailed_at = $3 where id = $1', [
      inv.id,
      hashToken(token),
      now,
    ]);
    return { inv, token };
  });
  if (!minted) return 'skipped';
  const base = ctx.config.dashboardUrl.replace(/\/$/, '');
  await mailer.send(
    teamInvitationMail({
      to: minted.inv.email,
      businessName: minted.inv.business_name,
      role: minted.inv.role,
      link: `${base}/accept-invitation?token=${encodeURIComponent(minted.token)}`,
      expiresAt: minted.inv.expires_at,
    }),
  );
  return 'sent';
}

function isInvitationPayload(v: unknown): v is InvitationJobPayload {
  return typeof (v as Partial<InvitationJobPayload> | null)?.invitationId === 'string';
}

/** Job queue of invitation mails, for the gateway's job runner. */
export function teamJobQueues(ctx: GatewayContext): Record<string, QueueDefinition> {
  return {
    [TEAM_INVITATION_QUEUE]: {
      async handler(job) {
        if (!isInvitationPayload(job.payload))
          throw new PermanentJobError('team invitation job with a malformed payload');
        const outcome = await sendInvitation(ctx, job.payload);
        ctx.logger.info({ invitationId: job.payload.invitationId, outcome }, 'team invitation job');
      },
    },
  };
}
