// "Send test event": one real, signed delivery of an event of type `test` to one endpoint, through the normal
// delivery path (a webhook_deliveries row due now; the delivery runner signs it with the endpoint's secret, retries
// it on failure and logs each attempt), so the merchant sees exactly what their receiver answers.
//
// What it does not do to the merchant's event stream (decided here, documented in docs/events.md):
//  * the event row exists (gateway_events: a delivery names its event, and the body's `id` is an `evt_…` the
//    receiver can deduplicate on) but GET /v1/events, /v1/events/{id} and the live stream never show type `test`
//    (events/eventQueries.ts): the stream is the merchant's facts, and a test is not one;
//  * it is not fanned out: only the endpoint asked for gets it, whatever its `enabled_events`;
//  * it reuses nothing of a real event's identity: every request is a new event id, so a receiver that
//    deduplicates on `event.id` processes each test once.
import { audit } from '../audit/audit.ts';
import { actorOf, type Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';
import { newId } from '@tender/platform';
import { getDelivery, type DeliveryRow } from './deliveries.ts';
import { WAKE_DELIVERY_RUNNERS_SQL } from './deliveryWake.ts';

/** The type of a test event; never a fact, never in the events API. */
export const TEST_EVENT_TYPE = 'test';

export async function sendTestEvent(
  ctx: GatewayContext,
  principal: Principal,
  endpointId: string,
): Promise<DeliveryRow> {
  const t = { merchantId: principal.merchantId, environment: principal.environment };
  const now = ctx.now();
  const deliveryId = newId('whd');
  await ctx.db.tx(async (tx) => {
    // FOR SHARE orders the test against a concurrent disable or delete, as fan-out does (fanOut.ts).
    const [ep] = await tx.query<{ id: string; url: string; description: string | null; status: string }>(
      `select id, url, description, status from webhook_endpoints
        where id = $1 and merchant_id = $2 and environment = $3 and deleted_at is null
        for share`,
      [endpointId, t.merchantId, t.environment],
    );
    if (!ep) throw new GatewayError('RESOURCE_NOT_FOUND', `No webhook endpoint ${endpointId}`);
    if (ep.status !== 'enabled') {
      throw new GatewayError(
        'WEBHOOK_ENDPOINT_DISABLED',
        'This endpoint is disabled; enable it (PATCH status=enabled) before sending a test event',
      );
    }
    const eventId = newId('evt');
    const object = { object: 'webhook_endpoint', id: ep.id, url: ep.url, description: ep.description };
    await tx.query(
      `insert into gateway_events (id, merchant_id, environment, livemode, type, payment_id, data, created_at)
       values ($1, $2, $3, $4, $5, null, $6::text::jsonb, $7)`,
      [
        eventId,
        t.merchantId,
        t.environment,
        t.environment === 'live',
        TEST_EVENT_TYPE,
        JSON.stringify({ object }),
        now,
      ],
    );
    await tx.query(
      `insert into webhook_deliveries (id, event_id, endpoint_id, merchant_id, environment, event_type, created_at,
         updated_at, due_at)
       values ($1, $2, $3, $4, $5, $6, $7, $7, now())
       returning ${WAKE_DELIVERY_RUNNERS_SQL}::text as woke`,
      [deliveryId, eventId, ep.id, t.merchantId, t.environment, TEST_EVENT_TYPE, now],
    );
    await audit(tx, {
      merchantId: t.merchantId,
      environment: t.environment,
      action: 'webhook_endpoint.test_sent',
      actor: actorOf(principal),
      target: { type: 'webhook_endpoint', id: ep.id },
      data: { event_id: eventId, delivery_id: deliveryId },
      at: now,
    });
  });
  return (await getDelivery(ctx, t, deliveryId)).delivery;
}
