import type { Sql } from '@tender/platform';

/** Appends one operator action to agent_operator_audit (in the transaction of the action when given one). */
export async function auditOperator(
  sql: Sql,
  e: { operator: string; action: string; target: string | null; details?: Record<string, unknown>; ip: string },
): Promise<void> {
  await sql.query(
    `insert into agent_operator_audit (operator, action, target, details, remote_ip) values ($1, $2, $3, $4, $5)`,
    [e.operator, e.action, e.target, JSON.stringify(e.details ?? {}), e.ip],
  );
}

export async function readAudit(sql: Sql, limit: number) {
  const rows = await sql.query<{
    id: string;
    at: Date;
    operator: string;
    action: string;
    target: string | null;
    details: Record<string, unknown>;
    remote_ip: string | null;
  }>(
    `select id::text, at, operator, action, target, details, remote_ip from agent_operator_audit
      order by at desc, id desc limit $1`,
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
