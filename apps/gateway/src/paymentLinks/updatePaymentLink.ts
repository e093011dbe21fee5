// PATCH /v1/payment-links/{id}: the mutable fields of a link (UpdatePaymentLinkBody: not its price or networks).
// Deactivating refuses new payments from the link (also in the statement that would write one: migrations/0600);
// every change applies to payments started afterwards, since each intent copies the link's terms when it is started
// (startLinkPayment.ts caches them briefly: this process forgets its copy here).
// A field set to the value it has changes nothing: no write, no audit entry, `updated_at` kept.
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { PAYMENT_LINK_COLUMNS, type PaymentLinkRow, type UpdatePaymentLinkInput } from './paymentLink.ts';
import { paymentLinkNotFound } from './paymentLinkQueries.ts';
import { forgetCachedLink } from './startLinkPayment.ts';

/** The link's columns an update may write, in the body's names. */
type Changes = {
  active?: boolean;
  name?: string;
  description?: string | null;
  checkout_methods?: ('WALLET' | 'ADDRESS')[];
  success_url?: string | null;
  intent_expires_in_seconds?: number;
};

export async function updatePaymentLink(
  ctx: GatewayContext,
  principal: Principal,
  id: string,
  input: UpdatePaymentLinkInput,
): Promise<PaymentLinkRow> {
  const now = ctx.now();
  const updated = await ctx.db.tx(async (tx) => {
    const [before] = await tx.query<PaymentLinkRow>(
      `select ${PAYMENT_LINK_COLUMNS} from payment_links l
       where l.id = $1 and l.merchant_id = $2 and l.environment = $3 for update`,
      [id, principal.merchantId, principal.environment],
    );
    if (!before) throw paymentLinkNotFound(id);
    const changes = changesOf(before, input);
    const fields = Object.keys(changes) as (keyof Changes)[];
    if (fields.length === 0) return before;
    const next = { ...before, ...changes };
    const [row] = await tx.query<PaymentLinkRow>(
      `update payment_links l set active = $2, name = $3, description = $4, checkout_methods = $5::text[],
         success_url = $6, intent_expires_in_seconds = $7, updated_at = $8
       where l.id = $1 returning ${PAYMENT_LINK_COLUMNS}`,
      [
        id,
        next.active,
        next.name,
        next.description,
        next.checkout_methods,
        next.success_url,
        next.intent_expires_in_seconds,
        now,
      ],
    );
    const target = { type: 'payment_link', id };
    const base = { merchantId: principal.merchantId, environment: principal.environment, actor: actorOf(principal) };
    if (changes.active !== undefined) {
      await audit(tx, {
        ...base,
        action: changes.active ? 'payment_link.activated' : 'payment_link.deactivated',
        target,
        at: now,
      });
    }
    const edited = fields.filter((f) => f !== 'active');
    if (edited.length > 0) {
      await audit(tx, {
        ...base,
        action: 'payment_link.updated',
        target,
        data: Object.fromEntries(edited.map((f) => [f, changes[f]])),
        at: now,
      });
    }
    return row!;
  });
  forgetCachedLink(ctx, id);
  return updated;
}

/** The fields of `input` whose value differs from the link's (an empty description is no description). */
function changesOf(before: PaymentLinkRow, input: UpdatePaymentLinkInput): Changes {
  const c: Changes = {};
  if (input.active !== undefined && input.active !== before.active) c.active = input.active;
  if (input.name !== undefined && input.name !== before.name) c.name = input.name;
  if (input.description !== undefined) {
    const description = input.description === '' ? null : input.description;
    if (description !== before.description) c.description = description;
  }
  if (input.checkout_methods !== undefined) {
    const methods = [...new Set(input.checkout_methods)];
    if (methods.join() !== before.checkout_methods.join()) c.checkout_methods = methods;
  }
  if (input.success_url !== undefined && input.success_url !== before.success_url) c.success_url = input.success_url;
  if (
    input.intent_expires_in_seconds !== undefined &&
    input.intent_expires_in_seconds !== before.intent_expires_in_seconds
  ) {
    c.intent_expires_in_seconds = input.intent_expires_in_seconds;
  }
  return c;
}
