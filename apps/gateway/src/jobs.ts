import type { QueueDefinition } from '@tender/platform';
import type { GatewayContext } from './context.ts';
import { emailJobQueues } from './email/emailLinks.ts';
import { invoiceJobQueues } from './invoices/invoiceEmail.ts';
import { paymentJobQueues } from './payments/jobQueues.ts';
import { webhookJobQueues } from './webhooks/jobQueues.ts';

/** Every job queue the gateway defines, for `createJobRunner({ db, queues: gatewayJobQueues(ctx) })`. */
export function gatewayJobQueues(ctx: GatewayContext): Record<string, QueueDefinition> {
  return { ...emailJobQueues(ctx), ...paymentJobQueues(ctx), ...webhookJobQueues(ctx), ...invoiceJobQueues(ctx) };
}
