// The event resource: what GET /v1/events returns, what the live stream sends and what every webhook delivery POSTs
// are the same object, so a merchant reconciling after an outage compares like with like (same id, same fields).
import { Type, type Static } from 'typebox';
import { StringEnum } from '../http/schemas.ts';
import { EVENT_API_VERSION, WEBHOOK_EVENT_TYPES } from '../webhooks/eventTypes.ts';

export const EventSchema = Type.Object(
  {
    id: Type.String({ description: 'evt_…: the same id webhook deliveries carry; deduplicate on it' }),
    object: Type.Literal('event'),
    type: StringEnum(WEBHOOK_EVENT_TYPES),
    created: Type.Integer({ description: 'Unix seconds when the event happened' }),
    livemode: Type.Boolean(),
    api_version: Type.String(),
    data: Type.Object(
      { object: Type.Record(Type.String(), Type.Unknown()) },
      {
        additionalProperties: true,
        description: '`object` is the resource as the API returns it; extra fields (e.g. excess_amount) beside it',
      },
    ),
  },
  { description: 'An event: the body of its webhook deliveries' },
);
export type EventView = Static<typeof EventSchema>;

/** A gateway_events row as the queries read it; `seq` orders a tenant's events and pages them. */
export interface EventRow {
  seq: string;
  id: string;
  type: string;
  livemode: boolean;
  data: EventView['data'];
  created_at: Date;
}

// seq is read as text (a bigint does not fit a JS number). Queries that order by it must name the column
// `gateway_events.seq`: a bare `order by seq` binds to this text alias, and "10" sorts before "9".
export const EVENT_COLUMNS = 'seq::text as seq, id, type, livemode, data, created_at';

export function eventView(r: EventRow): EventView {
  return {
    id: r.id,
    object: 'event',
    type: r.type as EventView['type'],
    created: Math.floor(r.created_at.getTime() / 1000),
    livemode: r.livemode,
    api_version: EVENT_API_VERSION,
    data: r.data,
  };
}
