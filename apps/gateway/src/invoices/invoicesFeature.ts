import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { invoiceJobQueues } from './invoiceEmail.ts';
import { invoiceRoutes } from './invoiceRoutes.ts';
import { invoiceSendRoute } from './invoiceSendRoute.ts';

/** Invoices: the routes, and the queue of the invoice email (invoice events plug into the payment hub). */
export function invoicesFeature(ctx: GatewayContext): Feature {
  return {
    name: 'invoices',
    routes: async (app) => {
      await app.register(invoiceRoutes(ctx));
      await app.register(invoiceSendRoute(ctx));
    },
    queues: invoiceJobQueues(ctx),
  };
}
