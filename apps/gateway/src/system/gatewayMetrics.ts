import { registerJobMetrics, type Metrics } from '@tender/platform';
import type { GatewayContext } from '../context.ts';
import { relayerGas, type RelayerGas } from '../settlement/relayerGas.ts';
import { openIncidents } from '../watcher/chainIncidents.ts';
import { deliveryStats, type DeliveryStats } from '../webhooks/deliveryStats.ts';

/**
 * Gateway gauges beside the HTTP latency histogram: the shared job queues, and per network the chain watcher's
 * progress (last processed block and how long ago the cursor moved — a stuck or lagging watcher shows as a growing
 * age). Read from the database at scrape time, so any process reports the cluster-wide truth.
 */
export function registerGatewayMetrics(metrics: Metrics, ctx: GatewayContext): void {
  registerJobMetrics(metrics, ctx.db);
  // Webhook deliveries are their own jobs (not in `jobs`): their backlog, read once per scrape.
  let cached: { at: number; stats: Promise<DeliveryStats | undefined> } | undefined;
  const webhooks = () => {
    if (!cached || Date.now() - cached.at > 1000) {
      cached = { at: Date.now(), stats: deliveryStats(ctx.db).catch(() => undefined) };
    }
    return cached.stats;
  };
  const webhookGauge = (name: string, help: string, pick: (s: DeliveryStats) => number) =>
    metrics.gauge(name, help, [], async (g) => {
      g.reset();
      const s = await webhooks();
      if (s) g.set({}, pick(s));
    });
  webhookGauge('tender_webhook_deliveries_due', 'Webhook deliveries due now (backlog)', (s) => s.due);
  webhookGauge('tender_webhook_deliveries_scheduled', 'Webhook deliveries waiting for a retry', (s) => s.scheduled);
  webhookGauge('tender_webhook_deliveries_leased', 'Webhook deliveries being sent (under a lease)', (s) => s.leased);
  webhookGauge(
    'tender_webhook_deliveries_oldest_due_age_seconds',
    'Age of the oldest due webhook delivery',
    (s) => s.oldestDueAgeSeconds,
  );
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
  // Gas watch (settlement/relayerGas.ts): each relayer's balance, read from its chain (cached a few seconds).
  const gas = async () =>
    (
      await Promise.all(
        ctx.networkRegistry.all
          .filter((n) => n.available)
          .map((n) => relayerGas(n, ctx.networkRegistry.relayerMinSweeps)),
      )
    ).filter((g): g is RelayerGas => g !== undefined);
  metrics.gauge('tender_relayer_balance_wei', "The relayer's native balance on the network", ['network'], async (g) => {
    g.reset();
    for (const r of await gas()) g.set({ network: r.network }, Number(r.balanceWei));
  });
  metrics.gauge(
    'tender_relayer_sweeps_affordable',
    "Sweeps the relayer's balance pays for at the network's current gas price",
    ['network'],
    async (g) => {
      g.reset();
      for (const r of await gas()) g.set({ network: r.network }, r.sweepsAffordable);
    },
  );
  metrics.gauge(
    'tender_relayer_low_gas',
    '1 while the relayer pays for fewer than RELAYER_MIN_SWEEPS sweeps (the network is degraded, sweeps wait)',
    ['network'],
    async (g) => {
      g.reset();
      for (const r of await gas()) g.set({ network: r.network }, r.low ? 1 : 0);
    },
  );
}
