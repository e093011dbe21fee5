// bench/events, Tender's side: PostgreSQL rows + the realtime WebSocket gateway in a child process (agentsProcess.ts).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { migrate } from '../../packages/platform/src/db/migrate.ts';
import { openDatabase } from '../../packages/platform/src/db/openDatabase.ts';
import { platformMigrations } from '../../packages/platform/src/db/platformMigrations.ts';
import type { Database } from '../../packages/platform/src/db/database.ts';
import { agentsMigrations } from '../../apps/agents/src/migrations.ts';
import { makeTenant } from '../../apps/agents/src/events/_test/eventsKit.ts';
import { issueRealtimeToken } from '../../apps/agents/src/realtime/realtimeTokens.ts';
import {
  insertEvents,
  insertEventsInCommit,
  recordOne,
  spawnAgents,
  type AgentsChild,
} from '../../apps/agents/src/realtime/_test/processes.ts';
import { TestClient, type Frame } from '../../apps/agents/src/realtime/_test/wsClient.ts';
import type { Figures, Side } from '../_lib/rounds.ts';
import {
  connectAll,
  mb,
  now,
  paced,
  pct,
  rssOf,
  settledRss,
  socketMemory,
  type SocketMemory,
  sleep,
  unsettled,
  until,
  type EventsConfig,
} from './common.ts';
import { benchGc, loopDelay, printStages, type ChildStages, type ProducerTrace } from './stages.ts';

/**
 * How the producer wakes the gateways: `default`, as recordEvent does (after its commit: a NOTIFY coalesced per
 * process, eventLog/wakeAfterCommit.ts), from this process to the gateway's; `in-commit`, the insert trigger's NOTIFY
 * inside its transaction (the default before migration 0440, now only on request); `in-process`, the default wake-up
 * of a producer in the gateway's own process (the agents child produces: no database round trip, as in
 * `tender start`).
 */
export type Wake = 'default' | 'in-commit' | 'in-process';
export const WAKES: readonly Wake[] = ['default', 'in-commit', 'in-process'];

export interface TenderBench {
  side: Side;
  /** RSS of a fresh gateway process per idle authenticated socket, at `sockets` sockets (after the rounds). */
  bytesPerIdleSocket(sockets: number): Promise<SocketMemory>;
  close(): Promise<void>;
}

export async function openTender(cfg: EventsConfig, wakes: readonly Wake[]): Promise<TenderBench> {
  const { url } = cfg;
  const schema = `bench_events_${randomBytes(4).toString('hex')}`;
  // Producers: 1,000 single-event transactions/s. A loaded shared machine may keep a connection waiting past 5 s, and
  // the in-commit wake-up's producers fall minutes behind there (their commits are serialised): the benchmark
  // measures that rather than stopping.
  const db: Database = await openDatabase({ url, schema, poolSize: 40, connectTimeoutSeconds: 900 });
  const children: AgentsChild[] = [];
  const clients: TestClient[] = [];
  await migrate(db, [...(await platformMigrations()), ...(await agentsMigrations())]);
  const server = await spawnAgents({ url, schema, env: { POOL_SIZE: '10', DELIVERY_STAGES: '1' } });
  children.push(server);
  const tenants = await Promise.all(Array.from({ length: cfg.tenants }, () => makeTenant(db)));
  const rts = await Promise.all(
    tenants.map((t) => issueRealtimeToken(db, { tenantId: t.id, authorization: `Bearer ${t.token}` })),
  );
  let confirmed = 0;
  const latencies: number[] = [];
  let measuring = false;
  const trace: ProducerTrace = { sent: new Map(), committed: new Map(), received: new Map() };
  for (let i = 0; i < cfg.tenants; i++) {
    const c = await TestClient.open(server.wsUrl, rts[i]!.token);
    clients.push(c);
    c.onDelivery = (ev: Frame) => {
      if (measuring && typeof ev.payload.t === 'number') {
        const t = now();
        latencies.push(t - ev.payload.t);
        trace.received.set(ev.eventId as string, t);
      }
      c.ack(ev.eventId as string);
    };
    c.ws.on('message', (d) => {
      if (d.toString().startsWith('{"type":"event.acknowledged"')) confirmed++;
    });
  }

  /** N events in statements of 500 rows (a batch producer); until every ack is confirmed by the server. */
  async function throughput(): Promise<number> {
    confirmed = 0;
    const t0 = performance.now();
    for (let i = 0; i < cfg.events; i += 500) {
      const rows = Array.from({ length: Math.min(500, cfg.events - i) }, (_, k) => ({
        tenantId: tenants[(i + k) % cfg.tenants]!.id,
        fields: { i: i + k },
      }));
      await insertEvents(db, rows);
    }
    await until('tender: all acknowledged', () => confirmed >= cfg.events);
    const totalMs = performance.now() - t0;
    const [left] = await db.query<{ n: string }>(
      `select count(*)::text as n from agent_events where status <> 'acknowledged'`,
    );
    if (left?.n !== '0') throw new Error(`tender: ${left?.n} events not acknowledged in the database`);
    return cfg.events / (totalMs / 1000);
  }

  /** Single-event transactions at cfg.rate, each carrying its send time; the figures of one wake mode. */
  async function latency(mode: Wake): Promise<Figures> {
    confirmed = 0;
    latencies.length = 0;
    trace.sent.clear();
    trace.committed.clear();
    trace.received.clear();
    await server.request({ cmd: 'stages' }); // the child records afresh
    const gcBefore = benchGc.length;
    loopDelay.reset();
    measuring = true;
    const producerMs: number[] = [];
    const pace =
      mode === 'in-process'
        ? await producedInChild(producerMs)
        : await paced(cfg.rate, cfg.seconds, async (i) => {
            const t = now();
            const tenantId = tenants[i % cfg.tenants]!.id;
            // One statement on the database each (its own transaction): committed when it returns. The default is a
            // producer's recordEvent, which wakes the gateways after it (wakeAfterCommit); in-commit has the trigger
            // NOTIFY inside it.
            const id =
              mode === 'in-commit'
                ? (await insertEventsInCommit(db, [{ tenantId, fields: { t } }]))[0]
                : await recordOne(db, tenantId, { t });
            const done = now();
            producerMs.push(done - t);
            trace.sent.set(id!, t);
            trace.committed.set(id!, done);
          });
    await until(`tender (${mode}): paced events acknowledged`, () => confirmed >= pace.sent);
    measuring = false;
    const child = await server.request<ChildStages>({ cmd: 'stages' });
    if (cfg.stages) printStages(mode, trace, child, benchGc.slice(gcBefore));
    const commitToReceived = [...trace.received].map(([id, at]) => at - (trace.committed.get(id) ?? NaN));
    return {
      [`${mode} p50 ms`]: pct(latencies, 50),
      [`${mode} p99 ms`]: pct(latencies, 99),
      [`${mode} commit→delivery p99 ms`]: pct(commitToReceived.filter(Number.isFinite), 99),
      [`${mode} producer p50 ms`]: pct(producerMs, 50),
      [`${mode} producer p99 ms`]: pct(producerMs, 99),
      [`${mode} rate/s`]: pace.rate,
    };
  }

  /** The agents child produces (single-event transactions at cfg.rate): its events' times go into `trace`. */
  async function producedInChild(producerMs: number[]): Promise<{ sent: number; rate: number }> {
    const r = await server.request<{ events: [string, number, number][]; failed: number; rate: number }>({
      cmd: 'produce',
      produce: { tenants: tenants.map((t) => t.id), rate: cfg.rate, seconds: cfg.seconds },
    });
    for (const [id, t, done] of r.events) {
      producerMs.push(done - t);
      trace.sent.set(id, t);
      trace.committed.set(id, done);
    }
    if (r.failed) throw new Error(`tender (in-process): ${r.failed} inserts failed in the agents process`);
    return { sent: r.events.length, rate: r.rate };
  }

  async function closeAll(): Promise<void> {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => {})));
    for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    await Promise.all(children.splice(0).map((c) => c.exited()));
  }

  return {
    side: {
      name: 'tender',
      async run(round) {
        const figures: Figures = { 'events/s': await throughput() };
        // The wake modes alternate their order too (A B, B A, …): neither always runs on the warmer machine.
        for (const mode of round % 2 === 0 ? wakes : [...wakes].reverse()) {
          Object.assign(figures, await latency(mode));
        }
        return figures;
      },
    },

    async bytesPerIdleSocket(sockets) {
      await closeAll();
      const fresh = await spawnAgents({ url, schema, env: { POOL_SIZE: '10' }, execArgv: ['--expose-gc'] });
      children.push(fresh);
      const perTenant = 10;
      const idleTenants = await Promise.all(
        Array.from({ length: Math.ceil(sockets / perTenant) }, () => makeTenant(db)),
      );
      const idleTokens = await Promise.all(
        idleTenants.map((t) => issueRealtimeToken(db, { tenantId: t.id, authorization: `Bearer ${t.token}` })),
      );
      type Stats = { stats: { authenticated: number }; memory: NodeJS.MemoryUsage };
      // Each reading: 10 s idle, a full GC (the stats request runs three), then the process's RSS from /proc until it
      // settles. V8 shrinks its young generation at a full GC only when the recent allocation rate is low, so the GC
      // comes after the quiet, not right after the burst. The GC's heap figure is kept for the line below.
      const quietStats = async () => {
        await sleep(10_000);
        return fresh.request<Stats>({ cmd: 'stats' });
      };
      const open = (i: number) => TestClient.open(fresh.wsUrl, idleTokens[Math.floor(i / perTenant)]!.token);
      const half = Math.floor(sockets / 2);
      const heapBefore = (await quietStats()).memory.heapUsed;
      const before = await settledRss(() => rssOf(fresh.child.pid!));
      clients.push(...(await connectAll(half, 250, open)));
      await quietStats();
      const mid = await settledRss(() => rssOf(fresh.child.pid!));
      clients.push(...(await connectAll(sockets - half, 250, (i) => open(half + i))));
      const { stats: served, memory } = await quietStats();
      const after = await settledRss(() => rssOf(fresh.child.pid!));
      if (served.authenticated !== sockets) throw new Error(`tender: ${served.authenticated} sockets authenticated`);
      // Measured: close them now, so the NATS figure that follows has the bench process's file descriptors (10,000
      // sockets each; the limit here is 20,000).
      await closeAll();
      const heapPer = (memory.heapUsed - heapBefore) / sockets;
      console.log(
        `tender: ${sockets} idle sockets: RSS ${mb(before.rss)} → ${mb(mid.rss)} (${half}) → ${mb(after.rss)} MiB${unsettled(before, mid, after)}, heap ${mb(heapBefore)} → ${mb(memory.heapUsed)} MiB (${Math.round(heapPer)} B/socket on the JS heap)`,
      );
      return socketMemory(sockets, half, before.rss, mid.rss, after.rss);
    },

    async close() {
      await closeAll();
      await db.exec(`drop schema if exists ${schema} cascade`).catch(() => {});
      await db.close();
    },
  };
}
