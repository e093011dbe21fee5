// The public API's types as the pages read them, taken from the SDK's types generated from the gateway's own OpenAPI
// document (packages/sdk/src/openapi.ts), so a page cannot read a field the gateway does not serve. Types only: pure
// modules (the truth table) and Node tests import them without the browser client.
import type { paths } from '../../../../../packages/sdk/src/openapi.ts';

export type { paths };

/** The JSON body of operation `M` on path `P` for status `S` (200 unless given). */
export type ResponseOf<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer B } }
      ? B
      : never
    : never
  : never;

export type PublicIntent = ResponseOf<'/public/payment-intents/{id}', 'get'>;
export type PaymentStatus = PublicIntent['status'];
export type CheckoutMethod = PublicIntent['checkout_methods'][number];
export type PublicNetwork = PublicIntent['networks'][number];
export type PublicTransfer = PublicIntent['foreign_transfers'][number];
export type PublicPaymentLink = ResponseOf<'/public/payment-links/{id}', 'get'>;
export type PublicInvoice = ResponseOf<'/public/invoices/{id}', 'get'>;
export type InvoiceLineItem = PublicInvoice['line_items'][number];
