import type { Sql } from '@tender/platform';
import { newEventId } from '../eventLog/eventId.ts';
import { recordEvent, wakeAfterCommit } from '../eventLog/index.ts';
import { COMPLETE_UPDATE, completeParams, type CompletedPaidRequest, type Completion } from './paidRequests.ts';

/**
 * payment.completed / payment.failed: one durable event per x402 settlement of a tenant, for every paid service.
 *
 * completed is written by the statement that completes the paid request (which commits once per row), so
 * a settlement that was performed, stored and answered yields exactly one event, whatever retries happened (a
 * provider failure after settlement: the event comes with the completing retry). failed is written when a
 * settlement or its verification fails definitively (nothing was charged), for payers that are tenants already;
 * a wallet that never completed a request has no inbox to receive it.
 */
async function tenantOf(sql: Sql, walletAddress: string): Promise<string | null> {
  const rows = await sql.query<{ id: string }>(`select id from agent_tenants where wallet_address = $1`, [
    walletAddress,
  ]);
  return rows[0]?.id ?? null;
}

const units = (u: string) => {
  const s = u.padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`.replace(/(\.\d*?[1-9])0+$|\.0+$/, '$1');
};

/**
 * Completes the paid request (markCompleted's update, fenced by the lease) and records its payment.completed event,
 * in ONE statement: a round trip fewer on every paid request than the update, then the insert. The event says what
 * the completed row says (its settlement transaction may have been recorded by an earlier holder), so its fields are
 * read from the update's result in SQL, the same fields and formats payment.failed writes from JS (amount: units of
 * 10^-6 USDT without trailing zeros). No event when the lease was not held (no row), nor for a payer with no tenant
 * (no inbox). `tenantId`, when the caller knows the payer's tenant, saves looking it up.
 */
export async function completeWithPaymentEvent(
  sql: Sql,
  c: Completion & { tenantId?: string | undefined },
): Promise<CompletedPaidRequest | null> {
  const eventId = newEventId();
  const rows = await sql.query<CompletedPaidRequest & { woken: string | null }>(
    `with completed as (${COMPLETE_UPDATE}),
     payer as (
       select coalesce($7::uuid, (select t.id from agent_tenants t where t.wallet_address = c.wallet_address)) as id
         from completed c
     ), event as (
       insert into agent_events (event_id, tenant_id, type, source, service, resource_id, payload, dedupe_key)
       select $8::uuid, p.id, 'payment.completed', 'agentos.internal', c.service_id, c.id::text,
              jsonb_build_object('type', 'payment.completed', 'eventId', $8::text, 'paidRequestId', c.id,
                'serviceId', c.service_id, 'amount', trim_scale(c.amount_units::numeric / 1000000)::text,
                'amountUnits', c.amount_units, 'currency', 'USDT', 'network', c.network, 'asset', c.asset,
                'payer', c.wallet_address, 'transaction', nullif(c.settlement_tx, ''),
                'responseStatus', c.response_status),
              'payment.completed:' || c.id
         from completed c, payer p
        where p.id is not null
       on conflict (dedupe_key) do nothing
       returning tenant_id
     )
     select c.*, (select tenant_id from event) as woken from completed c`,
    [...completeParams(c), c.tenantId ?? null, eventId],
  );
  const row = rows[0];
  if (!row) return null;
  const { woken, ...completed } = row;
  if (woken) wakeAfterCommit(sql, [woken]);
  return completed;
}

export interface FailedPayment {
  walletAddress: string;
  serviceId: string;
  amountUnits: string;
  network: string;
  asset: string;
  proofHash: string;
  reason: string;
}

export async function recordPaymentFailed(sql: Sql, p: FailedPayment): Promise<void> {
  const tenantId = await tenantOf(sql, p.walletAddress);
  if (!tenantId) return;
  await recordEvent(sql, {
    tenantId,
    type: 'payment.failed',
    source: 'agentos.internal',
    service: p.serviceId,
    fields: {
      serviceId: p.serviceId,
      amount: units(p.amountUnits),
      amountUnits: p.amountUnits,
      currency: 'USDT',
      network: p.network,
      asset: p.asset,
      payer: p.walletAddress,
      reason: p.reason,
      charged: false,
    },
    dedupeKey: `payment.failed:${p.proofHash}`,
  });
}
