// Reads of the outbox (gateway_events) for the events API. Always scoped by tenant: another merchant's event, or one
// of the other environment, is the same 404 as an unknown id. A webhook test event (webhooks/sendTestEvent.ts) is
// not a fact of the merchant's: it is never listed, fetched or streamed.
import type { Sql } from '@tender/platform';
import { decodeSeqCursor, encodeCursor } from '../http/cursor.ts';
import { GatewayError } from '../http/errors.ts';
import { EVENT_COLUMNS, type EventRow } from './event.ts';
import { TEST_EVENT_TYPE } from '../webhooks/sendTestEvent.ts';
import type { Tenant } from '../tenant.ts';

export interface ListEventsParams {
  type?: string | undefined;
  /** created_at >= from */
  from?: string | undefined;
  /** created_at < to */
  to?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** A page of the tenant's events, newest first; the cursor is the seq of the page's last event. */
export async function listEvents(
  sql: Sql,
  tenant: Tenant,
  p: ListEventsParams,
): Promise<{ rows: EventRow[]; nextCursor: string | null }> {
  const before = p.cursor ? decodeSeqCursor(p.cursor, 'evt') : null;
  const rows = await sql.query<EventRow>(
    `select ${EVENT_COLUMNS} from gateway_events
      where merchant_id = $1 and environment = $2 and type <> '${TEST_EVENT_TYPE}'
        and ($3::bigint is null or seq < $3::bigint)
        and ($4::text is null or type = $4)
        and ($5::timestamptz is null or created_at >= $5)
        and ($6::timestamptz is null or created_at < $6)
      order by gateway_events.seq desc
      limit $7`,
    [tenant.merchantId, tenant.environment, before, p.type ?? null, p.from ?? null, p.to ?? null, p.limit + 1],
  );
  const page = rows.slice(0, p.limit);
  const last = page[page.length - 1];
  return { rows: page, nextCursor: rows.length > p.limit && last ? encodeCursor(['evt', last.seq]) : null };
}

export async function getEvent(sql: Sql, tenant: Tenant, id: string): Promise<EventRow> {
  const [row] = await sql.query<EventRow>(
    `select ${EVENT_COLUMNS} from gateway_events
      where id = $1 and merchant_id = $2 and environment = $3 and type <> '${TEST_EVENT_TYPE}'`,
    [id, tenant.merchantId, tenant.environment],
  );
  if (!row) throw new GatewayError('RESOURCE_NOT_FOUND', `No event ${id}`);
  return row;
}

/** The tenant's events after `seq` up to and including `upTo`, oldest first (the live stream's reads). */
export async function eventsBetween(
  sql: Sql,
  tenant: Tenant,
  afterSeq: string,
  upTo: string,
  limit: number,
): Promise<EventRow[]> {
  return sql.query<EventRow>(
    `select ${EVENT_COLUMNS} from gateway_events
      where merchant_id = $1 and environment = $2 and seq > $3::bigint and seq <= $4::bigint
        and type <> '${TEST_EVENT_TYPE}'
      order by gateway_events.seq
      limit $5`,
    [tenant.merchantId, tenant.environment, afterSeq, upTo, limit],
  );
}
