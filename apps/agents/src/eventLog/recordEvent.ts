import { newEventId } from './eventId.ts';
import { wakeAfterCommit } from './wakeAfterCommit.ts';
import type { Sql } from '@tender/platform';

/**
 * Sources of durable events (spec: internal AgentOS-state events carry `agentos.internal`). An event reports either
 * what a provider told us or a change of our own state:
 *  - `email`: email.received (the inbound SMTP server stored a message);
 *  - `phone`: phone.call.ended and the phone.reconciliation.* variants (the telephony provider's report or record);
 *  - `agentos.internal`: facts of our own state, with no provider report behind them: payment.completed and
 *    payment.failed (x402 settlements), phone.number.expiring (the sweep), phone.number.renewed and
 *    phone.number.released (the entitlement and the release we recorded).
 */
export type EventSource = 'email' | 'phone' | 'agentos.internal';

export interface NewEvent {
  tenantId: string;
  type: string;
  source: EventSource;
  /** Catalog service the event relates to (for filters), when any. */
  service?: string | null;
  resourceId?: string | null;
  agentId?: string | null;
  /** Event fields beyond type and eventId; never a message body or attachment. */
  fields: Record<string, unknown>;
  /** Names the fact: recording the same fact twice yields one event. */
  dedupeKey: string;
  expiresAt?: Date | null;
}

/**
 * Writes one durable event row (status pending) in the caller's transaction, idempotently by `dedupeKey`.
 * The payload is `{type, eventId, ...fields}`, the shape delivered to agents. Returns the event id and whether
 * this call created it. Delivery (WebSocket, REST replay, acknowledgement) reads these rows; a new event wakes the
 * gateways once the caller's transaction commits (wakeAfterCommit). `sql` is a Database or one of its transactions.
 */
export async function recordEvent(sql: Sql, e: NewEvent): Promise<{ eventId: string; created: boolean }> {
  const eventId = newEventId();
  const payload = { type: e.type, eventId, ...e.fields };
  const inserted = await sql.query<{ event_id: string }>(
    `insert into agent_events (event_id, tenant_id, type, source, service, resource_id, agent_id, payload, dedupe_key, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::text::jsonb, $9, $10)
     on conflict (dedupe_key) do nothing
     returning event_id`,
    [
      eventId,
      e.tenantId,
      e.type,
      e.source,
      e.service ?? null,
      e.resourceId ?? null,
      e.agentId ?? null,
      JSON.stringify(payload),
      e.dedupeKey,
      e.expiresAt ?? null,
    ],
  );
  if (inserted[0]) {
    wakeAfterCommit(sql, [e.tenantId]);
    return { eventId: inserted[0].event_id, created: true };
  }
  const existing = await sql.query<{ event_id: string }>(`select event_id from agent_events where dedupe_key = $1`, [
    e.dedupeKey,
  ]);
  return { eventId: existing[0]!.event_id, created: false };
}
