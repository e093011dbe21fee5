// POST /public/payment-links/{id}/intents: a customer starts paying through a link. Each call creates a NEW intent
// from the link's terms (its own deposit addresses: two customers never share one), CREATED until the customer
// opens it at checkout (payments/openPaymentIntent.ts), with the link's id on it.
//
// Cost: the same one-statement write as a direct intent (payments/intentBatcher.ts). A link's terms change rarely
// (PATCH: name, description, methods, success URL, time to pay; never price or networks), so they are cached per
// process for LINK_CACHE_MS: an edit applies at once in the process that made it (updatePaymentLink forgets its entry)
// and within LINK_CACHE_MS in every other. `active` is re-checked in the writing statement itself (migrations/0600),
// and a refusal re-reads the link, so a deactivated link refuses from the very next request in every process.
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { assertTakingPayments } from '../payments/takingPayments.ts';
import { createPaymentIntent } from '../payments/createPaymentIntent.ts';
import { money } from '../payments/model.ts';
import { PAYMENT_LINK_COLUMNS, type PaymentLinkRow } from './paymentLink.ts';
import { paymentLinkNotFound } from './paymentLinkQueries.ts';
import type { Tenant } from '../tenant.ts';

export interface StartLinkPaymentReturnType {
  payment_intent_id: string;
  checkout_url: string;
}

const linkInactive = (id: string) =>
  new GatewayError(
    'PAYMENT_LINK_INACTIVE',
    `Payment link ${id} is no longer accepting payments; ask the merchant for a new link`,
  );

/** Refusals that are the merchant's setup (a vault removed, a network no longer served since the link was made). */
const MERCHANT_SETUP = new Set([
  'VAULT_NOT_CONFIGURED',
  'NETWORK_UNAVAILABLE',
  'NETWORK_NOT_SUPPORTED',
  'CURRENCY_NOT_SUPPORTED',
]);

/**
 * The customer reads what the page shows: a refusal that is the merchant's setup is answered in the customer's
 * words (MERCHANT_NOT_READY), never with the merchant's instructions (`PUT /v1/vaults/…`, configuration names).
 */
function forCustomer(err: unknown): never {
  if (err instanceof GatewayError && MERCHANT_SETUP.has(err.code)) {
    throw new GatewayError('MERCHANT_NOT_READY', 'This merchant cannot take payments yet');
  }
  throw err;
}

const MAX_CACHED = 10_000;
/** How long a process may start payments from a link's cached terms after another process edited them. */
export const LINK_CACHE_MS = 5_000;
const linkCache = new WeakMap<object, Map<string, { link: PaymentLinkRow; readAt: number }>>();

/** Drops the link's cached terms in this process (after an edit), so the next payment started reads them again. */
export function forgetCachedLink(ctx: GatewayContext, id: string): void {
  linkCache.get(ctx.db)?.delete(id);
}

async function readLink(ctx: GatewayContext, id: string): Promise<PaymentLinkRow | undefined> {
  const [row] = await ctx.db.query<PaymentLinkRow>(
    `select ${PAYMENT_LINK_COLUMNS} from payment_links l where l.id = $1`,
    [id],
  );
  return row;
}

export async function startLinkPayment(ctx: GatewayContext, linkId: string): Promise<StartLinkPaymentReturnType> {
  let cache = linkCache.get(ctx.db);
  if (!cache) linkCache.set(ctx.db, (cache = new Map()));
  const cached = cache.get(linkId);
  let link: PaymentLinkRow;
  if (cached?.link.active && Date.now() - cached.readAt <= LINK_CACHE_MS) link = cached.link;
  else {
    // Unknown here, inactive when last seen (it may have been reactivated since), or read too long ago: read it.
    const read = await readLink(ctx, linkId);
    if (!read) throw paymentLinkNotFound(linkId);
    if (cache.size >= MAX_CACHED) cache.clear();
    cache.set(linkId, { link: read, readAt: Date.now() });
    link = read;
  }
  if (!link.active) throw linkInactive(linkId);
  await assertTakingPayments(ctx.db, link.merchant_id);
  const t: Tenant = { merchantId: link.merchant_id, environment: link.environment };
  const created = await createPaymentIntent(
    ctx,
    t,
    {
      amount: money(link.amount_units, link.decimals),
      currency: link.currency,
      // What the merchant sees in the payments list: the link's description, else its name.
      description: link.description ?? link.name,
      ...(link.networks ? { networks: link.networks } : {}),
      checkout_methods: link.checkout_methods,
      ...(link.success_url !== null ? { success_url: link.success_url } : {}),
      expires_in_seconds: link.intent_expires_in_seconds,
    },
    ctx.db,
    {
      opened: false,
      paymentLinkId: link.id,
      async onRefused() {
        const now = await readLink(ctx, linkId);
        if (now) cache.set(linkId, { link: now, readAt: Date.now() });
        if (!now?.active) throw linkInactive(linkId);
      },
    },
  ).catch(forCustomer);
  return { payment_intent_id: created.id, checkout_url: `${ctx.config.publicUrl}/checkout/${created.id}` };
}
