// The transactional outbox of outgoing events (table gateway_events). A row is written by the transaction that
// makes the change it announces, so it exists if and only if that change committed, exactly once. The subscribers
// (webhooks' fan-out) see it in the same transaction (ctx.plugs.outboxSubscribers), and GET /v1/events reads these rows
// (events/); nothing here talks to the network.
import { newId, type Sql } from '@tender/platform';
import type { OutboxSubscriber } from './outboxSubscriber.ts';
import type { Environment } from '../tenant.ts';

export interface OutgoingEvent {
  merchantId: string;
  environment: Environment;
  type: string;
  paymentId: string | null;
  /** The resource as the API returns it (for payment events it includes `order_reference`). */
  object: Record<string, unknown>;
  /** More fields of `data` beside `object`, e.g. the excess of payment.overpaid. */
  extra?: Record<string, unknown>;
  createdAt: Date;
}

/** Inserts one event; returns its id (`evt_…`). Must run on the transaction that makes the change. */
export async function emitEvent(
  ctx: { plugs: { outboxSubscribers: readonly OutboxSubscriber[] } },
  tx: Sql,
  e: OutgoingEvent,
): Promise<string> {
  const id = newId('evt');
  await tx.query(
    `insert into gateway_events (id, merchant_id, environment, livemode, type, payment_id, data, created_at)
     values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8)`,
    [
      id,
      e.merchantId,
      e.environment,
      e.environment === 'live',
      e.type,
      e.paymentId,
      JSON.stringify({ object: e.object, ...(e.extra ?? {}) }),
      e.createdAt,
    ],
  );
  // Subscribers, in registration order, committed with the event (webhooks: one delivery per subscribed endpoint).
  const emitted = { id, merchantId: e.merchantId, environment: e.environment, type: e.type, createdAt: e.createdAt };
  for (const subscriber of ctx.plugs.outboxSubscribers) await subscriber(tx, emitted);
  return id;
}

export interface StoredEvent {
  id: string;
  type: string;
  livemode: boolean;
  created_at: string;
  data: { object: Record<string, unknown>; [k: string]: unknown };
}

/** Events of one tenant, newest first, optionally of one payment (tests). */
export async function listEvents(
  sql: Sql,
  tenant: { merchantId: string; environment: Environment },
  opts: { paymentId?: string; limit?: number } = {},
): Promise<StoredEvent[]> {
  const rows = await sql.query<{
    id: string;
    type: string;
    livemode: boolean;
    created_at: Date;
    data: StoredEvent['data'];
  }>(
    `select id, type, livemode, created_at, data from gateway_events
     where merchant_id = $1 and environment = $2 and ($3::text is null or payment_id = $3)
     order by seq desc limit $4`,
    [tenant.merchantId, tenant.environment, opts.paymentId ?? null, opts.limit ?? 100],
  );
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}
