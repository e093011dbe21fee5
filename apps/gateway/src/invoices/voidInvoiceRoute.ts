import type { App } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses } from '../http/schemas.ts';
import { InvoiceSchema } from './invoice.ts';
import { accepts, IdParams, invoiceViewOf, tags } from './invoiceRouteParts.ts';
import { voidInvoice } from './voidInvoice.ts';

/** POST /v1/invoices/{id}/void. */
export function voidInvoiceRoute(app: App, ctx: GatewayContext): void {
  const view = invoiceViewOf(ctx);
  app.post(
    '/v1/invoices/:id/void',
    {
      config: { auth: { accepts, permission: 'write' } },
      schema: {
        tags,
        summary: 'Void an invoice',
        description:
          'The invoice becomes void and its payment intent unpayable (expired now; payment.expired). Refused once ' +
          'paid (409 INVOICE_PAID) and while funds have arrived without paying it yet (409 ' +
          'INVOICE_PAYMENT_IN_PROGRESS). Voiding a void invoice answers 200 and changes nothing.',
        params: IdParams,
        response: { 200: InvoiceSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req) => view(await voidInvoice(ctx, principalOf(req), req.params.id)),
  );
}
