// Fan-out of an outbox event to the merchant's webhook endpoints.
//
// Why here, in the transaction that writes the event (called by emitEvent), rather than a cursor over
// gateway_events.seq or a separate fan-out job:
//  * a cursor over an identity column skips rows: seq values are taken at insert, but transactions commit in another
//    order, so a reader that has passed seq 12 may later see 11 commit. Making that safe means waiting on the oldest
//    open transaction (snapshot xmin), a second protocol beside the leases;
//  * a fan-out job per event would be durable too, but costs one more job (claim, run, complete) per event before
//    the first delivery even exists;
//  * written here, a delivery row exists if and only if the event commits, atomically with the payment transition
//    that caused it.
// The delivery row is its own job: it is inserted due now (due_at), and from then on the delivery runner's
// guarantees (lease with a fencing token, due again when a lease expires, at least once until done) carry it to the
// endpoint, through crashes and kill -9 included. There is no job row per delivery: it cost, on its own, about as
// much database time as the whole HTTP exchange, for a state the delivery row holds anyway.
// The cost is one statement per event (an indexed read of the tenant's enabled endpoints, the inserts, and a NOTIFY
// to wake the runners when some endpoint is subscribed).
import { newId, type Sql } from '@tender/platform';
import { ALL_EVENTS } from './eventTypes.ts';
import { WAKE_DELIVERY_RUNNERS_SQL } from './deliveryWake.ts';
import type { Environment } from '../tenant.ts';

export interface FanOutEvent {
  id: string;
  merchantId: string;
  environment: Environment;
  type: string;
  createdAt: Date;
}

/** Delivery ids made in advance per event; an endpoint beyond them gets a database-made id (see below). */
const PREPARED_IDS = 16;

/** Creates one delivery, due now, per subscribed enabled endpoint, in `tx`. Returns the delivery ids. */
export async function fanOutEvent(tx: Sql, e: FanOutEvent): Promise<string[]> {
  // One statement picks the endpoints and inserts their deliveries. Ids are `whd_` + base62 made here; should a
  // merchant have more subscribed endpoints than prepared ids, the rest get `whd_` + a random UUID's hex, so an
  // event is never refused for want of an id.
  // FOR SHARE on the chosen endpoints orders fan-out against disabling: a disable (UPDATE, then "end pending
  // deliveries") waits for this transaction and then sees its deliveries, and a fan-out that waits on a committed
  // disable re-checks the row and skips the endpoint. Without it a delivery could appear pending on a disabled
  // endpoint.
  // The NOTIFY (one per transaction, however many events it emits: PostgreSQL folds equal notifications) is sent
  // only when a delivery was made, and heard by the runners once the transaction commits.
  const rows = await tx.query<{ id: string | null }>(
    `with ins as (
     insert into webhook_deliveries (id, event_id, endpoint_id, merchant_id, environment, event_type, created_at,
       updated_at, due_at)
     select coalesce(($1::text[])[s.n], 'whd_' || replace(gen_random_uuid()::text, '-', '')), $2, s.id, $3, $4, $5,
            $6, $6, now()
       from (select l.id, row_number() over (order by l.id)::int as n
               from (select e.id
                       from webhook_endpoints e
                      where e.merchant_id = $3 and e.environment = $4 and e.status = 'enabled' and e.deleted_at is null
                        and ($5 = any(e.enabled_events) or $7 = any(e.enabled_events))
                      for share) l) s
     on conflict (event_id, endpoint_id) do nothing
     returning id
     )
     select id, null as woke from ins
     union all
     select null, ${WAKE_DELIVERY_RUNNERS_SQL}::text from (select 1 from ins limit 1) one`,
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
  const ids: string[] = [];
  for (const r of rows) if (r.id !== null) ids.push(r.id);
  return ids;
}
