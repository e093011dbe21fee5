import type { App } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { principalOf } from '../http/authenticate.ts';
import { errorResponses } from '../http/schemas.ts';
import { withIdempotency } from '../payments/idempotency.ts';
import { IdempotencyHeaders } from '../payments/paymentRoutes.ts';
import { tenantOf } from '../tenant.ts';
import { createInvoice } from './createInvoice.ts';
import { CreateInvoiceBody, InvoiceSchema } from './invoice.ts';
import { accepts, invoiceViewOf, tags } from './invoiceRouteParts.ts';

/** POST /v1/invoices: numbers, prices and mails an invoice (idempotent). */
export function createInvoiceRoute(app: App, ctx: GatewayContext): void {
  const view = invoiceViewOf(ctx);
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
          'NETWORK_NOT_SUPPORTED, NETWORK_UNAVAILABLE naming every network this deployment does not serve, ' +
          'CURRENCY_NOT_SUPPORTED, VAULT_NOT_CONFIGURED). With ' +
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
}
