import type { Sql } from '../db/database.ts';

/**
 * The tables operator actions are written to: each service keeps its own (its own migrations), with the same
 * columns (id, at, operator, action, target, details jsonb, remote_ip).
 */
export type OperatorAuditTable = 'agent_operator_audit' | 'gateway_operator_audit';

export interface OperatorAction {
  operator: string;
  action: string;
  target: string | null;
  details?: Record<string, unknown>;
  ip: string;
}

export interface OperatorAuditEntry {
  id: string;
  at: string;
  operator: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
  remoteIp: string | null;
}

/** Appends one operator action (in the transaction of the action when given one, so both commit or neither). */
export async function auditOperatorAction(sql: Sql, table: OperatorAuditTable, e: OperatorAction): Promise<void> {
  // As text cast to jsonb: postgres.js would otherwise JSON-encode the string a second time (a jsonb string).
  await sql.query(
    `insert into ${table} (operator, action, target, details, remote_ip) values ($1, $2, $3, $4::text::jsonb, $5)`,
    [e.operator, e.action, e.target, JSON.stringify(e.details ?? {}), e.ip],
  );
}

/** Operator actions, newest first. */
export async function readOperatorAudit(
  sql: Sql,
  table: OperatorAuditTable,
  limit: number,
): Promise<OperatorAuditEntry[]> {
  const rows = await sql.query<{
    id: string;
    at: Date;
    operator: string;
    action: string;
    target: string | null;
    details: Record<string, unknown>;
    remote_ip: string | null;
  }>(
    // `details` is always an object: a check on each table since the migrations that rewrote the rows stored as a
    // jsonb string before the insert cast its text (gateway 0890, agents 0450).
    `select id::text, at, operator, action, target, details, remote_ip
       from ${table} order by at desc, id desc limit $1`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    operator: r.operator,
    action: r.action,
    target: r.target,
    details: r.details,
    remoteIp: r.remote_ip,
  }));
}
