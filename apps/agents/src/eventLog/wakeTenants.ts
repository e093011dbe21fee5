import type { Database } from '@tender/platform';
import { EVENTS_CHANNEL } from './eventRecord.ts';
import { notify } from './notify.ts';

/** Wakes the gateways holding sockets of these tenants (`n:<tenant>`), in a transaction of its own. */
export async function wakeTenants(db: Database, tenantIds: readonly string[]): Promise<void> {
  await notify(
    db,
    db.channel(EVENTS_CHANNEL),
    [...new Set(tenantIds)].map((t) => `n:${t}`),
  );
}
