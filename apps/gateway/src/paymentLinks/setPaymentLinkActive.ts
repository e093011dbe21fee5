// PATCH /v1/payment-links/{id}: the one mutable field of a link. Deactivating refuses new payments from the link
// (also in the statement that would write one: migrations/0600); payments already started keep working.
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { PAYMENT_LINK_COLUMNS, type PaymentLinkRow } from './paymentLink.ts';
import { paymentLinkNotFound } from './paymentLinkQueries.ts';

export async function setPaymentLinkActive(
  ctx: GatewayContext,
  principal: Principal,
  p: { id: string; active: boolean },
): Promise<PaymentLinkRow> {
  const now = ctx.now();
  return ctx.db.tx(async (tx) => {
    const [before] = await tx.query<{ active: boolean }>(
      `select active from payment_links where id = $1 and merchant_id = $2 and environment = $3 for update`,
      [p.id, principal.merchantId, principal.environment],
    );
    if (!before) throw paymentLinkNotFound(p.id);
    const [row] = await tx.query<PaymentLinkRow>(
      `update payment_links l set active = $2, updated_at = case when l.active = $2 then l.updated_at else $3 end
       where l.id = $1 returning ${PAYMENT_LINK_COLUMNS}`,
      [p.id, p.active, now],
    );
    if (before.active !== p.active) {
      await audit(tx, {
        merchantId: principal.merchantId,
        environment: principal.environment,
        action: p.active ? 'payment_link.activated' : 'payment_link.deactivated',
        actor: actorOf(principal),
        target: { type: 'payment_link', id: p.id },
        at: now,
      });
    }
    return row!;
  });
}
