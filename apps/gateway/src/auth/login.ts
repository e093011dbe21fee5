import { getMerchant, passwordUsersByEmail, type User } from '../accounts/accounts.ts';
import { landingMembership } from '../accounts/memberships.ts';
import { audit } from '../audit/audit.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { checkRateLimit, enforceRateLimit, hitRateLimit, limitKey } from '../rateLimits/rateLimiter.ts';
import { deviceTokenUser, renewDeviceToken } from './loginDevices.ts';
import { spendPasswordCheck, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import type { SignedIn } from './signIn.ts';

/**
 * POST /v1/auth/login. One answer for every failure (401 INVALID_CREDENTIALS, same message), and the same work
 * whether or not the address is registered: with no candidate account a dummy argon2 verification is spent.
 * Limits: every attempt counts against the client IP. Failures count against the address (whether registered or
 * not, so the 429 reveals nothing either), except from a client holding a device token of that account (it signed
 * in with the right password before): its failures count against that device only, so strangers filling the
 * address's budget never lock the owner out of a sign-in from a known client.
 */
export async function login(
  ctx: GatewayContext,
  p: { email: string; password: string; ip: string | null; deviceToken?: string | undefined },
): Promise<SignedIn & { deviceToken: string }> {
  const settings = ctx.auth;
  const limits = settings.rateLimits;
  const now = ctx.now();
  await enforceRateLimit(
    ctx.db,
    limitKey('login:ip', p.ip ?? '-'),
    limits.loginPerIp,
    now,
    'login attempts from this address',
  );
  const candidates = await passwordUsersByEmail(ctx.db, p.email);
  const deviceUser = p.deviceToken ? await deviceTokenUser(ctx.db, p.deviceToken, now) : undefined;
  const knownDevice = deviceUser !== undefined && candidates.some((c) => c.id === deviceUser);
  const [failureKey, failureRule, what] = knownDevice
    ? [limitKey('login:device', p.deviceToken!), limits.loginFailuresPerDevice, 'failed logins from this device']
    : [
        limitKey('login:account', p.email.toLowerCase()),
        limits.loginFailuresPerAccount,
        'failed logins for this account',
      ];
  await checkRateLimit(ctx.db, failureKey, failureRule, now, what);

  let user: User | undefined;
  if (candidates.length === 0) await spendPasswordCheck(p.password, settings.passwordHashing);
  for (const c of candidates) {
    if (c.passwordHash && (await verifyPassword(c.passwordHash, p.password))) {
      user = c;
      break;
    }
  }

  if (!user) {
    await hitRateLimit(ctx.db, failureKey, failureRule, now);
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

  const found = user;
  return ctx.db.tx(async (tx) => {
    const landing = await landingMembership(tx, found.id, found.merchantId);
    if (!landing) throw noMembership();
    const signedIn: User = { ...found, merchantId: landing.merchantId, role: landing.role };
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
    const deviceToken = await renewDeviceToken(tx, { userId: signedIn.id, presented: p.deviceToken, now });
    return {
      merchant,
      user: signedIn,
      session,
      created: false,
      emailVerification: 'not_needed' as const,
      deviceToken,
    };
  });
}

/** The password was right but the person belongs to no merchant any more (removed from every team). */
export function noMembership(): GatewayError {
  return new GatewayError(
    'NO_MERCHANT_MEMBERSHIP',
    'This account no longer belongs to any merchant; ask a merchant owner or admin for a new invitation',
  );
}
