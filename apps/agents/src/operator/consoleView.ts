import type { AgentsContext } from '../context.ts';
import { listTenants } from './tenantsAdmin.ts';

/**
 * What the gateway's operator console shows of the agent services when both run in one process (`tender start`
 * hands it to the gateway): the tenants, newest first, and each service's availability with the operator's
 * switches. Actions stay on this service's own admin API.
 */
export async function agentsConsoleView(ctx: AgentsContext, limit: number) {
  const tenants = await listTenants(ctx.db, limit);
  const off = ctx.catalog.operatorDisabled;
  return {
    tenants: tenants.map((t) => ({
      tenantId: t.tenantId,
      walletAddress: t.walletAddress,
      status: t.status,
      suspendedReason: t.suspendedReason,
      createdAt: t.createdAt,
    })),
    services: ctx.catalog.records.map((r) => ({
      serviceId: r.serviceId,
      available: r.available,
      unavailableReason: r.unavailableReason ?? null,
      turnedOffByOperator: off.has(r.serviceId),
    })),
  };
}
