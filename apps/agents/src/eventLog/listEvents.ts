import type { Sql } from '@tender/platform';
import { decodeCursor, encodeCursor, FROM_CURSOR_SQL } from '../http/cursor.ts';
import {
  type EventPolicy,
  type EventRecord,
  type EventRow,
  type EventStatus,
  clock,
  columns,
  effectiveStatus,
  toRecord,
} from './eventRecord.ts';

export const DEFAULT_LIST_STATUSES: readonly EventStatus[] = ['pending', 'delivered'];

export interface ListFilter {
  /** One status or several; default: the open ones (pending, delivered), which is what replay needs. */
  status?: EventStatus | EventStatus[] | undefined;
  types?: string[] | undefined;
  agentId?: string | undefined;
  service?: string | undefined;
  resourceId?: string | undefined;
  /** createdAt >= from */
  from?: string | undefined;
  /** createdAt < to */
  to?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** Events of the tenant in delivery order (createdAt, eventId), one keyset page at a time. */
export async function listEvents(
  sql: Sql,
  policy: EventPolicy,
  tenantId: string,
  f: ListFilter,
  at?: Date,
): Promise<{ events: EventRecord[]; nextCursor: string | null }> {
  const statuses =
    f.status === undefined ? [...DEFAULT_LIST_STATUSES] : Array.isArray(f.status) ? f.status : [f.status];
  const limit = f.limit ?? 50;
  const cursor = f.cursor ? decodeCursor(f.cursor) : null;
  // Only open statuses asked: say so literally, so the planner can use the partial index of open events.
  const openOnly = statuses.every((s) => s === 'pending' || s === 'delivered');
  const now = clock(12);
  const rows = await sql.query<EventRow>(
    `select ${columns(13, now)}
       from agent_events e
      where e.tenant_id = $1
        ${openOnly ? `and e.status in ('pending', 'delivered')` : ''}
        and ${effectiveStatus(13, now)} = any($2::text[])
        and ($3::text[] is null or e.type = any($3::text[]))
        and ($4::text is null or e.agent_id = $4)
        and ($5::text is null or e.service = $5)
        and ($6::text is null or e.resource_id = $6)
        and ($7::timestamptz is null or e.created_at >= $7)
        and ($8::timestamptz is null or e.created_at < $8)
        and ($9::text is null or (e.created_at, e.event_id) > (${FROM_CURSOR_SQL('$9')}, $10::uuid))
      order by e.created_at, e.event_id
      limit $11`,
    [
      tenantId,
      statuses,
      f.types && f.types.length ? f.types : null,
      f.agentId ?? null,
      f.service ?? null,
      f.resourceId ?? null,
      f.from ?? null,
      f.to ?? null,
      cursor?.us ?? null,
      cursor?.id ?? null,
      limit + 1,
      at ?? null,
      policy.retentionSeconds,
    ],
  );
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    events: page.map(toRecord),
    nextCursor: rows.length > limit && last ? encodeCursor(last.created_us, last.event_id) : null,
  };
}
