import type { GatewayContext } from '../context.ts';

/** Operational state per network and job queue depth. Contains no merchant data. */
export async function publicStatus(ctx: GatewayContext): Promise<Record<string, unknown>> {
  let database = 'ok';
  let queues: { queue: string; depth: number; oldest_age_seconds: number }[] = [];
  try {
    const rows = await ctx.db.query<{ queue: string; depth: string; oldest: number | null }>(
      `select queue, count(*) as depth, extract(epoch from now() - min(run_at))::float8 as oldest
         from jobs where state = 'queued' and run_at <= now() group by queue order by queue`,
    );
    queues = rows.map((r) => ({
      queue: r.queue,
      depth: Number(r.depth),
      oldest_age_seconds: Math.max(0, Math.round(r.oldest ?? 0)),
    }));
  } catch {
    database = 'unavailable';
  }
  return {
    status: database === 'ok' ? 'operational' : 'degraded',
    database,
    networks: ctx.networks.map((n) => ({
      network: n.id,
      environment: n.environment,
      state: n.rpcUrl ? 'operational' : 'unavailable',
    })),
    queues,
  };
}
