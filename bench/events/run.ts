/**
 * Durable events benchmark: Tender's event delivery (PostgreSQL rows + realtime WebSocket gateway) beside NATS
 * JetStream (file storage, durable consumers, explicit acks) on the same host, in one run.
 *
 *   npx tsx bench/events/run.ts [--events=20000] [--tenants=100] [--rate=1000] [--seconds=10] [--sockets=10000]
 *                               [--skip-nats] [--wake=trigger,after-commit]
 *   env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), NATS_URL (default nats://127.0.0.1:4222)
 *
 * Three figures per system:
 *  1. throughput: N events for T tenants, one consumer per tenant (Tender: one WebSocket each, to a gateway running in
 *     a child process; NATS: one connection and one durable pull consumer each, max 500 unacknowledged like Tender's
 *     REALTIME_MAX_IN_FLIGHT). Time from the first insert/publish until every event is acknowledged WITH the
 *     server's confirmation (Tender: event.acknowledged frames; NATS: ackAck). Producer: Tender inserts in
 *     statements of 500 rows (what a batch producer does); NATS publishes with up to 1,000 PubAcks outstanding
 *     (JetStream has no multi-message publish).
 *  2. latency at a fixed rate (default 1,000 events/s for 10 s): each event is inserted/published on its own
 *     (paced in 10 ms ticks) carrying its send time; the consumer records receive time minus send time (same
 *     process, same clock). p50/p99 insert → delivery (not the ack). Tender twice: with the default wake-up (the
 *     insert trigger's NOTIFY inside the producer's transaction) and with the wake-up sent after the commit
 *     (migration 0101: NOTIFYing commits are serialised through their WAL flush, which bounds single-event
 *     transactions).
 *     Each latency run also prints where the time goes, per stage (producer statement, NOTIFY to the gateway, wait
 *     for the claim in flight, claim statement, frame write, client receipt), from timestamps of this process and of
 *     the agents child (agentsProcess.ts with DELIVERY_STAGES=1), both on the epoch clock performance.timeOrigin +
 *     performance.now(); and the GC pauses and event loop delay of both processes.
 *  3. memory per idle authenticated socket at S sockets (default 10,000): RSS growth of the server process divided
 *     by S, after GC. Tender: a fresh gateway child process, sockets authenticated with realtime tokens (10 per
 *     tenant). NATS: nats-server's RSS (read from /proc) with S client connections holding one subscription each
 *     (the server runs without authentication here; it is the machine's shared server).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { execFileSync } from 'node:child_process';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { AckPolicy, connect, RetentionPolicy, StorageType, type JsMsg, type NatsConnection } from 'nats';
import { printTable } from '../_lib/printTable.ts';
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
  spawnAgents,
  type AgentsChild,
} from '../../apps/agents/src/realtime/_test/processes.ts';
import { TestClient, type Frame } from '../../apps/agents/src/realtime/_test/wsClient.ts';
import { numberOption } from '../_lib/numberOption.ts';

const N = numberOption('events', 20_000);
const TENANTS = numberOption('tenants', 100);
const RATE = numberOption('rate', 1_000);
const SECONDS = numberOption('seconds', 10);
const SOCKETS = numberOption('sockets', 10_000);
const SKIP_NATS = process.argv.includes('--skip-nats');
/** Which wake-ups the latency figure is measured with (--wake=after-commit: only that one). */
const WAKES = (
  process.argv.find((a) => a.startsWith('--wake='))?.slice('--wake='.length) ?? 'trigger,after-commit'
).split(',') as ('trigger' | 'after-commit')[];
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const IN_FLIGHT = 500;
const TIMEOUT_MS = 180_000;

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, cond: () => boolean | Promise<boolean>, ms = TIMEOUT_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`${what}: timed out after ${ms} ms`);
    await sleep(5);
  }
}
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
/** Calls `fire(i)` RATE times a second for SECONDS, in 10 ms ticks; resolves when all calls settled. */
async function paced(fire: (i: number) => Promise<unknown>): Promise<{ sent: number; ms: number }> {
  const total = RATE * SECONDS;
  const perTick = RATE / 100;
  const started = performance.now();
  const inflight: Promise<unknown>[] = [];
  let sent = 0;
  for (let tick = 0; sent < total; tick++) {
    const due = Math.min(total, Math.round((tick + 1) * perTick));
    while (sent < due) inflight.push(fire(sent++));
    const wait = started + (tick + 1) * 10 - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(inflight);
  return { sent, ms: performance.now() - started };
}

interface Figures {
  system: string;
  throughput: number;
  p50: number;
  p99: number;
  achievedRate: number;
  bytesPerSocket: number;
  notes: string;
}

async function connectAll<T>(n: number, batch: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += batch) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, (_, k) => make(i + k)))));
  }
  return out;
}

// ---------------------------------------------------------------- Tender: where insert → delivery goes

/** This process's GC pauses ([start, ms], epoch clock) and event loop delay (it produces and receives). */
const benchGc: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) benchGc.push([performance.timeOrigin + e.startTime, e.duration]);
}).observe({ entryTypes: ['gc'] });
const LOOP_SAMPLE_MS = 5;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
loopDelay.enable();

/** Per event id, this process's timestamps: insert sent, commit seen by the producer, frame received by the client. */
interface ProducerTrace {
  sent: Map<string, number>;
  committed: Map<string, number>;
  received: Map<string, number>;
}
/** The agents child's (agentsProcess.ts, DELIVERY_STAGES=1): per event [id, woken, claim start, claim end, written]. */
interface ChildStages {
  stages: [string, number, number, number, number | null][];
  gc: [number, number][];
  claims: { statements: number; requests: number; empty: number };
  loopDelay: { p50: number; p99: number; max: number };
}

const STAGES = [
  'insert + commit (producer statement)',
  'commit → woken (NOTIFY reaches the gateway)',
  'woken → claim starts (waits for the claim in flight)',
  'claim statement',
  'claim end → frame written',
  'written → received (client)',
] as const;

/**
 * Splits each event's insert → delivery into STAGES. Both processes stamp with performance.timeOrigin + now() (the
 * machine's wall clock, sub-millisecond). The stamps are per event except the wake-up, which is per tenant (the
 * first wake-up since its previous claim): an event committed after that wake-up but claimed by its claim has none
 * of its own, so each boundary is clamped to the one before it (the stages always add up to the total).
 */
function printStages(mode: string, trace: ProducerTrace, child: ChildStages, benchPauses: [number, number][]): void {
  const rows: { total: number; parts: number[]; t0: number }[] = [];
  let clamped = 0;
  for (const [id, woken, start, end, written] of child.stages) {
    const t0 = trace.sent.get(id);
    const committed = trace.committed.get(id);
    const received = trace.received.get(id);
    if (t0 === undefined || committed === undefined || received === undefined || written === null) continue;
    const stamps = [t0, committed, woken, start, end, written, received];
    if (woken < committed) clamped++;
    for (let k = 1; k < stamps.length; k++) stamps[k] = Math.max(stamps[k]!, stamps[k - 1]!);
    rows.push({ total: received - t0, parts: STAGES.map((_, k) => stamps[k + 1]! - stamps[k]!), t0 });
  }
  if (rows.length === 0) return console.log(`tender (${mode}): no stage timestamps`);
  const p99 = pct(
    rows.map((r) => r.total),
    99,
  );
  const tail = rows.filter((r) => r.total >= p99);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `\ntender (${mode}): insert → delivery by stage, ${rows.length} events (${clamped} committed after their tenant's wake-up)`,
  );
  printTable(
    ['stage', 'p50 ms', 'p99 ms', 'mean ms', `mean ms, slowest 1% (${tail.length})`],
    [
      ...STAGES.map((name, k) => {
        const xs = rows.map((r) => r.parts[k]!);
        return [name, pct(xs, 50), pct(xs, 99), mean(xs), mean(tail.map((r) => r.parts[k]!))];
      }),
      [
        'woken → received (the gateway and the client)',
        pct(
          rows.map((r) => r.total - r.parts[0]! - r.parts[1]!),
          50,
        ),
        pct(
          rows.map((r) => r.total - r.parts[0]! - r.parts[1]!),
          99,
        ),
        mean(rows.map((r) => r.total - r.parts[0]! - r.parts[1]!)),
        mean(tail.map((r) => r.total - r.parts[0]! - r.parts[1]!)),
      ],
      [
        'total',
        pct(
          rows.map((r) => r.total),
          50,
        ),
        p99,
        mean(rows.map((r) => r.total)),
        mean(tail.map((r) => r.total)),
      ],
    ],
  );
  // GC: how much, and how many of the slowest 1% had a pause of either process within their insert → delivery.
  const overlaps = (pauses: [number, number][], r: { total: number; t0: number }) =>
    pauses.some(([at, ms]) => at < r.t0 + r.total && at + ms > r.t0);
  const gcLine = (who: string, pauses: [number, number][]) =>
    `${who}: ${pauses.length} GC pauses, ${pauses.reduce((a, [, ms]) => a + ms, 0).toFixed(0)} ms in all, longest ${Math.max(0, ...pauses.map(([, ms]) => ms)).toFixed(1)} ms; ` +
    `${tail.filter((r) => overlaps(pauses, r)).length} of the slowest ${tail.length} events overlap one`;
  console.log(
    `  claims: ${child.claims.statements} statements, ${child.claims.requests} tenant requests in them, ${child.claims.empty} of which found nothing`,
  );
  console.log(gcLine('  agents process', child.gc));
  console.log(gcLine('  bench process (producer, clients)', benchPauses));
  // The histogram records whole timer intervals: the sampling interval is subtracted (what is left is the delay).
  const ms = (ns: number) => Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS).toFixed(1);
  console.log(
    `  event loop delay p50/p99/max ms: agents ${child.loopDelay.p50.toFixed(1)}/${child.loopDelay.p99.toFixed(1)}/${child.loopDelay.max.toFixed(1)}, ` +
      `bench ${ms(loopDelay.percentile(50))}/${ms(loopDelay.percentile(99))}/${ms(loopDelay.max)}`,
  );
}

// ---------------------------------------------------------------- Tender

async function benchTender(): Promise<Figures[]> {
  const schema = `bench_events_${randomBytes(4).toString('hex')}`;
  const db: Database = await openDatabase({ url, schema, poolSize: 40 }); // producers: 1,000 single-event transactions/s
  const children: AgentsChild[] = [];
  const clients: TestClient[] = [];
  try {
    await migrate(db, [...(await platformMigrations()), ...(await agentsMigrations())]);
    const server = await spawnAgents({ url, schema, env: { POOL_SIZE: '10', DELIVERY_STAGES: '1' } });
    children.push(server);

    // 1. throughput
    const tenants = await Promise.all(Array.from({ length: TENANTS }, () => makeTenant(db)));
    const rts = await Promise.all(
      tenants.map((t) => issueRealtimeToken(db, { tenantId: t.id, authorization: `Bearer ${t.token}` })),
    );
    let confirmed = 0;
    const latencies: number[] = [];
    let measuring = false;
    const trace: ProducerTrace = { sent: new Map(), committed: new Map(), received: new Map() };
    for (let i = 0; i < TENANTS; i++) {
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
    const t0 = performance.now();
    for (let i = 0; i < N; i += 500) {
      const rows = Array.from({ length: Math.min(500, N - i) }, (_, k) => ({
        tenantId: tenants[(i + k) % TENANTS]!.id,
        fields: { i: i + k },
      }));
      await insertEvents(db, rows);
    }
    const bulkMs = performance.now() - t0;
    await until('tender: all acknowledged', () => confirmed >= N);
    const totalMs = performance.now() - t0;
    const [left] = await db.query<{ n: string }>(
      `select count(*)::text as n from agent_events where status <> 'acknowledged'`,
    );
    if (left?.n !== '0') throw new Error(`tender: ${left?.n} events not acknowledged in the database`);
    console.log(`tender: inserted ${N} in ${Math.round(bulkMs)} ms; all acknowledged after ${Math.round(totalMs)} ms`);

    // 2. latency at RATE, for both ways a producer wakes the gateways: the insert trigger's NOTIFY inside its
    // transaction (the default), and NOTIFY after its commit (migration 0101).
    const latencyRuns: { mode: string; p50: number; p99: number; rate: number }[] = [];
    for (const mode of WAKES) {
      confirmed = 0;
      latencies.length = 0;
      trace.sent.clear();
      trace.committed.clear();
      trace.received.clear();
      await server.request({ cmd: 'stages' }); // the child records afresh
      const gcBefore = benchGc.length;
      loopDelay.reset();
      measuring = true;
      const insertMs: number[] = [];
      const pace = await paced(async (i) => {
        const t = now();
        let committedAt = NaN;
        const rows = [{ tenantId: tenants[i % TENANTS]!.id, fields: { t } }];
        const [id] =
          mode === 'in-commit'
            ? await insertEventsInCommit(db, rows)
            : await db.tx(async (tx) => {
                afterCommit(tx, () => (committedAt = now())); // before insertEvents' wake-up: the commit instant
                return insertEvents(tx, rows);
              });
        const done = now();
        insertMs.push(done - t);
        trace.sent.set(id!, t);
        trace.committed.set(id!, mode === 'in-commit' ? done : committedAt);
      });
      await until(`tender (${mode}): paced events acknowledged`, () => confirmed >= pace.sent);
      measuring = false;
      printStages(mode, trace, await server.request<ChildStages>({ cmd: 'stages' }), benchGc.slice(gcBefore));
      // The producer's own statements (commit and wake included): the part of insert → delivery before the wake-up.
      console.log(
        `tender (${mode}): producer p50 ${pct(insertMs, 50).toFixed(1)} ms, p99 ${pct(insertMs, 99).toFixed(1)} ms; ` +
          `insert → delivery p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms at ${Math.round(pace.sent / (pace.ms / 1000))}/s`,
      );
      latencyRuns.push({ mode, p50: pct(latencies, 50), p99: pct(latencies, 99), rate: pace.sent / (pace.ms / 1000) });
    }
    await Promise.all(clients.splice(0).map((c) => c.close()));
    server.child.kill('SIGTERM');
    await server.exited();

    // 3. memory per idle authenticated socket
    const fresh = await spawnAgents({ url, schema, env: { POOL_SIZE: '10' }, execArgv: ['--expose-gc'] });
    children.push(fresh);
    const perTenant = 10;
    const idleTenants = await Promise.all(Array.from({ length: Math.ceil(SOCKETS / perTenant) }, () => makeTenant(db)));
    const idleTokens = await Promise.all(
      idleTenants.map((t) => issueRealtimeToken(db, { tenantId: t.id, authorization: `Bearer ${t.token}` })),
    );
    type Stats = { stats: { authenticated: number }; memory: NodeJS.MemoryUsage };
    await sleep(500);
    const before = await fresh.request<Stats>({ cmd: 'stats' });
    const idle = await connectAll(SOCKETS, 250, (i) =>
      TestClient.open(fresh.wsUrl, idleTokens[Math.floor(i / perTenant)]!.token),
    );
    clients.push(...idle);
    await sleep(1_000);
    const after = await fresh.request<Stats>({ cmd: 'stats' });
    if (after.stats.authenticated !== SOCKETS)
      throw new Error(`tender: ${after.stats.authenticated} sockets authenticated`);
    const rssPer = (after.memory.rss - before.memory.rss) / SOCKETS;
    const heapPer = (after.memory.heapUsed - before.memory.heapUsed) / SOCKETS;
    console.log(
      `tender: ${SOCKETS} idle sockets: RSS ${mb(before.memory.rss)} → ${mb(after.memory.rss)} MiB, heap ${mb(before.memory.heapUsed)} → ${mb(after.memory.heapUsed)} MiB (${Math.round(heapPer)} B/socket on the JS heap)`,
    );
    return latencyRuns.map((l) => ({
      system: `tender (postgres + ws gateway), wake ${l.mode === 'trigger' ? 'by insert trigger' : 'after commit'}`,
      throughput: N / (totalMs / 1000),
      p50: l.p50,
      p99: l.p99,
      achievedRate: l.rate,
      bytesPerSocket: rssPer,
      notes: `${TENANTS} sockets; batch insert 500/statement`,
    }));
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => {})));
    for (const c of children) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
    await Promise.all(children.map((c) => c.exited()));
    await db.exec(`drop schema if exists ${schema} cascade`).catch(() => {});
    await db.close();
  }
}

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

// ---------------------------------------------------------------- NATS JetStream

function natsServerRss(): number {
  const pid = execFileSync('pgrep', ['-x', 'nats-server']).toString().trim().split('\n')[0];
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]);
  return kb * 1024;
}

async function benchNats(): Promise<Figures> {
  const tag = randomBytes(4).toString('hex');
  const stream = `BENCH_EVENTS_${tag}`;
  const subject = `bench.events.${tag}`;
  const pub = await connect({ servers: natsUrl });
  const jsm = await pub.jetstreamManager();
  const js = pub.jetstream();
  const conns: NatsConnection[] = [];
  try {
    await jsm.streams.add({
      name: stream,
      subjects: [`${subject}.>`],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
    });
    let confirmed = 0;
    const latencies: number[] = [];
    let measuring = false;
    for (let i = 0; i < TENANTS; i++) {
      await jsm.consumers.add(stream, {
        durable_name: `t${i}`,
        filter_subject: `${subject}.t${i}`,
        ack_policy: AckPolicy.Explicit,
        max_ack_pending: IN_FLIGHT,
      });
      const nc = await connect({ servers: natsUrl });
      conns.push(nc);
      const consumer = await nc.jetstream().consumers.get(stream, `t${i}`);
      await consumer.consume({
        max_messages: IN_FLIGHT,
        callback: (m: JsMsg) => {
          if (measuring) {
            const t = JSON.parse(new TextDecoder().decode(m.data)).t;
            if (typeof t === 'number') latencies.push(now() - t);
          }
          void m.ackAck().then((ok) => {
            if (ok) confirmed++;
          });
        },
      });
    }

    // 1. throughput
    const t0 = performance.now();
    let outstanding = 0;
    for (let i = 0; i < N; i++) {
      while (outstanding >= 1_000) await sleep(0);
      outstanding++;
      void js.publish(`${subject}.t${i % TENANTS}`, JSON.stringify({ i })).finally(() => outstanding--);
    }
    await until('nats: publishes acknowledged', () => outstanding === 0);
    const publishMs = performance.now() - t0;
    await until('nats: all acknowledged', () => confirmed >= N);
    const totalMs = performance.now() - t0;
    console.log(
      `nats: published ${N} in ${Math.round(publishMs)} ms; all acknowledged after ${Math.round(totalMs)} ms`,
    );

    // 2. latency at RATE
    confirmed = 0;
    measuring = true;
    const pace = await paced((i) => js.publish(`${subject}.t${i % TENANTS}`, JSON.stringify({ t: now() })));
    await until('nats: paced messages acknowledged', () => confirmed >= pace.sent);
    measuring = false;
    await Promise.all(conns.splice(0).map((c) => c.close()));

    // 3. memory per idle connection (one subscription each) in nats-server
    await sleep(1_000);
    const before = natsServerRss();
    const idle = await connectAll(SOCKETS, 250, async (i) => {
      const nc = await connect({ servers: natsUrl, pingInterval: 60_000 });
      nc.subscribe(`${subject}.idle.${i}`);
      await nc.flush();
      return nc;
    });
    conns.push(...idle);
    await sleep(2_000);
    const after = natsServerRss();
    console.log(`nats: ${SOCKETS} idle connections: nats-server RSS ${mb(before)} → ${mb(after)} MiB`);
    return {
      system: 'nats jetstream (file, explicit ack)',
      throughput: N / (totalMs / 1000),
      p50: pct(latencies, 50),
      p99: pct(latencies, 99),
      achievedRate: pace.sent / (pace.ms / 1000),
      bytesPerSocket: (after - before) / SOCKETS,
      notes: `${TENANTS} connections + durable consumers; ≤1,000 publishes in flight`,
    };
  } finally {
    await Promise.all(conns.map((c) => c.close().catch(() => {})));
    await jsm.streams.delete(stream).catch(() => {});
    await pub.close();
  }
}

// ---------------------------------------------------------------- run

console.log(
  `load average before the run: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (2-core machine shared with other work)`,
);
console.log(
  `events: ${N} events over ${TENANTS} tenants; latency at ${RATE}/s for ${SECONDS} s; ${SOCKETS} idle sockets; PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}; NATS ${natsUrl}`,
);
const results: Figures[] = await benchTender();
if (!SKIP_NATS) results.push(await benchNats());
console.log('');
printTable(
  [
    'system',
    'events/s (insert→deliver→ack)',
    `p50 ms @${RATE}/s`,
    `p99 ms @${RATE}/s`,
    'achieved rate',
    'bytes/idle socket',
    'notes',
  ],
  results.map((r) => [r.system, r.throughput, r.p50, r.p99, r.achievedRate, r.bytesPerSocket, r.notes]),
);
const t = results.find((r) => r.system.endsWith('after commit'));
const n = results.find((r) => r.system.startsWith('nats'));
if (t && n) {
  console.log(
    `\nratios tender (wake after commit)/nats: throughput ${(t.throughput / n.throughput).toFixed(2)}x, p50 ${(t.p50 / n.p50).toFixed(2)}x, p99 ${(t.p99 / n.p99).toFixed(2)}x, memory per socket ${(t.bytesPerSocket / n.bytesPerSocket).toFixed(2)}x`,
  );
}
process.exit(0);
