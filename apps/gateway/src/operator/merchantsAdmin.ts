// The console's merchants: search, detail, suspend and resume. A suspended merchant is refused at authentication
// (its API keys and sessions answer 403 MERCHANT_SUSPENDED: http/authenticate.ts) and its hosted pages open no new
// payment (payments/takingPayments.ts); what was already paid still settles, because the watcher and the sweeps never
// read the suspension.
import { auditOperatorAction, type Sql } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { GatewayError } from '../http/errors.ts';

interface MerchantRow {
  id: string;
  business_name: string;
  is_dev: boolean;
  created_at: Date;
  suspended_at: Date | null;
  suspended_reason: string | null;
  owner_email: string | null;
  users: number;
  live_keys: number;
  payments: number;
}

const MERCHANT_SELECT = `
  select m.id, m.business_name, m.is_dev, m.created_at, m.suspended_at, m.suspended_reason,
         (select u.email from merchant_members mm join users u on u.id = mm.user_id
           where mm.merchant_id = m.id and mm.role = 'owner' order by mm.created_at limit 1) as owner_email,
         (select count(*)::int from merchant_members mm where mm.merchant_id = m.id) as users,
         (select count(*)::int from api_keys k where k.merchant_id = m.id and k.revoked_at is null) as live_keys,
         (select count(*)::int from payment_intents p where p.merchant_id = m.id) as payments
    from merchants m`;

function view(r: MerchantRow) {
  return {
    id: r.id,
    businessName: r.business_name,
    ownerEmail: r.owner_email,
    isDev: r.is_dev,
    createdAt: r.created_at.toISOString(),
    status: r.suspended_at ? ('suspended' as const) : ('active' as const),
    suspendedAt: r.suspended_at?.toISOString() ?? null,
    suspendedReason: r.suspended_reason,
    users: r.users,
    liveApiKeys: r.live_keys,
    payments: r.payments,
  };
}

export type MerchantView = ReturnType<typeof view>;

/**
 * Merchants whose id, business name or a user's email contains `q` (case-insensitive; all when empty), newest first.
 * `%` and `_` in `q` are matched literally.
 */
export async function searchMerchants(sql: Sql, q: string, limit: number): Promise<MerchantView[]> {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await sql.query<MerchantRow>(
    `${MERCHANT_SELECT}
      where $1 = '' or m.id ilike $2 or m.business_name ilike $2
         or exists (select 1 from merchant_members mm join users u on u.id = mm.user_id
                    where mm.merchant_id = m.id and u.email ilike $2)
      order by m.created_at desc, m.id desc limit $3`,
    [q, pattern, limit],
  );
  return rows.map(view);
}

/** One merchant with its payments by status and its members (merchant_members: joined people too); 404 when unknown. */
export async function getMerchant(sql: Sql, merchantId: string) {
  const [row] = await sql.query<MerchantRow>(`${MERCHANT_SELECT} where m.id = $1`, [merchantId]);
  if (!row) throw new GatewayError('RESOURCE_NOT_FOUND', `No merchant ${merchantId}`);
  const [byStatus, users] = await Promise.all([
    sql.query<{ environment: string; status: string; n: number }>(
      `select environment, status, count(*)::int as n from payment_intents where merchant_id = $1
        group by environment, status order by environment, status`,
      [merchantId],
    ),
    sql.query<{ id: string; email: string | null; role: string; created_at: Date }>(
      `select u.id, u.email, mm.role, mm.created_at from merchant_members mm join users u on u.id = mm.user_id
        where mm.merchant_id = $1 order by mm.created_at limit 100`,
      [merchantId],
    ),
  ]);
  return {
    ...view(row),
    paymentsByStatus: byStatus.map((b) => ({ environment: b.environment, status: b.status, count: b.n })),
    members: users.map((u) => ({ id: u.id, email: u.email, role: u.role, createdAt: u.created_at.toISOString() })),
  };
}

/**
 * Suspends or resumes a merchant, audited in the same transaction. Every process drops its cached lookups of the
 * merchant's keys at commit (the api_key_changes channel the keys' own trigger uses), this one at once, so the very
 * next request of any key of the merchant is answered by the new state. Sessions are read from the database on each
 * request. Suspending a suspended merchant (or resuming an active one) changes nothing and is not audited again.
 */
export async function setMerchantSuspended(
  ctx: GatewayContext,
  p: { merchantId: string; suspended: boolean; reason: string | null; operator: string; ip: string },
): Promise<{ merchant: Awaited<ReturnType<typeof getMerchant>>; changed: boolean }> {
  const changed = await ctx.db.tx(async (tx) => {
    const rows = await tx.query(
      p.suspended
        ? `update merchants set suspended_at = now(), suspended_reason = $2 where id = $1 and suspended_at is null
           returning id`
        : `update merchants set suspended_at = null, suspended_reason = null where id = $1 and suspended_at is not null
           returning id`,
      p.suspended ? [p.merchantId, p.reason] : [p.merchantId],
    );
    if (rows.length === 0) {
      const [exists] = await tx.query('select 1 from merchants where id = $1', [p.merchantId]);
      if (!exists) throw new GatewayError('RESOURCE_NOT_FOUND', `No merchant ${p.merchantId}`);
      return false;
    }
    await tx.query(`select pg_notify($2, token_hash) from api_keys where merchant_id = $1`, [
      p.merchantId,
      ctx.db.channel('api_key_changes'),
    ]);
    await auditOperatorAction(tx, 'gateway_operator_audit', {
      operator: p.operator,
      action: p.suspended ? 'merchant.suspend' : 'merchant.resume',
      target: p.merchantId,
      details: p.reason ? { reason: p.reason } : {},
      ip: p.ip,
    });
    return true;
  });
  ctx.apiKeys.forgetMerchant(p.merchantId);
  return { merchant: await getMerchant(ctx.db, p.merchantId), changed };
}
