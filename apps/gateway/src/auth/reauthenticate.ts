import type { User } from '../accounts/accounts.ts';
import { audit } from '../audit/audit.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { checkRateLimit, hitRateLimit, limitKey } from '../rateLimits/rateLimiter.ts';
import { verifyIdToken } from './oidc/verifyIdToken.ts';
import { verifyPassword } from './passwords.ts';
import type { Principal } from './principal.ts';

/** An id_token proves a fresh sign-in only if the provider issued it this recently. */
export const REAUTH_MAX_TOKEN_AGE_SECONDS = 300;

/**
 * Fresh sign-in inside a session request (before a sensitive change): the user's current password, or an
 * id_token of the identity they are linked to, issued in the last five minutes. Every proof supplied must hold.
 * Failures count against the user (a stolen session must not become a password oracle) and are audited.
 */
export async function reauthenticate(
  ctx: GatewayContext,
  principal: Principal,
  user: User,
  proof: { password?: string | undefined; idToken?: string | undefined },
): Promise<{ method: 'password' | 'identity_provider' }> {
  const settings = ctx.auth;
  const now = ctx.now();
  const key = limitKey('reauth:user', user.id);
  await checkRateLimit(ctx.db, key, settings.rateLimits.reauthFailuresPerUser, now, 'failed re-authentications');

  const fail = async (reason: string, message: string): Promise<never> => {
    await hitRateLimit(ctx.db, key, settings.rateLimits.reauthFailuresPerUser, now);
    await audit(ctx.db, {
      merchantId: principal.merchantId,
      action: 'auth.reauthentication.failed',
      actor: { type: 'user', id: user.id, ip: principal.ip },
      target: { type: 'user', id: user.id },
      data: { reason },
      at: now,
    });
    throw new GatewayError('REAUTHENTICATION_FAILED', message);
  };

  if (proof.password !== undefined) {
    if (!user.passwordHash) await fail('no_password', 'This account has no password; re-authenticate with an id_token');
    else if (!(await verifyPassword(user.passwordHash, proof.password)))
      await fail('wrong_password', 'The password is incorrect');
  }
  if (proof.idToken !== undefined) {
    const claims = await verifyIdToken(ctx, proof.idToken);
    const [linked] = await ctx.db.query(
      'select 1 from identity_links where issuer = $1 and subject = $2 and user_id = $3',
      [claims.issuer, claims.subject, user.id],
    );
    if (!linked) await fail('identity_not_linked', 'The id_token belongs to an identity not linked to this account');
    const age = (now.getTime() - claims.issuedAt.getTime()) / 1000;
    if (age > REAUTH_MAX_TOKEN_AGE_SECONDS) {
      await fail(
        'stale_id_token',
        `The id_token was issued ${Math.round(age)} s ago; sign in with the provider again (at most ${REAUTH_MAX_TOKEN_AGE_SECONDS} s)`,
      );
    }
  }
  return { method: proof.password !== undefined ? 'password' : 'identity_provider' };
}
