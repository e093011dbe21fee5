import { getMerchant, passwordUsersByEmail, type User } from '../accounts/accounts.ts';
import { audit } from '../audit/audit.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { checkRateLimit, enforceRateLimit, hitRateLimit, limitKey } from '../rateLimits/rateLimiter.ts';
import { authSettings } from './authSettings.ts';
import { spendPasswordCheck, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import type { SignedIn } from './signIn.ts';

/**
 * POST /v1/auth/login. One answer for every failure (401 INVALID_CREDENTIALS, same message), and the same work
 * whether or not the address is registered: with no candidate account a dummy argon2 verification is spent.
 * Limits: every attempt counts against the client IP; failures count against the address (whether registered
 * or not, so the 429 reveals nothing either).
 */
export async function login(
  ctx: GatewayContext,
  p: { email: string; password: string; ip: string | null },
): Promise<SignedIn> {
  const settings = authSettings(ctx);
  const limits = settings.rateLimits;
  const now = ctx.now();
  const accountKey = limitKey('login:account', p.email.toLowerCase());
  await enforceRateLimit(
    ctx.db,
    limitKey('login:ip', p.ip ?? '-'),
    limits.loginPerIp,
    now,
    'login attempts from this address',
  );
  await checkRateLimit(ctx.db, accountKey, limits.loginFailuresPerAccount, now, 'failed logins for this account');

  const candidates = await passwordUsersByEmail(ctx.db, p.email);
  let user: User | undefined;
  if (candidates.length === 0) await spendPasswordCheck(p.password, settings.passwordHashing);
  for (const c of candidates) {
    if (c.passwordHash && (await verifyPassword(c.passwordHash, p.password))) {
      user = c;
      break;
    }
  }

  if (!user) {
    await hitRateLimit(ctx.db, accountKey, limits.loginFailuresPerAccount, now);
    // Each account using this address learns of the failed attempt in its own audit log.
    for (const c of candidates) {
      await audit(ctx.db, {
        merchantId: c.merchantId,
        action: 'auth.login.failed',
        actor: { type: 'anonymous', id: null, ip: p.ip },
        target: { type: 'user', id: c.id },
        data: { method: 'password', reason: 'wrong_password' },
        at: now,
      });
    }
    throw new GatewayError('INVALID_CREDENTIALS', 'Email or password is incorrect');
  }

  const signedIn = user;
  return ctx.db.tx(async (tx) => {
    const merchant = await getMerchant(tx, signedIn.merchantId);
    if (!merchant) throw new Error(`user ${signedIn.id} has no merchant`);
    const session = await createSession(tx, {
      userId: signedIn.id,
      merchantId: signedIn.merchantId,
      ip: p.ip,
      now,
      ttlSeconds: settings.sessionTtlSeconds,
    });
    await audit(tx, {
      merchantId: signedIn.merchantId,
      action: 'auth.login.succeeded',
      actor: { type: 'user', id: signedIn.id, ip: p.ip },
      target: { type: 'session', id: session.id },
      data: { method: 'password' },
      at: now,
    });
    return { merchant, user: signedIn, session, created: false, emailVerification: 'not_needed' as const };
  });
}
