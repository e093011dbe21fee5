import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { PUBLIC_READ_LIMIT } from '../paymentLinks/paymentLinkRoutes.ts';
import { getInvoiceById } from './invoiceQueries.ts';
import { renderInvoicePdf } from './invoicePdf.ts';
import { IdParams } from './invoiceRouteParts.ts';

/** GET /public/invoices/{id}/pdf: the invoice as a PDF (no credentials). */
export function publicInvoicePdfRoute(app: App, ctx: GatewayContext): void {
  app.get(
    '/public/invoices/:id/pdf',
    {
      config: { rateLimit: PUBLIC_READ_LIMIT },
      schema: {
        tags: ['Public pages'],
        summary: 'An invoice as a PDF',
        description: 'No credentials. application/pdf, rendered from the same data as the public invoice.',
        security: [],
        params: IdParams,
        produces: ['application/pdf'],
        response: {
          // Sent as bytes (a Buffer is never JSON-serialised); documented as a binary string.
          200: Type.Unsafe<Buffer>({
            type: 'string',
            format: 'binary',
            description: 'The PDF document (application/pdf)',
          }),
          ...errorResponses(400, 404, 429),
        },
      },
    },
    async (req, reply) => {
      const { row, businessName } = await getInvoiceById(ctx, req.params.id);
      const pdf = await renderInvoicePdf(row, { businessName, publicUrl: ctx.config.publicUrl, now: ctx.now() });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-${row.id}.pdf"`)
        .send(pdf);
    },
  );
}
