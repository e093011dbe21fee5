import type { App } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses } from '../http/schemas.ts';
import { tenantOf } from '../tenant.ts';
import { InvoiceSchema } from './invoice.ts';
import { getInvoice } from './invoiceQueries.ts';
import { accepts, IdParams, invoiceViewOf, tags } from './invoiceRouteParts.ts';

/** GET /v1/invoices/{id}. */
export function getInvoiceRoute(app: App, ctx: GatewayContext): void {
  const view = invoiceViewOf(ctx);
  app.get(
    '/v1/invoices/:id',
    {
      config: { auth: { accepts, permission: 'read' } },
      schema: {
        tags,
        summary: 'Retrieve an invoice',
        description: 'Another merchant’s id, or an id of the other environment, answers 404 like an unknown id.',
        params: IdParams,
        response: { 200: InvoiceSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => view(await getInvoice(ctx, tenantOf(principalOf(req)), req.params.id)),
  );
}
