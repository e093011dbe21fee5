import type { Feature } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { receiptJobQueues } from './sendPaymentReceipt.ts';

/**
 * Customer receipts: the queue of the job that mails them. The receipt itself is recorded by a payment transition
 * reaction (receiptReaction.ts), plugged into the payment hub by runtime.ts.
 */
export function receiptsFeature(ctx: GatewayContext): Feature {
  return { name: 'receipts', queues: receiptJobQueues(ctx) };
}
