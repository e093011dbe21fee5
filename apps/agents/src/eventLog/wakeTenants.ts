import type { Database } from '@tender/platform';
import { EVENTS_CHANNEL } from './eventRecord.ts';

/**
 * Wakes the gateways holding sockets of these tenants (`n:<tenant>`), in a transaction of its own on the database's
 * notify connection (never queued behind the pool's statements).
 */
export async function wakeTenants(db: Database, tenantIds: readonly string[]): Promise<void> {
  await db.notify(
    db.channel(EVENTS_CHANNEL),
    [...new Set(tenantIds)].map((t) => `n:${t}`),
  );
}
