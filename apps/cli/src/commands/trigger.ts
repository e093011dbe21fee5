// `tender trigger <event>`: makes the real thing happen on the devnet. It creates a payment intent through the API
// and pays it from a devnet account (exactly, half, or one unit more), then waits until the gateway announces the
// event, which it learns from the chain like any payment.
import type { PaymentIntent, TenderEvent } from '@tender/sdk';
import type { ApiTarget } from './apiTarget.ts';
import type { Output } from './output.ts';
import { payIntent } from './payIntent.ts';
import { UsageError } from './usageError.ts';

/** How each triggerable event is caused: the share of the amount to send. */
type EventType = TenderEvent['type'];
const TRIGGERS: Partial<Record<EventType, (amountUnits: bigint) => bigint>> = {
  'payment.detected': (a) => a,
  'payment.confirmed': (a) => a,
  'payment.completed': (a) => a,
  'settlement.submitted': (a) => a,
  'settlement.completed': (a) => a,
  'payment.underpaid': (a) => a / 2n,
  'payment.overpaid': (a) => a + 1_000_000n,
};
/** The API's smallest expires_in_seconds. */
const MIN_EXPIRY_SECONDS = 300;

export const TRIGGERABLE_EVENTS = Object.keys(TRIGGERS);

export async function trigger(
  target: ApiTarget,
  out: Output,
  p: { event: string; amount: string; timeoutMs: number },
): Promise<{ intent: PaymentIntent; event: TenderEvent }> {
  const type = p.event as EventType;
  const share = TRIGGERS[type];
  if (!share) throw new UsageError(`Cannot trigger "${p.event}": one of ${TRIGGERABLE_EVENTS.join(', ')}`);
  // Underpaid is decided at expiry (a partial payment may still be completed until then): the shortest window the
  // API allows, and the wait covers it.
  const atExpiry = type === 'payment.underpaid';
  const intent = await target.tender.paymentIntents.create({
    amount: p.amount,
    networks: ['devnet'],
    description: `tender trigger ${p.event}`,
    ...(atExpiry ? { expires_in_seconds: MIN_EXPIRY_SECONDS } : {}),
  });
  out.info(`Created ${intent.id} for ${intent.amount} ${intent.currency}`);
  if (atExpiry)
    out.info(`${type} happens at expiry: waiting until ${intent.expires_at} (${MIN_EXPIRY_SECONDS / 60} min)`);
  const paid = await payIntent(target, { intent, amountUnits: share(BigInt(intent.amount_units)) });
  out.info(`Paid ${paid.amount} from ${paid.from} in ${paid.txHash}`);
  const timeoutMs = atExpiry ? Math.max(p.timeoutMs, (MIN_EXPIRY_SECONDS + 120) * 1000) : p.timeoutMs;
  const event = await waitForEvent(target, intent.id, type, timeoutMs);
  out.result({ intent: intent.id, tx_hash: paid.txHash, event }, `${out.green('✔')} ${event.type} ${event.id}`);
  return { intent, event };
}

/** Polls the events list (complete, unlike a live stream) until the intent's event of that type exists. */
async function waitForEvent(
  target: ApiTarget,
  intentId: string,
  type: EventType,
  timeoutMs: number,
): Promise<TenderEvent> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    // The newest page is enough: older events predate this intent.
    const page = await target.tender.events.list({ type, limit: 100 });
    const event = page.data.find((e) => e.data.object.id === intentId);
    if (event) return event;
    if (Date.now() > until) throw new Error(`No ${type} for ${intentId} within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
