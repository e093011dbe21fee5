/**
 * Webhook delivery benchmark: Tender's delivery path vs a bare HTTP loop, same receiver, same bodies, same
 * concurrency, one run.
 *
 *   npm run bench -- webhooks        (Node with the flags of .npmrc, as `npm start` runs the workers)
 *   npx tsx bench/webhooks/run.ts [--events=20000] [--concurrency=64] [--in-flight=512] [--rounds=5 | --quick]
 *                                 [--timeout-ms=300000] [--bare-client=node|undici]
 *                                 (add NODE_OPTIONS=--max-semi-space-size=64 to match)
 *   env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_EVENTS, BENCH_CONCURRENCY,
 *        BENCH_IN_FLIGHT, BENCH_ROUNDS, BENCH_TIMEOUT_MS, BENCH_PROFILE=1 (print the bench process's CPU time and the database time
 *        per statement of the delivery phase), BENCH_CPU_PROFILE=file.cpuprofile (V8 profile of the delivery phase)
 *
 * In a fresh schema: one merchant, one endpoint (test mode) pointing at a local receiver running in a child
 * process (answers 200). N events are emitted through the outbox exactly as payment transitions emit them
 * (emitEvent: the event row and its delivery row, due at once, in batches of transactions); that phase is
 * reported on its own. Then, timed:
 *  - tender: the gateway's delivery runner delivers all N, with the production default of deliveries in flight
 *    (WEBHOOK_CONCURRENCY) and at most C connections to the receiver: per delivery a share of a batched claim
 *    (lease + load of delivery, endpoint and event in one statement), the HMAC signature, the SSRF-guarded
 *    keep-alive POST, and a share of a batched write that logs the attempt, marks the delivery succeeded and
 *    releases its lease. Timed until the database says all N
 *    deliveries succeeded and N attempts are logged.
 *  - bare: C loops POST the same N bodies (as the receiver saw them) over C keep-alive connections, no database, no
 *    signature, no guard: the ceiling of this machine's HTTP path. Same client family as the sender by default:
 *    undici (a Pool of C connections, `pool.request` and the body dumped), so the ratio compares Tender's work, not
 *    two clients; --bare-client=node runs the loop on node:http's keep-alive Agent (the sender's client before it
 *    moved to undici).
 * floor.ts beside it measures what the delivery data model itself allows against the same bare loop (a minimal runner
 * over lease-claimed rows and an attempt log, none of Tender's code), so the gap can be split between the two.
 * A warm-up round of both (5,000 events, not counted) comes first. Prints deliveries per second of both, the CPU
 * per delivery of each process, and the ratio tender / bare per round and its median. PostgreSQL CPU is shown twice:
 * every postgres process of the machine (WAL writer and checkpointer included, but also any other client's work on
 * a shared server), and only the backends connected to the benchmark's database (`its backends`).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { startCpuProfile } from '../_lib/cpuProfile.ts';
import { printTable } from '../_lib/printTable.ts';
import { processCpuMs, startCpuSplit, type CpuSplit } from '../_lib/processCpu.ts';
import {
  createLogger,
  migrate,
  openDatabase,
  platformMigrations,
  type Database,
} from '../../packages/platform/src/index.ts';
import { createGatewayServices } from '../../apps/gateway/src/runtime.ts';
import { gatewayMigrations } from '../../apps/gateway/src/migrations.ts';
import { emitEvent } from '../../apps/gateway/src/outbox/events.ts';
import { createDeliveryRunner } from '../../apps/gateway/src/webhooks/createDeliveryRunner.ts';
import { eventBody } from '../../apps/gateway/src/webhooks/deliveryWorker.ts';
import { createWebhookEndpoint } from '../../apps/gateway/src/webhooks/endpoints.ts';
import { DEFAULT_WEBHOOK_CONCURRENCY } from '../../apps/gateway/src/webhooks/settings.ts';
import { testSecretBox } from '../../apps/gateway/src/webhooks/_test/webhookTestKit.ts';
import { numberOption } from '../_lib/numberOption.ts';
import { reportFigures } from '../_lib/reportFigures.ts';
import { startReceiver } from './startReceiver.ts';
import { alternateRounds, judge, loadLine, printJudged, roundsOption, sizeOption, type Side } from '../_lib/rounds.ts';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const N = sizeOption('events', 20_000, 2_000, 'BENCH_EVENTS');
const C = numberOption('concurrency', 64, 'BENCH_CONCURRENCY');
const IN_FLIGHT = numberOption('in-flight', DEFAULT_WEBHOOK_CONCURRENCY, 'BENCH_IN_FLIGHT');
const ROUNDS = roundsOption();
const TIMEOUT_MS = numberOption('timeout-ms', 300_000, 'BENCH_TIMEOUT_MS');
const POOL = 10;
const WARM_UP = Math.min(N, 5_000);
const EVENTS_PER_TX = 200;
const BARE_CLIENT =
  process.argv.find((a) => a.startsWith('--bare-client='))?.slice('--bare-client='.length) ?? 'undici';
if (BARE_CLIENT !== 'undici' && BARE_CLIENT !== 'node') throw new Error('--bare-client must be undici or node');

/** Polls every 50 ms: often enough to end the timing within 50 ms, rarely enough to cost the database nothing much. */
async function untilTrue(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: timed out after ${TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

interface TenderResult {
  emitMs: number;
  deliverMs: number;
  cpu: CpuSplit;
  /** CPU of the PostgreSQL backends connected to this database only (others' work on a shared server excluded). */
  ownPostgresMs: number;
  bodies: string[];
}

async function benchTender(port: number, receiverPid: number, n: number): Promise<TenderResult> {
  const schema = `bench_webhooks_${randomBytes(4).toString('hex')}`;
  const raw: Database = await openDatabase({ url, schema, poolSize: POOL });
  const stats = new Map<string, { n: number; ms: number; rows: number }>();
  const db: Database = process.env.BENCH_PROFILE
    ? {
        ...raw,
        query: async <T>(text: string, params?: readonly unknown[]) => {
          const t = performance.now();
          const r = await raw.query<T>(text, params);
          const k = text.replace(/\s+/g, ' ').slice(0, 60);
          const s = stats.get(k) ?? { n: 0, ms: 0, rows: 0 };
          s.n++;
          s.ms += performance.now() - t;
          s.rows += r.length;
          stats.set(k, s);
          return r;
        },
      }
    : raw;
  try {
    await migrate(db, [...(await platformMigrations()), ...(await gatewayMigrations())]);
    const ctx = createGatewayServices({
      db,
      logger: createLogger({ level: 'warn' }),
      now: () => new Date(),
      config: { publicUrl: 'http://gateway.bench', profile: 'dev' },
      secretBox: testSecretBox(),
    });
    const merchantId = 'mer_bench';
    await db.query(`insert into merchants (id, business_name) values ($1, 'Bench shop')`, [merchantId]);
    await createWebhookEndpoint(
      ctx,
      {
        merchantId,
        environment: 'test',
        role: 'owner',
        kind: 'session',
        keyId: null,
        sessionId: 'sess_bench',
        userId: null,
        ip: null,
      },
      { url: `http://127.0.0.1:${port}/webhooks`, enabled_events: ['*'] },
    );

    const t0 = performance.now();
    for (let i = 0; i < n; i += EVENTS_PER_TX) {
      await db.tx(async (tx) => {
        for (let k = i; k < Math.min(n, i + EVENTS_PER_TX); k++) {
          await emitEvent(ctx, tx, {
            merchantId,
            environment: 'test',
            type: 'payment.confirmed',
            paymentId: null,
            object: {
              id: `pi_bench_${k}`,
              object: 'payment_intent',
              status: 'PAID',
              amount: '25.00',
              amount_units: '25000000',
              currency: 'USDC',
              order_reference: `ORDER-${k}`,
            },
            createdAt: new Date(),
          });
        }
      });
    }
    const emitMs = performance.now() - t0;
    await db.exec('analyze');

    const runner = createDeliveryRunner(ctx, {
      maxSocketsPerHost: C,
      concurrency: IN_FLIGHT,
      logger: { warn: (o, m) => console.warn(m, o), error: (o, m) => console.error(m, o) },
    });
    const stopProfile = await startCpuProfile(process.env.BENCH_CPU_PROFILE);
    const t1 = performance.now();
    const phaseStart = Date.now() / 1000;
    const cpuSplit = startCpuSplit([receiverPid]);
    const postgres0 = processCpuMs(['postgres']);
    await runner.start();
    try {
      // One indexed scan of this tenant's deliveries, newest first, stopping at the first pending one.
      await untilTrue('tender deliveries', async () => {
        const [r] = await raw.query<{ pending: boolean }>(
          `select exists (select 1 from webhook_deliveries
                           where merchant_id = $1 and environment = 'test' and status = 'pending') as pending`,
          [merchantId],
        );
        return !r!.pending;
      });
    } finally {
      await runner.stop({ timeoutMs: 10_000 });
      runner.close();
    }
    const deliverMs = performance.now() - t1;
    const cpu = cpuSplit();
    const postgres1 = processCpuMs(['postgres']);
    const backends = await raw.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    let ownPostgresMs = 0;
    for (const { pid } of backends) ownPostgresMs += (postgres1.get(pid) ?? 0) - (postgres0.get(pid) ?? 0);
    await stopProfile();
    if (process.env.BENCH_PROFILE) {
      // Wall-clock bounds of the delivery phase, e.g. for `perf report --time` of a `perf record -k CLOCK_REALTIME`.
      console.log(`delivery phase: ${phaseStart.toFixed(3)},${(Date.now() / 1000).toFixed(3)} (unix seconds)`);
      for (const [k, v] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 8)) {
        const perCall = (v.rows / v.n).toFixed(1);
        console.log(`${String(v.n).padStart(7)} calls ${v.ms.toFixed(0).padStart(7)} ms  rows/call ${perCall}  ${k}`);
      }
    }
    const [attempts] = await db.query<{ n: number; ok: number }>(
      `select count(*)::int as n, count(*) filter (where status_code = 200)::int as ok from webhook_attempts`,
    );
    if (attempts!.n !== n || attempts!.ok !== n) throw new Error(`expected ${n} logged attempts, found ${attempts!.n}`);
    // The bodies as they went out, for the bare loop.
    const rows = await db.query<Parameters<typeof eventBody>[0]>(
      `select id as event_id, type as event_type, livemode, data::text as data_json, created_at as event_created_at
         from gateway_events`,
    );
    return { emitMs, deliverMs, cpu, ownPostgresMs, bodies: rows.map(eventBody) };
  } finally {
    await db.exec(`drop schema if exists ${schema} cascade`).catch(() => {});
    await db.close();
  }
}

async function benchBare(
  port: number,
  receiverPid: number,
  bodies: readonly string[],
): Promise<{ ms: number; cpu: CpuSplit }> {
  const { post, close } = BARE_CLIENT === 'node' ? nodeHttpPost(port) : undiciPost(port);
  let next = 0;
  const t0 = performance.now();
  const cpuSplit = startCpuSplit([receiverPid]);
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < bodies.length) await post(bodies[next++]!);
    }),
  );
  const ms = performance.now() - t0;
  const cpu = cpuSplit();
  await close();
  return { ms, cpu };
}

type BarePost = (body: string) => Promise<void>;

/** The bare loop's client: undici, as the sender (a Pool of C keep-alive connections to the receiver). */
function undiciPost(port: number): { post: BarePost; close(): Promise<void> } {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: C, pipelining: 1 });
  const headers = { 'content-type': 'application/json' };
  const post: BarePost = async (body) => {
    const res = await pool.request({ path: '/webhooks', method: 'POST', headers, body });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
  };
  return { post, close: () => pool.close() };
}

/** --bare-client=node: node:http with a keep-alive Agent of C sockets. */
function nodeHttpPost(port: number): { post: BarePost; close(): Promise<void> } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: C });
  const post: BarePost = (body) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/webhooks',
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  return { post, close: async () => agent.destroy() };
}

async function main(): Promise<void> {
  console.log(loadLine('before the run'));
  console.log(
    `webhooks benchmark: ${N.toLocaleString('en-US')} events, ${C} connections to the receiver (both sides), ` +
      `${IN_FLIGHT} deliveries in flight, pool ${POOL}, ${ROUNDS} alternating round(s)\n` +
      `clients: tender's sender undici (an Agent per URL policy: a keep-alive Pool per origin), bare loop ${BARE_CLIENT === 'node' ? 'node:http keep-alive Agent' : 'undici Pool'}\n` +
      `database: ${url.replace(/:[^:@/]*@/, ':***@')}, NODE_OPTIONS: ${process.env.NODE_OPTIONS ?? '(none)'}`,
  );
  const receiver = await startReceiver();
  const rows: (string | number)[][] = [];
  try {
    const pid = receiver.child.pid!;
    // Warm-up, not counted: both paths compiled by the JIT and connections open before anything is timed.
    let bodies = (await benchTender(receiver.port, pid, WARM_UP)).bodies;
    await benchBare(receiver.port, pid, bodies);
    // CPU per delivery, in µs, of each side: where the machine's two cores went.
    const us = (ms: number) => (ms * 1000) / N;
    const sides: Side[] = [
      {
        name: 'tender',
        async run() {
          const t = await benchTender(receiver.port, pid, N);
          // The bare loop posts the bodies of the latest tender round (same sizes; the first round is tender's).
          bodies = t.bodies;
          const cpu = { sender: us(t.cpu.self), postgres: us(t.cpu.postgres), backends: us(t.ownPostgresMs) };
          rows.push(['tender (persisted)', N, (N * 1000) / t.emitMs, (N * 1000) / t.deliverMs, t.deliverMs / 1000]);
          rows[rows.length - 1]!.push(cpu.sender, cpu.postgres, cpu.backends, us(t.cpu.others));
          return { 'deliveries/s': (N * 1000) / t.deliverMs, 'sender µs': cpu.sender, 'postgres µs': cpu.postgres };
        },
      },
      {
        name: 'bare',
        async run() {
          const b = await benchBare(receiver.port, pid, bodies.length >= N ? bodies : repeat(bodies, N));
          rows.push([
            `bare loop (${BARE_CLIENT === 'node' ? 'node:http' : 'undici'})`,
            N,
            '-',
            (N * 1000) / b.ms,
            b.ms / 1000,
            us(b.cpu.self),
            us(b.cpu.postgres),
            '-',
          ]);
          rows[rows.length - 1]!.push(us(b.cpu.others));
          return { 'deliveries/s': (N * 1000) / b.ms, 'sender µs': us(b.cpu.self) };
        },
      },
    ];
    const rounds = await alternateRounds(sides, ROUNDS);
    console.log('');
    printTable(
      [
        'system',
        'deliveries',
        'emit events/s',
        'deliveries/s',
        'seconds',
        'cpu µs/delivery: sender',
        'postgres',
        'its backends',
        'receiver',
      ],
      rows,
    );
    console.log('');
    // The machine is shared and the bare loop's rate swings by a third between runs: judge by the median round.
    const ratio = judge(rounds, 'webhooks.vsBarePost', 'tender / bare deliveries/s (same round)', 'higher', (r) => {
      return (r.sides.tender?.['deliveries/s'] ?? NaN) / (r.sides.bare?.['deliveries/s'] ?? NaN);
    });
    printJudged([
      judge(rounds, '', 'tender deliveries/s', 'higher', (r) => r.sides.tender?.['deliveries/s']),
      judge(rounds, '', 'bare deliveries/s', 'higher', (r) => r.sides.bare?.['deliveries/s']),
      judge(rounds, '', 'tender sender CPU µs/delivery', 'lower', (r) => r.sides.tender?.['sender µs']),
      judge(rounds, '', 'bare sender CPU µs/delivery', 'lower', (r) => r.sides.bare?.['sender µs']),
      ratio,
    ]);
    reportFigures([ratio]);
    console.log(loadLine('after the run'));
  } finally {
    receiver.child.kill('SIGKILL');
  }
}

function repeat<T>(xs: readonly T[], n: number): T[] {
  return Array.from({ length: n }, (_, i) => xs[i % xs.length]!);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
