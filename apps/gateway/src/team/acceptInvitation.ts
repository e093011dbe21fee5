// Accepting an invitation (POST /public/team/invitations/accept), in one transaction that locks the invitation row,
// so two accepts of one token make one join (the second answers INVITATION_USED).
//
// Who joins:
//  * `{token, password}` without a session: the invited address is proven by the mailed link, so a new user is
//    created with that address verified and the password, in the invited role. When an account already holds the
//    address verified, it is that person: the password must be that account's (it then joins, and signs in), else
//    409 INVITATION_ACCOUNT_EXISTS (sign in and accept with the session).
//  * `{token}` with a session: the signed-in user joins, only when their account email is the invited address
//    (case-insensitive; 403 INVITATION_EMAIL_MISMATCH otherwise): an invitation is for an address, and its link can
//    be forwarded, so it must never attach whoever happens to hold the link.
// Both answer like sign-in: the account, the merchant joined and a new session acting in it.
import { hashToken, type Sql } from '@tender/platform';
import { getMerchant, getUser, isUniqueViolation, type User } from '../accounts/accounts.ts';
import { audit } from '../audit/audit.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { createSession } from '../auth/sessions.ts';
import type { SignedIn } from '../auth/signIn.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { enforceRateLimit, limitKey } from '../rateLimits/rateLimiter.ts';
import { INVITATION_COLUMNS, type InvitationRow } from './teamSchemas.ts';
import { newId } from '@tender/platform';

export interface AcceptInput {
  token: string;
  password?: string | undefined;
  /** The caller's session user, when the request carried a session. */
  sessionUserId?: string | undefined;
  ip: string | null;
}

async function lockInvitation(sql: Sql, token: string, now: Date): Promise<InvitationRow> {
  const [inv] = await sql.query<InvitationRow>(
    `select ${INVITATION_COLUMNS} from team_invitations where token_hash = $1 for update`,
    [hashToken(token)],
  );
  if (!inv) {
    throw new GatewayError(
      'INVITATION_TOKEN_INVALID',
      'This invitation link is not valid (mistyped, or replaced by a newer mail of the same invitation)',
    );
  }
  if (inv.accepted_at) throw new GatewayError('INVITATION_USED', 'This invitation was already accepted');
  if (inv.revoked_at) throw new GatewayError('INVITATION_REVOKED', 'This invitation was revoked by the merchant');
  if (now.getTime() >= inv.expires_at.getTime()) {
    throw new GatewayError(
      'INVITATION_EXPIRED',
      'This invitation has expired (invitations work for 7 days); ask for a new one',
    );
  }
  return inv;
}

async function refuseExistingMember(sql: Sql, merchantId: string, userId: string): Promise<void> {
  const [m] = await sql.query('select 1 from merchant_members where merchant_id = $1 and user_id = $2', [
    merchantId,
    userId,
  ]);
  if (m) throw new GatewayError('ALREADY_MEMBER', 'You are already a member of this merchant');
}

/** The person who joins with a password: the verified holder of the address (their password), or a new user. */
async function passwordJoiner(
  sql: Sql,
  inv: InvitationRow,
  password: string,
  passwordHash: string,
  now: Date,
): Promise<{ userId: string; created: boolean }> {
  const [holder] = await sql.query<{ id: string; password_hash: string | null }>(
    'select id, password_hash from users where lower(email) = lower($1) and email_verified_at is not null',
    [inv.email],
  );
  if (holder) {
    if (!holder.password_hash || !(await verifyPassword(holder.password_hash, password))) {
      throw new GatewayError(
        'INVITATION_ACCOUNT_EXISTS',
        `A Tender account already uses ${inv.email}: enter that account's password, or sign in to it and accept`,
      );
    }
    await refuseExistingMember(sql, inv.merchant_id, holder.id);
    await sql.query('insert into merchant_members (merchant_id, user_id, role, created_at) values ($1, $2, $3, $4)', [
      inv.merchant_id,
      holder.id,
      inv.role,
      now,
    ]);
    return { userId: holder.id, created: false };
  }
  const userId = newId('user');
  // The membership of the home merchant comes from the insert trigger (migration 0850).
  await sql.query(
    `insert into users (id, merchant_id, role, email, email_verified_at, password_hash, created_at)
     values ($1, $2, $3, $4, $5, $6, $5)`,
    [userId, inv.merchant_id, inv.role, inv.email, now, passwordHash],
  );
  return { userId, created: true };
}

async function sessionJoiner(sql: Sql, inv: InvitationRow, userId: string, now: Date): Promise<void> {
  const [u] = await sql.query<{ email: string | null }>('select email from users where id = $1 for update', [userId]);
  if (!u || (u.email ?? '').toLowerCase() !== inv.email.toLowerCase()) {
    throw new GatewayError(
      'INVITATION_EMAIL_MISMATCH',
      `This invitation is for ${inv.email}; you are signed in as ${u?.email ?? 'an account without email'}. ` +
        'Sign in with the invited address, or ask for an invitation to yours',
    );
  }
  await refuseExistingMember(sql, inv.merchant_id, userId);
  await sql.query('insert into merchant_members (merchant_id, user_id, role, created_at) values ($1, $2, $3, $4)', [
    inv.merchant_id,
    userId,
    inv.role,
    now,
  ]);
}

export async function acceptInvitation(ctx: GatewayContext, p: AcceptInput): Promise<SignedIn> {
  const now = ctx.now();
  await enforceRateLimit(
    ctx.db,
    limitKey('team_accept:ip', p.ip ?? '-'),
    ctx.auth.rateLimits.passwordResetUsesPerIp,
    now,
    'invitation attempts from this address',
  );
  const passwordHash = p.password ? await hashPassword(p.password, ctx.auth.passwordHashing) : null;
  try {
    return await ctx.db.tx(async (tx) => {
      const inv = await lockInvitation(tx, p.token, now);
      let joined: { userId: string; created: boolean };
      if (p.sessionUserId) {
        await sessionJoiner(tx, inv, p.sessionUserId, now);
        joined = { userId: p.sessionUserId, created: false };
      } else {
        joined = await passwordJoiner(tx, inv, p.password ?? '', passwordHash ?? '', now);
      }
      await tx.query('update team_invitations set accepted_at = $2, accepted_by = $3 where id = $1', [
        inv.id,
        now,
        joined.userId,
      ]);
      const user: User | undefined = await getUser(tx, inv.merchant_id, joined.userId);
      const merchant = await getMerchant(tx, inv.merchant_id);
      if (!user || !merchant) throw new Error(`invitation ${inv.id}: the join left no membership`);
      const session = await createSession(tx, {
        userId: user.id,
        merchantId: merchant.id,
        ip: p.ip,
        now,
        ttlSeconds: ctx.auth.sessionTtlSeconds,
      });
      await audit(tx, {
        merchantId: merchant.id,
        action: 'team.member.joined',
        actor: { type: 'user', id: user.id, ip: p.ip },
        target: { type: 'user', id: user.id },
        data: {
          invitation_id: inv.id,
          email: inv.email,
          role: inv.role,
          new_account: joined.created,
          via: p.sessionUserId ? 'session' : 'password',
          session_id: session.id,
        },
        at: now,
      });
      return { merchant, user, session, created: joined.created, emailVerification: 'not_needed' as const };
    });
  } catch (err) {
    // Another request made the address verified (or joined) between our read and our insert.
    if (isUniqueViolation(err)) {
      throw new GatewayError('INVITATION_ACCOUNT_EXISTS', 'An account took this address meanwhile; sign in and accept');
    }
    throw err;
  }
}
