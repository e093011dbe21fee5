import { auditOperatorAction, readOperatorAudit, type OperatorAction, type Sql } from '@tender/platform';

/** Appends one operator action to agent_operator_audit (in the transaction of the action when given one). */
export async function auditOperator(sql: Sql, e: OperatorAction): Promise<void> {
  await auditOperatorAction(sql, 'agent_operator_audit', e);
}

export function readAudit(sql: Sql, limit: number) {
  return readOperatorAudit(sql, 'agent_operator_audit', limit);
}
