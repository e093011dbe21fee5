/**
 * One agents process (HTTP API, realtime gateway, inbound SMTP) for the multi-process and crash tests and the events
 * benchmark. Run with `node --import tsx` and an IPC channel.
 *
 * Env: DATABASE_URL, AGENTS_SCHEMA (the test's schema), the agents configuration (EVENTS_LEASE_MS, EVENTS_SWEEP_MS,
 * …), and for fault injection FAULT=crash-before-send|crash-after-send with FAULT_TYPE=<event type>: the process
 * SIGKILLs itself right after claiming such an event for a socket (before its frame is written), or right after the
 * frame was written (before any acknowledgement can arrive).
 *
 * Prints `ready {"port":…,"smtpPort":…,"processId":…}` once listening on 127.0.0.1. IPC requests:
 * `{id, cmd: 'voice', req}` → `{id, outcome}`; `{id, cmd: 'stats'}` → `{id, stats, memory}` (after a GC when run
 * with --expose-gc). SIGTERM closes everything and exits 0.
 */
import type { AddressInfo } from 'node:net';
import { createLogger, loadConfig, openDatabase } from '@tender/platform';
import { agentsConfigSpec } from '../../config.ts';
import { startInboundSmtp } from '../../email/inbound.ts';
import { createAgentsRuntime } from '../../runtime.ts';
import { createAgentsServer } from '../../server.ts';
import type { EventRecord } from '../../events/eventStore.ts';
import type { RealtimeHooks } from '../gateway.ts';
import type { VoiceTurnRequest } from '../voiceTurns.ts';

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

let smtpPort = 0;
const runtime = await createAgentsRuntime(config, {
  db,
  logger: createLogger({ level: process.env.LOG_LEVEL ?? 'silent' }),
  localInbound: () => ({ host: '127.0.0.1', port: smtpPort }),
  realtimeHooks: hooks,
});
const smtp = await startInboundSmtp(runtime.ctx, { port: 0, host: '127.0.0.1' });
smtpPort = smtp.port;
const app = await createAgentsServer(runtime.ctx, { rateLimit: false });
await app.listen({ host: '127.0.0.1', port: 0 });

process.on('message', (m: { id: number; cmd: string; req?: VoiceTurnRequest }) => {
  void (async () => {
    if (m.cmd === 'voice' && m.req) {
      process.send?.({ id: m.id, outcome: await runtime.ctx.realtime.requestVoiceTurn(m.req) });
    } else if (m.cmd === 'stats') {
      const gc = (globalThis as { gc?: () => void }).gc;
      if (gc) for (let i = 0; i < 3; i++) gc();
      process.send?.({ id: m.id, stats: runtime.ctx.realtime.stats(), memory: process.memoryUsage() });
    }
  })();
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => smtp.close())
    .then(() => runtime.close())
    .then(() => db.close())
    .then(() => process.exit(0));
});
process.stdout.write(
  `ready ${JSON.stringify({ port: (app.server.address() as AddressInfo).port, smtpPort, processId: runtime.ctx.realtime.processId })}\n`,
);
