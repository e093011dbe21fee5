import { createMerchantWithOwner } from '../accounts/accounts.ts';
import { audit } from '../audit/audit.ts';
import type { GatewayContext } from '../context.ts';
import { createEmailLink } from '../email/emailLinks.ts';
import { enforceRateLimit, limitKey } from '../rateLimits/rateLimiter.ts';
import { hashPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import type { SignedIn } from './signIn.ts';

/**
 * POST /v1/auth/signup: a new merchant account, its owner and a session. The address starts unverified; a
 * verification link is queued when the server can send email.
 *
 * Signup never reveals whether an address is registered: an unverified address is only a claim (see
 * migrations/0001_accounts.sql), so signing up with an address another account uses succeeds the same way and
 * creates a separate account. Only confirming a link makes an address an account's own.
 */
export async function signup(
  ctx: GatewayContext,
  p: { businessName: string; email: string; password: string; ip: string | null },
): Promise<SignedIn> {
  const settings = ctx.auth;
  const now = ctx.now();
  await enforceRateLimit(
    ctx.db,
    limitKey('signup:ip', p.ip ?? '-'),
    settings.rateLimits.signupPerIp,
    now,
    'sign-ups from this address',
  );
  await enforceRateLimit(
    ctx.db,
    limitKey('signup:email', p.email.toLowerCase()),
    settings.rateLimits.signupPerEmail,
    now,
    'sign-ups for this email',
  );
  const passwordHash = await hashPassword(p.password, settings.passwordHashing);
  return ctx.db.tx(async (tx) => {
    const { merchant, user } = await createMerchantWithOwner(tx, {
      businessName: p.businessName,
      email: p.email,
      emailVerifiedAt: null,
      passwordHash,
      now,
    });
    const session = await createSession(tx, {
      userId: user.id,
      merchantId: merchant.id,
      ip: p.ip,
      now,
      ttlSeconds: settings.sessionTtlSeconds,
    });
    const actor = { type: 'user' as const, id: user.id, ip: p.ip };
    await audit(tx, {
      merchantId: merchant.id,
      action: 'account.signed_up',
      actor,
      target: { type: 'user', id: user.id },
      data: { method: 'password', email: p.email, session_id: session.id },
      at: now,
    });
    let emailVerification: SignedIn['emailVerification'] = 'unavailable';
    if (ctx.mailer) {
      await createEmailLink(tx, { userId: user.id, purpose: 'verify', email: p.email, now });
      emailVerification = 'queued';
    }
    return { merchant, user, session, created: true, emailVerification };
  });
}
