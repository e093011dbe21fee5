// POST /v1/invoices/{id}/send (sendInvoice.ts), registered by the invoice feature beside invoiceRoutes.ts.
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses } from '../http/schemas.ts';
import { InvoiceSchema, invoiceView } from './invoice.ts';
import { INVOICE_RESEND_LIMIT, sendInvoice } from './sendInvoice.ts';

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export function invoiceSendRoute(ctx: GatewayContext) {
  return async function invoiceSendPlugin(app: App): Promise<void> {
    app.post(
      '/v1/invoices/:id/send',
      {
        config: { auth: { accepts: ['key', 'session'], permission: 'write' } },
        schema: {
          tags: ['Invoices'],
          summary: 'Send an invoice to its customer again',
          description:
            'Mails the invoice (with its PDF) to customer_email again: `delivery.email` becomes queued, then sent ' +
            'or failed. Refused for a paid invoice (409 INVOICE_PAID), a void one (409 INVOICE_VOID), while a mail ' +
            'is still queued (409 INVOICE_EMAIL_QUEUED), on a server without an SMTP relay (503 ' +
            `EMAIL_UNAVAILABLE), and beyond ${INVOICE_RESEND_LIMIT.limit} sends of one invoice an hour (429 ` +
            'RATE_LIMITED). Written to the audit log (invoice.sent).',
          params: IdParams,
          response: { 200: InvoiceSchema, ...errorResponses(401, 403, 404, 409, 429, 503) },
        },
      },
      async (req) =>
        invoiceView(await sendInvoice(ctx, principalOf(req), req.params.id), {
          publicUrl: ctx.config.publicUrl,
          now: ctx.now(),
        }),
    );
  };
}
