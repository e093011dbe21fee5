/**
 * One agents process (HTTP API, realtime gateway, inbound SMTP) for the multi-process and crash tests and the events
 * benchmark. Run with `node --import tsx` and an IPC channel.
 *
 * Env: DATABASE_URL, AGENTS_SCHEMA (the test's schema), the agents configuration (EVENTS_LEASE_MS, EVENTS_SWEEP_MS,
 * …), and for fault injection FAULT=crash-before-send|crash-after-send with FAULT_TYPE=<event type>: the process
 * SIGKILLs itself right after claiming such an event for a socket (before its frame is written), or right after the
 * frame was written (before any acknowledgement can arrive).
 *
 * DELIVERY_STAGES=1 (the events benchmark) records, per event claimed, when its tenant was woken, when its claim
 * statement started and ended and when its frame was written, in milliseconds since the epoch
 * (`performance.timeOrigin + performance.now()`, the clock the benchmark stamps its inserts with), and every GC
 * pause and the event loop delay.
 *
 * Prints `ready {"port":…,"smtpPort":…,"processId":…}` once listening on 127.0.0.1. IPC requests:
 * `{id, cmd: 'voice', req}` → `{id, outcome}`; `{id, cmd: 'stats'}` → `{id, stats, memory}` (after a GC when run
 * with --expose-gc); `{id, cmd: 'stages'}` → `{id, stages, gc, claims, loopDelay}`, what was recorded since the last such
 * request (and starts recording afresh); `{id, cmd: 'produce', produce: {tenants, rate, seconds}}` → `{id, events, failed, rate}`:
 * single-event transactions at `rate`/s for `seconds` in this process (the producer beside the gateway, as in
 * `tender start`: its wake-ups arrive in process), each event's payload carrying `t`, its send time, and `events`
 * [eventId, sent, committed] per event. SIGTERM closes everything and exits 0.
 */
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { createLogger, loadConfig, openDatabase } from '@tender/platform';
import { agentsConfigSpec } from '../../config.ts';
import { AGENTS_ROLES, createAgents } from '../../runtime.ts';
import type { EventRecord } from '../../eventLog/index.ts';
import type { RealtimeHooks } from '../gateway.ts';
import type { VoiceTurnRequest } from '../voiceTurns.ts';
import { recordOne } from './processes.ts';

const env = (k: string): string => {
  const v = process.env[k];
  if (!v) throw new Error(`${k} is not set`);
  return v;
};

const db = await openDatabase({
  url: env('DATABASE_URL'),
  schema: env('AGENTS_SCHEMA'),
  poolSize: Number(process.env.POOL_SIZE ?? 6),
});
const config = loadConfig(agentsConfigSpec, {
  EMAIL_DOMAIN: 'agents.localhost',
  AGENTS_PUBLIC_URL: 'http://agents.test',
  ...process.env,
});

const fault = process.env.FAULT;
const faultType = process.env.FAULT_TYPE;
const hit = (events: readonly EventRecord[]) => events.some((e) => e.type === faultType);
const die = () => process.kill(process.pid, 'SIGKILL');
const hooks: RealtimeHooks = {};
if (fault === 'crash-before-send') hooks.afterClaim = (events) => hit(events) && die();
if (fault === 'crash-after-send') hooks.afterSend = (events) => hit(events) && die();

/** Per event id: [woken, claim start, claim end, written] (NaN until written). */
const stages = new Map<string, number[]>();
let gcPauses: [start: number, ms: number][] = [];
/** Claim statements, their requests (one per tenant) and the requests that found nothing to deliver. */
const claims = { statements: 0, requests: 0, empty: 0 };
let inStatement = false;
const LOOP_SAMPLE_MS = 5;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
if (process.env.DELIVERY_STAGES === '1') {
  const clock = () => performance.timeOrigin + performance.now();
  // At most one claim per tenant is in flight: per tenant, the first wake-up since its last claim started, and the
  // wake-up and start of the claim in flight.
  const woken = new Map<string, number>();
  const claiming = new Map<string, [woken: number, start: number]>();
  hooks.probe = (point, tenantId, events = []) => {
    const t = clock();
    if (point === 'woken') {
      if (!woken.has(tenantId)) woken.set(tenantId, t);
    } else if (point === 'claim.start') {
      if (!inStatement) {
        // A statement's claim.start points come in one synchronous loop: the first of them counts it.
        claims.statements++;
        inStatement = true;
        queueMicrotask(() => (inStatement = false));
      }
      claiming.set(tenantId, [woken.get(tenantId) ?? t, t]);
      woken.delete(tenantId);
    } else if (point === 'claim.end') {
      claims.requests++;
      if (events.length === 0) claims.empty++;
      const [w, start] = claiming.get(tenantId) ?? [t, t];
      for (const e of events) stages.set(e.eventId, [w, start, t, NaN]);
    } else {
      for (const e of events) {
        const st = stages.get(e.eventId);
        if (st) st[3] = t;
      }
    }
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcPauses.push([performance.timeOrigin + e.startTime, e.duration]);
  }).observe({ entryTypes: ['gc'] });
  loopDelay.enable();
}

const agents = await createAgents(config, {
  db,
  logger: createLogger({ level: process.env.LOG_LEVEL ?? 'silent' }),
  roles: AGENTS_ROLES,
  smtp: { host: '127.0.0.1', port: 0 },
  rateLimit: false,
  realtimeHooks: hooks,
});
const runtime = { ctx: agents.services };
const smtpPort = agents.smtp.port;
const app = agents.server!;
await app.listen({ host: '127.0.0.1', port: 0 });

/** Paced single-event transactions in this process (the `produce` request), in 10 ms ticks. */
async function produce(p: { tenants: string[]; rate: number; seconds: number }) {
  const now = () => performance.timeOrigin + performance.now();
  const total = p.rate * p.seconds;
  const events: [string, number, number][] = [];
  const inflight: Promise<unknown>[] = [];
  const started = performance.now();
  let sent = 0;
  let failed = 0;
  for (let tick = 0; sent < total; tick++) {
    const due = Math.min(total, Math.round(((tick + 1) * p.rate) / 100));
    for (; sent < due; sent++) {
      const t = now();
      // A failed insert (no connection in time on a loaded machine) is counted, not thrown: it would end the process.
      inflight.push(
        recordOne(db, p.tenants[sent % p.tenants.length]!, { t }).then(
          (id) => events.push([id, t, now()]),
          () => failed++,
        ),
      );
    }
    const wait = started + (tick + 1) * 10 - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await Promise.all(inflight);
  return { events, failed, rate: sent / ((performance.now() - started) / 1000) };
}

process.on(
  'message',
  (m: { id: number; cmd: string; req?: VoiceTurnRequest; produce?: Parameters<typeof produce>[0] }) => {
    void (async () => {
      if (m.cmd === 'produce' && m.produce) {
        process.send?.({ id: m.id, ...(await produce(m.produce)) });
      } else if (m.cmd === 'voice' && m.req) {
        process.send?.({ id: m.id, outcome: await runtime.ctx.realtime.requestVoiceTurn(m.req) });
      } else if (m.cmd === 'stats') {
        const gc = (globalThis as { gc?: () => void }).gc;
        if (gc) for (let i = 0; i < 3; i++) gc();
        process.send?.({ id: m.id, stats: runtime.ctx.realtime.stats(), memory: process.memoryUsage() });
      } else if (m.cmd === 'stages') {
        const ms = (ns: number) => Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS); // the histogram holds whole intervals
        process.send?.({
          id: m.id,
          stages: [...stages].map(([id, st]) => [id, ...st]),
          gc: gcPauses,
          claims: { ...claims },
          loopDelay: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) },
        });
        stages.clear();
        gcPauses = [];
        claims.statements = claims.requests = claims.empty = 0;
        loopDelay.reset();
      }
    })();
  },
);
process.on('SIGTERM', () => {
  void agents
    .close()
    .then(() => db.close())
    .then(() => process.exit(0));
});
process.stdout.write(
  `ready ${JSON.stringify({ port: (app.server.address() as AddressInfo).port, smtpPort, processId: runtime.ctx.realtime.processId })}\n`,
);
