import { getMerchant, getUser } from '../accounts/accounts.ts';
import { audit } from '../audit/audit.ts';
import type { Principal } from '../auth/principal.ts';
import { createSession, endSession } from '../auth/sessions.ts';
import type { SignedIn } from '../auth/signIn.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';

/**
 * POST /v1/auth/switch: a session acts in one merchant; switching hands back a new session acting in another
 * merchant the user belongs to and ends the calling one (so no token outlives the choice, and a live stream of the
 * old merchant ends with it). 403 NOT_A_MEMBER for a merchant the user does not belong to (whether or not it exists).
 * Audited in both merchants.
 */
export async function switchMerchant(ctx: GatewayContext, principal: Principal, merchantId: string): Promise<SignedIn> {
  const userId = principal.userId;
  const sessionId = principal.sessionId;
  if (!userId || !sessionId) throw new Error('switchMerchant without a session principal');
  const now = ctx.now();
  return ctx.db.tx(async (tx) => {
    const user = await getUser(tx, merchantId, userId);
    const merchant = user && (await getMerchant(tx, merchantId));
    if (!user || !merchant) {
      throw new GatewayError('NOT_A_MEMBER', `You are not a member of ${merchantId}; see GET /v1/auth/merchants`);
    }
    const session = await createSession(tx, {
      userId,
      merchantId,
      ip: principal.ip,
      now,
      ttlSeconds: ctx.auth.sessionTtlSeconds,
    });
    await endSession(tx, sessionId, now);
    const actor = { type: 'user' as const, id: userId, ip: principal.ip };
    for (const [m, direction] of [
      [principal.merchantId, 'out'],
      [merchantId, 'in'],
    ] as const) {
      await audit(tx, {
        merchantId: m,
        action: `auth.switched_${direction}`,
        actor,
        target: { type: 'session', id: direction === 'in' ? session.id : sessionId },
        data: { from_merchant: principal.merchantId, to_merchant: merchantId, from_session: sessionId },
        at: now,
      });
    }
    return { merchant, user, session, created: false, emailVerification: 'not_needed' as const };
  });
}
