// Fan-out of an outbox event to the merchant's webhook endpoints.
//
// Why here, in the transaction that writes the event (called by emitEvent), rather than a cursor over
// gateway_events.seq or a separate fan-out job:
//  * a cursor over an identity column skips rows: seq values are taken at insert, but transactions commit in another
//    order, so a reader that has passed seq 12 may later see 11 commit. Making that safe means waiting on the oldest
//    open transaction (snapshot xmin), a second protocol beside the job runner's leases;
//  * a fan-out job per event would be durable too, but costs one more job (claim, run, complete) per event before
//    the first delivery job even exists;
//  * written here, a delivery row and its job exist if and only if the event commits, atomically with the payment
//    transition that caused it, and from then on the job runner's guarantees (lease, requeue on expiry, at least
//    once until done) carry it to the endpoint, through crashes and kill -9 included.
// The cost is one statement per event (an indexed read of the tenant's enabled endpoints and the inserts), plus the
// jobs' insert when some endpoint is subscribed.
import { newId, type Sql } from '@tender/platform';
import { enqueueMany } from '@tender/platform';
import { ALL_EVENTS } from './eventTypes.ts';
import { WEBHOOK_DELIVERY_QUEUE, type DeliveryJobPayload } from './queues.ts';
import type { Environment } from '../tenant.ts';

/**
 * Job runs allowed for one delivery's automatic schedule: its 9 attempts (the handler ends the schedule itself after
 * the last, see settings.ts), plus a margin for runs a crashed worker never finished (an expired lease counts as a
 * run), so that a crash does not end the schedule early.
 */
export const DELIVERY_JOB_MAX_RUNS = 12;

export interface FanOutEvent {
  id: string;
  merchantId: string;
  environment: Environment;
  type: string;
  createdAt: Date;
}

/** Delivery ids made in advance per event; an endpoint beyond them gets a database-made id (see below). */
const PREPARED_IDS = 16;

/** Creates one delivery (and its job) per subscribed enabled endpoint, in `tx`. Returns the delivery ids. */
export async function fanOutEvent(tx: Sql, e: FanOutEvent): Promise<string[]> {
  // One statement picks the endpoints and inserts their deliveries. Ids are `whd_` + base62 made here; should a
  // merchant have more subscribed endpoints than prepared ids, the rest get `whd_` + a random UUID's hex, so an
  // event is never refused for want of an id.
  // FOR SHARE on the chosen endpoints orders fan-out against disabling: a disable (UPDATE, then "end pending
  // deliveries") waits for this transaction and then sees its deliveries, and a fan-out that waits on a committed
  // disable re-checks the row and skips the endpoint. Without it a delivery could appear pending on a disabled
  // endpoint.
  const inserted = await tx.query<{ id: string }>(
    `insert into webhook_deliveries (id, event_id, endpoint_id, merchant_id, environment, event_type, created_at,
       updated_at)
     select coalesce(($1::text[])[s.n], 'whd_' || replace(gen_random_uuid()::text, '-', '')), $2, s.id, $3, $4, $5,
            $6, $6
       from (select l.id, row_number() over (order by l.id)::int as n
               from (select e.id
                       from webhook_endpoints e
                      where e.merchant_id = $3 and e.environment = $4 and e.status = 'enabled' and e.deleted_at is null
                        and ($5 = any(e.enabled_events) or $7 = any(e.enabled_events))
                      for share) l) s
     on conflict (event_id, endpoint_id) do nothing
     returning id`,
    [
      Array.from({ length: PREPARED_IDS }, () => newId('whd')),
      e.id,
      e.merchantId,
      e.environment,
      e.type,
      e.createdAt,
      ALL_EVENTS,
    ],
  );
  if (inserted.length === 0) return [];
  await enqueueMany(
    tx,
    inserted.map((d) => ({
      queue: WEBHOOK_DELIVERY_QUEUE,
      payload: { deliveryId: d.id } satisfies DeliveryJobPayload,
      idempotencyKey: `webhook:${d.id}`,
      maxAttempts: DELIVERY_JOB_MAX_RUNS,
    })),
  );
  return inserted.map((d) => d.id);
}
