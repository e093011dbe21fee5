import { getUser, type User } from '../accounts/accounts.ts';
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import { reauthenticate } from '../auth/reauthenticate.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { enforceRateLimit, limitKey } from '../rateLimits/rateLimiter.ts';
import { createEmailLink } from './emailLinks.ts';

export type SignInMethod = 'password' | 'identity_provider';

export interface EmailStatus {
  email: string | null;
  verified: boolean;
  /** An address waiting for its change link to be opened. */
  pending: { email: string; expiresAt: Date } | null;
  signInMethods: SignInMethod[];
  canSendEmail: boolean;
}

async function sessionUser(ctx: GatewayContext, principal: Principal): Promise<User> {
  if (principal.kind !== 'session' || !principal.userId) throw new Error('email operations need a session principal');
  const user = await getUser(ctx.db, principal.merchantId, principal.userId);
  if (!user) throw new GatewayError('INVALID_SESSION', 'The user of this session no longer exists');
  return user;
}

/** GET /v1/auth/email */
export async function emailStatus(ctx: GatewayContext, principal: Principal): Promise<EmailStatus> {
  const user = await sessionUser(ctx, principal);
  const [pending] = await ctx.db.query<{ email: string; expires_at: Date }>(
    `select email, expires_at from email_tokens
      where user_id = $1 and purpose = 'change' and used_at is null and superseded_at is null and expires_at > $2
      order by created_at desc limit 1`,
    [user.id, ctx.now()],
  );
  const [linked] = await ctx.db.query('select 1 from identity_links where user_id = $1 limit 1', [user.id]);
  const signInMethods: SignInMethod[] = [];
  if (user.passwordHash) signInMethods.push('password');
  if (linked) signInMethods.push('identity_provider');
  return {
    email: user.email,
    verified: !!user.emailVerifiedAt,
    pending: pending ? { email: pending.email, expiresAt: pending.expires_at } : null,
    signInMethods,
    canSendEmail: !!ctx.mailer,
  };
}

function requireMailer(ctx: GatewayContext): void {
  if (!ctx.mailer) {
    throw new GatewayError(
      'EMAIL_UNAVAILABLE',
      'This server cannot send email (no SMTP relay is configured: SMTP_URL); no link was sent',
    );
  }
}

export interface LinkQueued {
  status: 'queued';
  email: string;
  expiresAt: Date;
}

/** POST /v1/auth/email/verify: queues a verification link to the account's current, unverified address. */
export async function requestVerification(ctx: GatewayContext, principal: Principal): Promise<LinkQueued> {
  const user = await sessionUser(ctx, principal);
  if (!user.email) {
    throw new GatewayError('NO_EMAIL', 'This account has no email address; add one with POST /v1/auth/email/change');
  }
  if (user.emailVerifiedAt) throw new GatewayError('EMAIL_ALREADY_VERIFIED', `${user.email} is already verified`);
  requireMailer(ctx);
  const now = ctx.now();
  await enforceRateLimit(
    ctx.db,
    limitKey('email:user', user.id),
    ctx.auth.rateLimits.emailsPerUser,
    now,
    'emails for this account',
  );
  const email = user.email;
  const link = await ctx.db.tx(async (tx) => {
    const l = await createEmailLink(tx, { userId: user.id, purpose: 'verify', email, now });
    await audit(tx, {
      merchantId: principal.merchantId,
      action: 'email.verification_requested',
      actor: actorOf(principal),
      target: { type: 'user', id: user.id },
      data: { email },
      at: now,
    });
    return l;
  });
  return { status: 'queued', email, expiresAt: link.expiresAt };
}

/**
 * POST /v1/auth/email/change: after fresh sign-in in the same request, queues a link to the NEW address. The
 * account's address changes only when that link is opened (confirmEmailLink), so a typo or someone else's
 * address never becomes the sign-in address.
 */
export async function requestEmailChange(
  ctx: GatewayContext,
  principal: Principal,
  p: { email: string; password?: string | undefined; idToken?: string | undefined },
): Promise<LinkQueued> {
  const user = await sessionUser(ctx, principal);
  // Said before re-authentication, so a server that cannot send never costs the user a password attempt.
  requireMailer(ctx);
  const reauth = await reauthenticate(ctx, principal, user, { password: p.password, idToken: p.idToken });
  if (user.email && user.emailVerifiedAt && user.email.toLowerCase() === p.email.toLowerCase()) {
    throw new GatewayError('EMAIL_UNCHANGED', `${p.email} is already this account's verified address`);
  }
  const now = ctx.now();
  await enforceRateLimit(
    ctx.db,
    limitKey('email:user', user.id),
    ctx.auth.rateLimits.emailsPerUser,
    now,
    'emails for this account',
  );
  const link = await ctx.db.tx(async (tx) => {
    const l = await createEmailLink(tx, { userId: user.id, purpose: 'change', email: p.email, now });
    await audit(tx, {
      merchantId: principal.merchantId,
      action: 'email.change_requested',
      actor: actorOf(principal),
      target: { type: 'user', id: user.id },
      data: { from: user.email, to: p.email, reauthenticated_with: reauth.method },
      at: now,
    });
    return l;
  });
  return { status: 'queued', email: p.email, expiresAt: link.expiresAt };
}
