// Reads of payment links. Merchant reads are scoped by the caller's merchant AND environment (another tenant's id
// answers like an unknown id); the public read is by id alone and shows only what the link page needs.
import { SUPPORT_COLUMNS, type MerchantContactRow } from '../accounts/businessProfile.ts';
import type { PaymentIntent } from '../payments/intentSchema.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { NOT_TAKING_PAYMENTS } from '../payments/takingPayments.ts';
import { decodeSeqCursor, encodeCursor } from '../http/cursor.ts';
import { DEPOSIT_COLUMNS, INTENT_COLUMNS, intentView, type DepositRow, type IntentRow } from '../payments/model.ts';
import { viewOptions } from '../payments/queries.ts';
import { loadIntentSettings } from '../payments/intentSettings.ts';
import { linkAcceptsPayments } from '../payments/acceptingPayments.ts';
import { offeredNetworks } from '../payments/assertOfferedNetworkHasVault.ts';
import {
  PAYMENT_LINK_COLUMNS,
  publicPaymentLinkView,
  type PaymentLinkRow,
  type PublicPaymentLink,
} from './paymentLink.ts';
import type { Tenant } from '../tenant.ts';

export const paymentLinkNotFound = (id: string) =>
  new GatewayError('RESOURCE_NOT_FOUND', `No payment link ${id}`, { details: [{ path: 'id', message: 'not found' }] });

export async function getPaymentLink(ctx: GatewayContext, t: Tenant, id: string): Promise<PaymentLinkRow> {
  const [row] = await ctx.db.query<PaymentLinkRow>(
    `select ${PAYMENT_LINK_COLUMNS} from payment_links l where l.id = $1 and l.merchant_id = $2 and l.environment = $3`,
    [id, t.merchantId, t.environment],
  );
  if (!row) throw paymentLinkNotFound(id);
  return row;
}

/** Newest first; the cursor is opaque (the position of the last link of the previous page). */
export async function listPaymentLinks(
  ctx: GatewayContext,
  t: Tenant,
  p: { limit: number; cursor?: string | undefined; active?: boolean | undefined },
): Promise<{ links: PaymentLinkRow[]; nextCursor: string | null }> {
  const before = p.cursor ? decodeSeqCursor(p.cursor, 'plink') : null;
  const rows = await ctx.db.query<PaymentLinkRow & { seq: string }>(
    `select ${PAYMENT_LINK_COLUMNS}, l.seq from payment_links l
     where l.merchant_id = $1 and l.environment = $2 and ($3::bigint is null or l.seq < $3::bigint)
       and ($4::boolean is null or l.active = $4)
     order by l.seq desc limit $5`,
    [t.merchantId, t.environment, before, p.active ?? null, p.limit + 1],
  );
  const page = rows.slice(0, p.limit);
  const last = page[page.length - 1];
  return {
    links: page.map(({ seq: _seq, ...r }) => r),
    nextCursor: rows.length > p.limit && last ? encodeCursor(['plink', String(last.seq)]) : null,
  };
}

/** The intents started from a link (one per customer who went on to pay), newest first. */
export async function listPaymentLinkIntents(
  ctx: GatewayContext,
  t: Tenant,
  p: { id: string; limit: number; cursor?: string | undefined },
): Promise<{ data: PaymentIntent[]; nextCursor: string | null }> {
  await getPaymentLink(ctx, t, p.id);
  const before = p.cursor ? decodeSeqCursor(p.cursor, 'plink_pi') : null;
  const rows = await ctx.db.query<IntentRow & { pos: string }>(
    `select ${INTENT_COLUMNS}, (extract(epoch from i.created_at) * 1000000)::bigint::text as pos
     from payment_intents i
     where i.payment_link_id = $1 and i.merchant_id = $2 and i.environment = $3
       and ($4::bigint is null or (extract(epoch from i.created_at) * 1000000)::bigint < $4::bigint)
     order by i.created_at desc, i.id desc limit $5`,
    [p.id, t.merchantId, t.environment, before, p.limit + 1],
  );
  // Intents created in the same microsecond are not split across pages: the page stops before such a group.
  let page = rows.slice(0, p.limit);
  if (rows.length > p.limit) {
    const boundary = page[page.length - 1]!.pos;
    if (rows[p.limit]!.pos === boundary) {
      const head = page.filter((r) => r.pos !== boundary);
      if (head.length > 0) page = head;
    }
  }
  const deposits = page.length
    ? await ctx.db.query<DepositRow>(
        `select ${DEPOSIT_COLUMNS} from deposit_addresses d where d.payment_id = any($1::text[]) order by d.network`,
        [page.map((r) => r.id)],
      )
    : [];
  const opts = viewOptions(ctx);
  const last = page[page.length - 1];
  return {
    data: page.map(({ pos: _pos, ...r }) =>
      intentView(
        r,
        deposits.filter((d) => d.payment_id === r.id),
        opts,
      ),
    ),
    nextCursor: rows.length > page.length && last ? encodeCursor(['plink_pi', last.pos]) : null,
  };
}

/** GET /public/payment-links/{id}: the link's terms, the networks a payment started now offers, the business name. */
export async function getPublicPaymentLink(ctx: GatewayContext, id: string): Promise<PublicPaymentLink> {
  const [row] = await ctx.db.query<PaymentLinkRow & MerchantContactRow & { merchant_suspended: boolean }>(
    `select ${PAYMENT_LINK_COLUMNS}, m.business_name, ${SUPPORT_COLUMNS}, m.suspended_at is not null as merchant_suspended
     from payment_links l join merchants m on m.id = l.merchant_id where l.id = $1`,
    [id],
  );
  if (!row) throw paymentLinkNotFound(id);
  if (row.merchant_suspended) throw new GatewayError('MERCHANT_SUSPENDED', NOT_TAKING_PAYMENTS);
  const t: Tenant = { merchantId: row.merchant_id, environment: row.environment };
  const settings = await loadIntentSettings(ctx.db, t);
  return publicPaymentLinkView(row, {
    businessName: row.business_name,
    support: row,
    networks: offeredNetworks(ctx, t, settings, row.networks ?? undefined),
    acceptingPayments: linkAcceptsPayments(ctx, t, settings, row.networks, row.currency),
  });
}
