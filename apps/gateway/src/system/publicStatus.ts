import { queueStats } from '@tender/platform';
import { networkRegistryOf } from '../networks/registry.ts';
import type { GatewayContext } from '../context.ts';

/**
 * Operational state per network (configured or not, and how far its watcher has come) and job queue depth.
 * Contains no merchant data: no ids, amounts or addresses.
 */
export async function publicStatus(ctx: GatewayContext): Promise<Record<string, unknown>> {
  let database = 'ok';
  let queues: Awaited<ReturnType<typeof queueStats>> = [];
  let cursors = new Map<string, { block: string | null; age: number }>();
  try {
    queues = await queueStats(ctx.db);
    const rows = await ctx.db.query<{ network: string; block_number: string | null; age: number }>(
      `select network, block_number, extract(epoch from now() - updated_at)::float8 as age from watcher_cursors`,
    );
    cursors = new Map(rows.map((r) => [r.network, { block: r.block_number, age: r.age }]));
  } catch {
    database = 'unavailable';
  }
  const networks = networkRegistryOf(ctx).all.map((n) => {
    const c = cursors.get(n.id);
    return {
      network: n.id,
      environment: n.environment,
      state: n.available ? 'operational' : 'unavailable',
      ...(n.available ? {} : { reason: n.unavailableReason }),
      watcher: c
        ? { block: c.block === null ? null : Number(c.block), seconds_since_advance: Math.round(c.age) }
        : null,
    };
  });
  return {
    status: database === 'ok' ? 'operational' : 'degraded',
    database,
    networks,
    queues: queues.map((q) => ({
      queue: q.queue,
      depth: q.depth,
      scheduled: q.scheduled,
      running: q.running,
      dead: q.dead,
      oldest_age_seconds: Math.round(q.oldestDueAgeSeconds),
    })),
  };
}
