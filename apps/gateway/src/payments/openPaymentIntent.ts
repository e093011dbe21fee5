// Opening a CREATED intent: the moment it becomes payable (AWAITING_PAYMENT). A payment-link intent is created
// CREATED when the customer starts from the link page and opened when the customer picks a network at checkout;
// its expiry clock starts then.
//
// Invariant: a CREATED intent's window is `expires_at - created_at` (written so at creation: the link's
// intent_expires_in_seconds); opening moves `expires_at` to now + that window and schedules the expiry job, in one
// transaction with the status change (payments/recompute.ts, the one writer of status). Opening is idempotent: an
// intent already open answers its current status and changes nothing.
//
// Funds sent to a CREATED intent's deposit address (its addresses exist from creation) are never ignored: the
// watcher records them like any transfer, and deriveStatus then treats the intent as open (the customer evidently
// had the address), so they are a payment, on time against the provisional expires_at. Nothing is lost either way:
// a deposit address can only ever pay the merchant's vault.
import { enqueue, type Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { assertTakingPayments } from './takingPayments.ts';
import { EXPIRY_QUEUE } from './queues.ts';
import { recomputePayment } from './recompute.ts';
import type { PaymentStatus } from './status.ts';

export interface OpenPaymentIntentParameters {
  id: string;
  /** The network the customer picked; must be one of the intent's networks. */
  network?: string | undefined;
}

export interface OpenPaymentIntentReturnType {
  id: string;
  status: PaymentStatus;
}

export async function openPaymentIntent(
  ctx: GatewayContext,
  p: OpenPaymentIntentParameters,
): Promise<OpenPaymentIntentReturnType> {
  return ctx.db.tx((tx) => openIn(ctx, tx, p));
}

async function openIn(ctx: GatewayContext, tx: Sql, p: OpenPaymentIntentParameters) {
  const [intent] = await tx.query<{
    id: string;
    status: PaymentStatus;
    opened: boolean;
    expires_at: Date;
    created_at: Date;
    networks: string[];
    merchant_id: string;
  }>(
    `select i.id, i.status, i.opened, i.expires_at, i.created_at, i.merchant_id,
       array(select d.network from deposit_addresses d where d.payment_id = i.id order by d.network) as networks
     from payment_intents i where i.id = $1 for update`,
    [p.id],
  );
  if (!intent) {
    throw new GatewayError('RESOURCE_NOT_FOUND', `No payment intent ${p.id}`, {
      details: [{ path: 'id', message: 'not found' }],
    });
  }
  if (p.network !== undefined && !intent.networks.includes(p.network)) {
    throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
      details: [{ path: 'network', message: `must be one of this payment's networks: ${intent.networks.join(', ')}` }],
    });
  }
  if (intent.opened) return { id: intent.id, status: intent.status };
  await assertTakingPayments(tx, intent.merchant_id);
  const now = ctx.now();
  const window = intent.expires_at.getTime() - intent.created_at.getTime();
  const expiresAt = new Date(now.getTime() + window);
  await tx.query('update payment_intents set opened = true, expires_at = $2, updated_at = $3 where id = $1', [
    intent.id,
    expiresAt,
    now,
  ]);
  await enqueue(tx, {
    queue: EXPIRY_QUEUE,
    payload: { paymentId: intent.id },
    idempotencyKey: `payment-expiry:${intent.id}`,
    runAt: expiresAt,
    maxAttempts: 25,
  });
  const r = await recomputePayment(ctx, tx, intent.id, {
    reason: 'opened',
    data: p.network ? { network: p.network } : {},
  });
  return { id: intent.id, status: r?.to ?? intent.status };
}
