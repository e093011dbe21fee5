import type { Database, Sql } from '@tender/platform';
import { EVENTS_CHANNEL } from '../eventLog/index.ts';
import { AgentError } from '../http/errors.ts';
import { formatUsdt } from '../owner/ownerViews.ts';
import { auditOperator } from './operatorAudit.ts';

interface TenantRow {
  id: string;
  wallet_address: string;
  created_at: Date;
  suspended_at: Date | null;
  suspended_reason: string | null;
  mailboxes: number;
  messages: number;
  open_events: number;
  live_tokens: number;
  payments: number;
  spent_units: string;
}

const TENANT_SELECT = `
  select a.id, a.wallet_address, a.created_at, a.suspended_at, a.suspended_reason,
         (select count(*)::int from agent_mailboxes m where m.tenant_id = a.id and m.deleted_at is null) as mailboxes,
         (select count(*)::int from agent_email_messages e where e.tenant_id = a.id) as messages,
         (select count(*)::int from agent_events v where v.tenant_id = a.id and v.status in ('pending', 'delivered')) as open_events,
         (select count(*)::int from agent_access_tokens t where t.tenant_id = a.id and t.revoked_at is null) as live_tokens,
         (select count(*)::int from agent_paid_requests p
           where p.wallet_address = a.wallet_address and p.state in ('settled', 'completed')) as payments,
         (select coalesce(sum(p.amount_units), 0)::text from agent_paid_requests p
           where p.wallet_address = a.wallet_address and p.state in ('settled', 'completed')) as spent_units
    from agent_tenants a`;

function view(r: TenantRow) {
  return {
    tenantId: r.id,
    walletAddress: r.wallet_address,
    createdAt: r.created_at.toISOString(),
    status: r.suspended_at ? 'suspended' : 'active',
    suspendedAt: r.suspended_at?.toISOString() ?? null,
    suspendedReason: r.suspended_reason,
    resources: { mailboxes: r.mailboxes, messages: r.messages, openEvents: r.open_events, liveTokens: r.live_tokens },
    spend: {
      payments: r.payments,
      amountUnits: r.spent_units,
      amount: formatUsdt(BigInt(r.spent_units)),
      currency: 'USDT',
    },
  };
}

export async function listTenants(sql: Sql, limit: number) {
  const rows = await sql.query<TenantRow>(`${TENANT_SELECT} order by a.created_at desc, a.id limit $1`, [limit]);
  return rows.map(view);
}

export async function getTenant(sql: Sql, tenantId: string) {
  const rows = await sql.query<TenantRow>(`${TENANT_SELECT} where a.id = $1`, [tenantId]);
  if (!rows[0]) throw new AgentError('RESOURCE_NOT_FOUND', `No tenant ${tenantId}`);
  return view(rows[0]);
}

/**
 * Suspends or resumes a tenant, audited in the same transaction. Suspended: every call with its token answers
 * TENANT_SUSPENDED before any challenge, and a start-here payment from its wallet is refused before settlement.
 */
export async function setTenantSuspended(
  db: Database,
  p: { tenantId: string; suspended: boolean; reason: string | null; operator: string; ip: string },
) {
  return db.tx(async (tx) => {
    const rows = await tx.query<{ id: string }>(
      p.suspended
        ? `update agent_tenants set suspended_at = coalesce(suspended_at, now()), suspended_reason = $2 where id = $1 returning id`
        : `update agent_tenants set suspended_at = null, suspended_reason = null where id = $1 and $2::text is null returning id`,
      [p.tenantId, p.reason],
    );
    if (!rows[0]) throw new AgentError('RESOURCE_NOT_FOUND', `No tenant ${p.tenantId}`);
    // Gateways close the tenant's open sockets when this commits (payload `s:<tenant id>`, realtime/gateway.ts).
    if (p.suspended) await tx.query(`select pg_notify($1, $2)::text`, [db.channel(EVENTS_CHANNEL), `s:${p.tenantId}`]);
    await auditOperator(tx, {
      operator: p.operator,
      action: p.suspended ? 'tenant.suspend' : 'tenant.resume',
      target: p.tenantId,
      details: p.reason ? { reason: p.reason } : {},
      ip: p.ip,
    });
    return getTenant(tx, p.tenantId);
  });
}
