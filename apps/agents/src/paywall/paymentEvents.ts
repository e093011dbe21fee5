import type { Sql } from '@tender/platform';
import { recordEvent } from '../eventLog/index.ts';
import type { CompletedPaidRequest } from './paidRequests.ts';

/**
 * payment.completed / payment.failed: one durable event per x402 settlement of a tenant, for every paid service.
 *
 * completed is written in the transaction that completes the paid request (markCompleted commits once per row), so
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
 * In the transaction that completed the paid request, from what markCompleted returned. `tenantId`, when the caller
 * knows the payer's tenant, saves reading it again.
 */
export async function recordPaymentCompleted(sql: Sql, p: CompletedPaidRequest, tenantId?: string): Promise<void> {
  tenantId ??= (await tenantOf(sql, p.wallet_address)) ?? undefined;
  if (!tenantId) return;
  const paidRequestId = p.id;
  await recordEvent(sql, {
    tenantId,
    type: 'payment.completed',
    source: 'agentos.internal',
    service: p.service_id,
    resourceId: paidRequestId,
    fields: {
      paidRequestId,
      serviceId: p.service_id,
      amount: units(p.amount_units),
      amountUnits: p.amount_units,
      currency: 'USDT',
      network: p.network,
      asset: p.asset,
      payer: p.wallet_address,
      transaction: p.settlement_tx || null,
      responseStatus: p.response_status,
    },
    dedupeKey: `payment.completed:${paidRequestId}`,
  });
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
