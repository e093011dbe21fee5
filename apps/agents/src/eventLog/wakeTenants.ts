import type { Database } from '@tender/platform';
import { EVENTS_CHANNEL } from './eventRecord.ts';

/**
 * Wakes the gateways holding sockets of these tenants (`n:<tenant>`, or `n:<tenant>/<origin>` from a process's
 * waker: wakeAfterCommit), in a transaction of its own on the database's notify connection (never queued behind the
 * pool's statements).
 */
export async function wakeTenants(db: Database, tenantIds: readonly string[], origin?: string): Promise<void> {
  const suffix = origin ? `/${origin}` : '';
  await db.notify(
    db.channel(EVENTS_CHANNEL),
    [...new Set(tenantIds)].map((t) => `n:${t}${suffix}`),
  );
}

/** A wake-up payload's tenant and origin (`n:` stripped): `<tenant>` or `<tenant>/<origin>`. */
export function parseWake(rest: string): { tenantId: string; origin: string | null } {
  const slash = rest.indexOf('/');
  return slash < 0
    ? { tenantId: rest, origin: null }
    : { tenantId: rest.slice(0, slash), origin: rest.slice(slash + 1) };
}
