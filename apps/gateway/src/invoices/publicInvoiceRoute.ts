import type { App } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { errorResponses } from '../http/schemas.ts';
import { PUBLIC_READ_LIMIT } from '../paymentLinks/paymentLinkRoutes.ts';
import { intentAcceptsPayments } from '../payments/acceptingPayments.ts';
import { assertTakingPayments } from '../payments/takingPayments.ts';
import { PublicInvoiceSchema, publicInvoiceView } from './invoice.ts';
import { getInvoiceById } from './invoiceQueries.ts';
import { IdParams } from './invoiceRouteParts.ts';

/** GET /public/invoices/{id}: the invoice as its public page shows it (no credentials). */
export function publicInvoiceRoute(app: App, ctx: GatewayContext): void {
  app.get(
    '/public/invoices/:id',
    {
      config: { rateLimit: PUBLIC_READ_LIMIT },
      schema: {
        tags: ['Public pages'],
        summary: 'An invoice, as its public page shows it',
        description:
          'No credentials. The invoice without the customer’s email, with the merchant’s business name and ' +
          'whether the merchant can take its payment now (accepting_payments).',
        security: [],
        params: IdParams,
        response: { 200: PublicInvoiceSchema, ...errorResponses(400, 403, 404, 429) },
      },
    },
    async (req) => {
      const { row, businessName, support } = await getInvoiceById(ctx, req.params.id);
      const deposits = await ctx.db.query<{ network: string }>(
        'select network from deposit_addresses where payment_id = $1',
        [row.payment_intent_id],
      );
      const view = publicInvoiceView(row, {
        publicUrl: ctx.config.publicUrl,
        now: ctx.now(),
        businessName,
        support,
        acceptingPayments: intentAcceptsPayments(
          ctx,
          deposits.map((d) => d.network),
        ),
      });
      // A suspended merchant's invoice takes no payment; a paid or void one is still shown.
      if (view.status === 'open' || view.status === 'overdue') await assertTakingPayments(ctx.db, row.merchant_id);
      return view;
    },
  );
}
