import { registerJobMetrics, type Metrics } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { openIncidents } from '../watcher/chainIncidents.ts';

/**
 * Gateway gauges beside the HTTP latency histogram: the shared job queues, and per network the chain watcher's
 * progress (last processed block and how long ago the cursor moved — a stuck or lagging watcher shows as a growing
 * age). Read from the database at scrape time, so any process reports the cluster-wide truth.
 */
export function registerGatewayMetrics(metrics: Metrics, ctx: GatewayContext): void {
  registerJobMetrics(metrics, ctx.db);
  const cursors = () =>
    ctx.db
      .query<{ network: string; block_number: string | null; age: number }>(
        `select network, block_number, extract(epoch from now() - updated_at)::float8 as age from watcher_cursors`,
      )
      .catch(() => []);
  metrics.gauge('tender_watcher_block', 'Last block the chain watcher processed', ['network'], async (g) => {
    g.reset();
    for (const c of await cursors()) if (c.block_number !== null) g.set({ network: c.network }, Number(c.block_number));
  });
  metrics.gauge(
    'tender_watcher_lag_seconds',
    'Seconds since the chain watcher last advanced its cursor',
    ['network'],
    async (g) => {
      g.reset();
      for (const c of await cursors()) g.set({ network: c.network }, Math.max(0, c.age));
    },
  );
  metrics.gauge(
    'tender_chain_incident',
    '1 while final facts recorded on the network are no longer on its chain (the network is degraded)',
    ['network'],
    async (g) => {
      g.reset();
      for (const n of ctx.networkRegistry.all) if (n.available) g.set({ network: n.id }, 0);
      for (const i of await openIncidents(ctx.db).catch(() => [])) g.set({ network: i.network }, 1);
    },
  );
}
