import { newId, type Sql } from '@tender/platform';
import type { Actor } from '../auth/principal.ts';
import { decodeSeqCursor, encodeCursor } from '../http/cursor.ts';
import type { Environment } from '../tenant.ts';

export interface AuditInput {
  merchantId: string;
  /** Dotted verb, e.g. `auth.login.succeeded`, `api_key.created`, `payment_intent.created`. */
  action: string;
  actor: Actor;
  target?: { type: string; id: string } | null;
  /** The environment the action happened in; null for account-wide actions (sign-in, email). */
  environment?: Environment | null;
  /** Non-secret facts worth keeping (never a token, password or key). */
  data?: Record<string, unknown>;
  at: Date;
}

/**
 * Appends one event to a merchant's audit log. Pass the transaction of the change being recorded, so the event
 * exists if and only if the change commits (later money-moving operations call this inside their own tx).
 */
export async function audit(sql: Sql, e: AuditInput): Promise<string> {
  const id = newId('aev');
  await sql.query(
    `insert into audit_events
       (id, merchant_id, environment, action, actor_type, actor_id, target_type, target_id, ip, data, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::text::jsonb, $11)`,
    [
      id,
      e.merchantId,
      e.environment ?? null,
      e.action,
      e.actor.type,
      e.actor.id,
      e.target?.type ?? null,
      e.target?.id ?? null,
      e.actor.ip,
      // As text cast to jsonb: postgres.js would otherwise JSON-encode the string a second time.
      JSON.stringify(e.data ?? {}),
      e.at,
    ],
  );
  return id;
}

export interface AuditEvent {
  id: string;
  action: string;
  environment: Environment | null;
  actor: { type: Actor['type']; id: string | null };
  target: { type: string; id: string } | null;
  ip: string | null;
  data: Record<string, unknown>;
  createdAt: Date;
}

interface AuditRow {
  seq: string;
  id: string;
  action: string;
  environment: Environment | null;
  actor_type: Actor['type'];
  actor_id: string | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  data: Record<string, unknown>;
  created_at: Date;
}

/**
 * A page of the merchant's audit log, newest first. A caller sees account-wide events and those of its own
 * environment: a test key never reads what happened in live mode, and the reverse.
 */
export async function listAuditEvents(
  sql: Sql,
  p: { merchantId: string; environment: Environment; limit: number; cursor?: string | undefined },
): Promise<{ events: AuditEvent[]; nextCursor: string | null }> {
  const before = p.cursor ? decodeSeqCursor(p.cursor, 'a') : null;
  const rows = await sql.query<AuditRow>(
    `select seq, id, action, environment, actor_type, actor_id, target_type, target_id, ip, data, created_at
       from audit_events
      where merchant_id = $1 and (environment is null or environment = $2) and ($3::bigint is null or seq < $3::bigint)
      order by seq desc
      limit $4`,
    [p.merchantId, p.environment, before, p.limit + 1],
  );
  const page = rows.slice(0, p.limit);
  const last = page[page.length - 1];
  return {
    events: page.map((r) => ({
      id: r.id,
      action: r.action,
      environment: r.environment,
      actor: { type: r.actor_type, id: r.actor_id },
      target: r.target_type && r.target_id ? { type: r.target_type, id: r.target_id } : null,
      ip: r.ip,
      data: r.data,
      createdAt: r.created_at,
    })),
    nextCursor: rows.length > p.limit && last ? encodeCursor(['a', String(last.seq)]) : null,
  };
}
