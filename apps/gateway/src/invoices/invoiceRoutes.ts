// /v1/invoices (merchant, API key or session) and /public/invoices (the invoice page and its PDF: no credentials,
// rate limited per client address, nothing of the merchant but its business name).
import type { App } from '@tender/platform';
import { Type } from 'typebox';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses, ListQuery, listOf, StringEnum } from '../http/schemas.ts';
import { PUBLIC_READ_LIMIT } from '../paymentLinks/paymentLinkRoutes.ts';
import { assertTakingPayments } from '../payments/takingPayments.ts';
import { withIdempotency } from '../payments/idempotency.ts';
import { IdempotencyHeaders } from '../payments/paymentRoutes.ts';
import { createInvoice } from './createInvoice.ts';
import {
  CreateInvoiceBody,
  InvoiceSchema,
  invoiceView,
  PublicInvoiceSchema,
  publicInvoiceView,
  type InvoiceRow,
} from './invoice.ts';
import { renderInvoicePdf } from './invoicePdf.ts';
import { getInvoice, getInvoiceById, listInvoices } from './invoiceQueries.ts';
import { INVOICE_STATUSES } from './invoiceStatus.ts';
import { voidInvoice } from './voidInvoice.ts';
import { tenantOf } from '../tenant.ts';

const tags = ['Invoices'];
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export function invoiceRoutes(ctx: GatewayContext) {
  return async function invoicePlugin(app: App): Promise<void> {
    const accepts = ['key', 'session'] as const;
    const view = (row: InvoiceRow) => invoiceView(row, { publicUrl: ctx.config.publicUrl, now: ctx.now() });

    app.post(
      '/v1/invoices',
      {
        config: { auth: { accepts, permission: 'write' } },
        schema: {
          tags,
          summary: 'Create an invoice',
          description:
            'Numbers the invoice (INV-000001, … per merchant and environment, consecutive even under concurrent ' +
            'creation), computes each line (quantity × unit_amount) and the total exactly in base units (a total ' +
            'beyond 999999999999.999999 answers 400 VALIDATION_FAILED naming the total), creates its payment intent ' +
            '(amount = total, payable until the due date = now + due_in_days), and mails it to customer_email when ' +
            'this server has an SMTP relay: `delivery.email` says queued, or not_configured when it has none (then ' +
            'nothing was sent; share `url` yourself). The networks are checked like an intent’s (400 ' +
            'NETWORK_NOT_SUPPORTED, NETWORK_UNAVAILABLE, CURRENCY_NOT_SUPPORTED, VAULT_NOT_CONFIGURED). With ' +
            'Idempotency-Key the first response is replayed; the same key with another body answers 409 ' +
            'IDEMPOTENCY_KEY_REUSED.',
          headers: IdempotencyHeaders,
          body: CreateInvoiceBody,
          response: { 201: InvoiceSchema, ...errorResponses(400, 401, 403, 409, 429) },
        },
      },
      async (req, reply) => {
        const p = principalOf(req);
        const res = await withIdempotency(
          ctx,
          tenantOf(p),
          'POST /v1/invoices',
          req.headers['idempotency-key'],
          req.body,
          async (sql) => ({ status: 201, body: view(await createInvoice(ctx, p, req.body, sql)) }),
        );
        if (res.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(201).send(res.body);
      },
    );

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

    app.get(
      '/public/invoices/:id',
      {
        config: { rateLimit: PUBLIC_READ_LIMIT },
        schema: {
          tags: ['Public pages'],
          summary: 'An invoice, as its public page shows it',
          description: 'No credentials. The invoice without the customer’s email, with the merchant’s business name.',
          security: [],
          params: IdParams,
          response: { 200: PublicInvoiceSchema, ...errorResponses(400, 403, 404, 429) },
        },
      },
      async (req) => {
        const { row, businessName, support } = await getInvoiceById(ctx, req.params.id);
        const view = publicInvoiceView(row, { publicUrl: ctx.config.publicUrl, now: ctx.now(), businessName, support });
        // A suspended merchant's invoice takes no payment; a paid or void one is still shown.
        if (view.status === 'open' || view.status === 'overdue') await assertTakingPayments(ctx.db, row.merchant_id);
        return view;
      },
    );

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
  };
}
