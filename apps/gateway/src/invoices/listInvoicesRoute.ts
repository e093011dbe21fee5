import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses, ListQuery, listOf, StringEnum } from '../http/schemas.ts';
import { tenantOf } from '../tenant.ts';
import { InvoiceSchema } from './invoice.ts';
import { listInvoices } from './invoiceQueries.ts';
import { accepts, invoiceViewOf, tags } from './invoiceRouteParts.ts';
import { INVOICE_STATUSES } from './invoiceStatus.ts';

/** GET /v1/invoices: a page of invoices, newest first. */
export function listInvoicesRoute(app: App, ctx: GatewayContext): void {
  const view = invoiceViewOf(ctx);
  app.get(
    '/v1/invoices',
    {
      config: { auth: { accepts, permission: 'read' } },
      schema: {
        tags,
        summary: 'List invoices',
        description: 'Newest first. `status` filters on the derived status (open, paid, overdue, void).',
        querystring: Type.Object(
          { ...ListQuery, status: Type.Optional(StringEnum(INVOICE_STATUSES)) },
          { additionalProperties: false },
        ),
        response: { 200: listOf(InvoiceSchema, 'A page of invoices'), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (req) => {
      const r = await listInvoices(ctx, tenantOf(principalOf(req)), {
        limit: req.query.limit ?? 20,
        cursor: req.query.cursor,
        status: req.query.status,
      });
      return {
        object: 'list' as const,
        data: r.invoices.map(view),
        has_more: r.nextCursor !== null,
        next_cursor: r.nextCursor,
      };
    },
  );
}
