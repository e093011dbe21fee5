import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { invoiceJobQueues } from './invoiceEmail.ts';
import { invoiceRoutes } from './invoiceRoutes.ts';

/** Invoices: the routes, and the queue of the invoice email (invoice events plug into the payment hub). */
export function invoicesFeature(ctx: GatewayContext): Feature {
  return { name: 'invoices', routes: invoiceRoutes(ctx), queues: invoiceJobQueues(ctx) };
}
