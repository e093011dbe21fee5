import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { invoiceView, type InvoiceRow } from './invoice.ts';

/** What the invoice routes share: their tag, their id parameter, the credentials of the merchant's routes. */
export const tags = ['Invoices'];
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
export const accepts = ['key', 'session'] as const;

/** The merchant's view of an invoice row, at this request's time. */
export function invoiceViewOf(ctx: GatewayContext): (row: InvoiceRow) => ReturnType<typeof invoiceView> {
  return (row) => invoiceView(row, { publicUrl: ctx.config.publicUrl, now: ctx.now() });
}
