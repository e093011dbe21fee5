// Reads of invoices. Merchant reads are scoped by the caller's merchant AND environment (another tenant's id
// answers like an unknown id); the public read is by id alone and shows only what the invoice page needs.
import { SUPPORT_COLUMNS, type MerchantContactRow, type SupportContact } from '../accounts/businessProfile.ts';
import type { Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { decodeSeqCursor, encodeCursor } from '../http/cursor.ts';
import { GatewayError } from '../http/errors.ts';
import { INVOICE_COLUMNS, type InvoiceRow } from './invoice.ts';
import { INVOICE_PAID_SQL, type InvoiceStatus } from './invoiceStatus.ts';
import type { Tenant } from '../tenant.ts';

export const invoiceNotFound = (id: string) =>
  new GatewayError('RESOURCE_NOT_FOUND', `No invoice ${id}`, { details: [{ path: 'id', message: 'not found' }] });

const FROM = 'invoices v join payment_intents i on i.id = v.payment_intent_id';

export async function getInvoice(ctx: GatewayContext, t: Tenant, id: string, sql: Sql = ctx.db): Promise<InvoiceRow> {
  const [row] = await sql.query<InvoiceRow>(
    `select ${INVOICE_COLUMNS} from ${FROM} where v.id = $1 and v.merchant_id = $2 and v.environment = $3`,
    [id, t.merchantId, t.environment],
  );
  if (!row) throw invoiceNotFound(id);
  return row;
}

/**
 * Newest first. `status` filters on the derived status: void, paid and the clock-dependent open/overdue are
 * expressed in SQL over the same facts deriveInvoiceStatus reads (invoiceStatus.ts).
 */
export async function listInvoices(
  ctx: GatewayContext,
  t: Tenant,
  p: { limit: number; cursor?: string | undefined; status?: InvoiceStatus | undefined },
): Promise<{ invoices: InvoiceRow[]; nextCursor: string | null }> {
  const before = p.cursor ? decodeSeqCursor(p.cursor, 'inv') : null;
  const paid = INVOICE_PAID_SQL;
  const filter: Record<InvoiceStatus, string> = {
    paid,
    void: `(not ${paid} and v.voided_at is not null)`,
    overdue: `(not ${paid} and v.voided_at is null and v.due_at <= $5)`,
    open: `(not ${paid} and v.voided_at is null and v.due_at > $5)`,
  };
  const rows = await ctx.db.query<InvoiceRow & { seq: string }>(
    `select ${INVOICE_COLUMNS}, v.seq from ${FROM}
     where v.merchant_id = $1 and v.environment = $2 and ($3::bigint is null or v.seq < $3::bigint)
       and $5::timestamptz is not null and ${p.status ? filter[p.status] : 'true'}
     order by v.seq desc limit $4`,
    [t.merchantId, t.environment, before, p.limit + 1, ctx.now()],
  );
  const page = rows.slice(0, p.limit);
  const last = page[page.length - 1];
  return {
    invoices: page.map(({ seq: _seq, ...r }) => r),
    nextCursor: rows.length > p.limit && last ? encodeCursor(['inv', String(last.seq)]) : null,
  };
}

/** By id alone (public page, PDF), with the merchant's business name. */
export async function getInvoiceById(
  ctx: GatewayContext,
  id: string,
): Promise<{ row: InvoiceRow; businessName: string; support: SupportContact }> {
  const [row] = await ctx.db.query<InvoiceRow & MerchantContactRow>(
    `select ${INVOICE_COLUMNS}, m.business_name, ${SUPPORT_COLUMNS}
       from ${FROM} join merchants m on m.id = v.merchant_id where v.id = $1`,
    [id],
  );
  if (!row) throw invoiceNotFound(id);
  const { business_name, support_email, support_url, ...r } = row;
  return { row: r, businessName: business_name, support: { support_email, support_url } };
}
