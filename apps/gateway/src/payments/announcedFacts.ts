// What a payment's outbox has announced: its events read back in seq order under the payment's row lock (the caller
// holds it), replayed by announcedFrom (paymentFacts.ts). Served by gateway_events_payment (migration 0710).
import type { Sql } from '@tender/platform';
import { announcedFrom, type Announced } from './paymentFacts.ts';

export async function announcedFacts(tx: Sql, paymentId: string): Promise<Announced> {
  const rows = await tx.query<{ type: string; reverses: string[] | null; excess_units: string | null }>(
    `select type, data->'reverses' as reverses, data->>'excess_amount_units' as excess_units
     from gateway_events where payment_id = $1 and (type like 'payment.%' or type like 'settlement.%')
     order by seq`,
    [paymentId],
  );
  return announcedFrom(rows.map((r) => ({ type: r.type, reverses: r.reverses, excessUnits: r.excess_units })));
}
