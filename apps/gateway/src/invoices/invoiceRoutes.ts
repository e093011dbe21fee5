// /v1/invoices (merchant, API key or session) and /public/invoices (the invoice page and its PDF: no credentials,
// rate limited per client address, nothing of the merchant but its business name). One file per route; the list is
// the order of the OpenAPI document.
import type { App } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { createInvoiceRoute } from './createInvoiceRoute.ts';
import { getInvoiceRoute } from './getInvoiceRoute.ts';
import { listInvoicesRoute } from './listInvoicesRoute.ts';
import { publicInvoicePdfRoute } from './publicInvoicePdfRoute.ts';
import { publicInvoiceRoute } from './publicInvoiceRoute.ts';
import { voidInvoiceRoute } from './voidInvoiceRoute.ts';

const routes = [
  createInvoiceRoute,
  listInvoicesRoute,
  getInvoiceRoute,
  voidInvoiceRoute,
  publicInvoiceRoute,
  publicInvoicePdfRoute,
];

export function invoiceRoutes(ctx: GatewayContext) {
  return async function invoicePlugin(app: App): Promise<void> {
    for (const route of routes) route(app, ctx);
  };
}
