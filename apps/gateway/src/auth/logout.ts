import { audit } from '../audit/audit.ts';
import type { GatewayContext } from '../context.ts';
import { actorOf, type Principal } from './principal.ts';
import { endSession } from './sessions.ts';

/** POST /v1/auth/logout: ends the calling session; its token stops working at once. */
export async function logout(ctx: GatewayContext, principal: Principal): Promise<void> {
  if (!principal.sessionId) throw new Error('logout without a session principal');
  const sessionId = principal.sessionId;
  const now = ctx.now();
  await ctx.db.tx(async (tx) => {
    if (!(await endSession(tx, sessionId, now))) return;
    await audit(tx, {
      merchantId: principal.merchantId,
      action: 'auth.logout',
      actor: actorOf(principal),
      target: { type: 'session', id: sessionId },
      at: now,
    });
  });
}
