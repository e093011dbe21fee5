import { queueStats } from '@tender/platform';
import { openIncidents, type OpenIncident } from '../watcher/chainIncidents.ts';
import { deliveryStats } from '../webhooks/deliveryStats.ts';
import { WEBHOOK_DELIVERY_WAKE } from '../webhooks/deliveryWake.ts';
import type { GatewayContext } from '../context.ts';
import { relayerGas } from '../settlement/relayerGas.ts';

/**
 * Operational state per network (configured or not, and how far its watcher has come) and job queue depth.
 * Contains no merchant data: no ids, amounts or addresses.
 */
export async function publicStatus(ctx: GatewayContext): Promise<Record<string, unknown>> {
  let database = 'ok';
  let queues: Awaited<ReturnType<typeof queueStats>> = [];
  let cursors = new Map<string, { block: string | null; age: number }>();
  let incidents = new Map<string, OpenIncident>();
  try {
    queues = await queueStats(ctx.db);
    // Webhook deliveries are their own jobs (not in `jobs`): shown as the queue they were, when not empty.
    const w = await deliveryStats(ctx.db);
    if (w.due + w.scheduled + w.leased > 0) {
      queues.push({
        queue: WEBHOOK_DELIVERY_WAKE,
        depth: w.due,
        scheduled: w.scheduled,
        running: w.leased,
        dead: 0, // a delivery that gives up is failed in the delivery log, not a dead job
        oldestDueAgeSeconds: w.oldestDueAgeSeconds,
      });
      queues.sort((a, b) => a.queue.localeCompare(b.queue));
    }
    incidents = new Map((await openIncidents(ctx.db)).map((i) => [i.network, i]));
    const rows = await ctx.db.query<{ network: string; block_number: string | null; age: number }>(
      `select network, block_number, extract(epoch from now() - updated_at)::float8 as age from watcher_cursors`,
    );
    cursors = new Map(rows.map((r) => [r.network, { block: r.block_number, age: r.age }]));
  } catch {
    database = 'unavailable';
  }
  // Gas watch: read per network (cached a few seconds, settlement/relayerGas.ts); shown as a state and a reason,
  // never the relayer's address or balance.
  const lowGas = new Set(
    (
      await Promise.all(
        ctx.networkRegistry.all
          .filter((n) => n.available)
          .map((n) => relayerGas(n, ctx.networkRegistry.relayerMinSweeps)),
      )
    )
      .filter((g) => g?.low)
      .map((g) => g!.network),
  );
  const networks = ctx.networkRegistry.all.map((n) => {
    const c = cursors.get(n.id);
    const incident = incidents.get(n.id);
    const starved = !incident && lowGas.has(n.id);
    // An open incident: final facts the chain no longer holds (watcher/chainIncidents.ts). Counts and block
    // numbers only, no merchant data.
    return {
      network: n.id,
      environment: n.environment,
      state: !n.available ? 'unavailable' : incident || starved ? 'degraded' : 'operational',
      ...(n.available ? {} : { reason: n.unavailableReason }),
      ...(starved ? { reason: 'the relayer is low on gas: settlements wait until it is funded' } : {}),
      ...(incident
        ? {
            reason:
              'final payments recorded above block ' +
              `${incident.agreedBlock} are no longer on the chain; the watcher stopped recording until it agrees again`,
            incident: {
              kind: incident.kind,
              agreed_block: Number(incident.agreedBlock),
              recorded_block: Number(incident.recordedBlock),
              head_block: Number(incident.headBlock),
              final_transfers: incident.finalTransfers,
              detected_at: incident.detectedAt.toISOString(),
            },
          }
        : {}),
      watcher: c
        ? { block: c.block === null ? null : Number(c.block), seconds_since_advance: Math.round(c.age) }
        : null,
    };
  });
  return {
    status: database === 'ok' && incidents.size === 0 && lowGas.size === 0 ? 'operational' : 'degraded',
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
