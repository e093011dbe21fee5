/**
 * Live voice turn benchmark: the path of one caller utterance through Tender, with the agent's socket on another
 * process than the provider's relay socket (they meet through PostgreSQL LISTEN/NOTIFY, as in production).
 *
 *   npx tsx bench/voice/run.ts [--turns=1000] [--warmup=50]
 *   env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 *
 * Processes: this one runs the agents server with telephony configured (the Twilio adapter; no provider request is
 * made during turns) and plays Twilio's side of ConversationRelay (a signed WebSocket sending `setup` and `prompt`);
 * a child process runs an agents server that holds the agent's events WebSocket (the agent client lives here, so
 * every timestamp is read on one clock).
 *
 * Two figures per turn, p50 and p99 over `turns` sequential turns:
 *  1. relay `prompt` sent → `voice.turn` frame received by the agent (transcript line written, turn offered over
 *     NOTIFY, assigned, sent on the agent's socket);
 *  2. agent `voice.response` sent → relay `text` frame received (result back over NOTIFY, the spoken line written
 *     to the transcript, the frame sent to the relay).
 * Target: p99 < 50 ms each.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import twilio from 'twilio';
import WebSocket from 'ws';
import { printTable } from '../_lib/printTable.ts';
import { numberOption } from '../_lib/numberOption.ts';
import { createLogger, loadConfig, migrate, openDatabase, platformMigrations } from '@tender/platform';
import { agentsConfigSpec } from '../../apps/agents/src/config.ts';
import { agentsMigrations } from '../../apps/agents/src/migrations.ts';
import { makeTenant } from '../../apps/agents/src/events/_test/eventsKit.ts';
import { TWILIO_PATHS } from '../../apps/agents/src/phone/phoneServices.ts';
import { issueRealtimeToken } from '../../apps/agents/src/realtime/realtimeTokens.ts';
import { spawnAgents, type AgentsChild } from '../../apps/agents/src/realtime/_test/processes.ts';
import { TestClient } from '../../apps/agents/src/realtime/_test/wsClient.ts';
import { AGENTS_ROLES, createAgents } from '../../apps/agents/src/runtime.ts';

const TURNS = numberOption('turns', 1_000);
const WARMUP = numberOption('warmup', 50);
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ACCOUNT = 'AC' + '0'.repeat(32);
const AUTH_TOKEN = 'bench-voice-auth-token-0123456789';
const PUBLIC = 'https://agents.bench';

const now = () => performance.timeOrigin + performance.now();
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

const schema = `bench_voice_${randomBytes(4).toString('hex')}`;
const db = await openDatabase({ url, schema, poolSize: 10 });
let child: AgentsChild | null = null;
try {
  await migrate(db, [...(await platformMigrations()), ...(await agentsMigrations())]);
  child = await spawnAgents({ url, schema, env: { POOL_SIZE: '6' } });

  // The relay side: this process, telephony configured.
  const config = loadConfig(agentsConfigSpec, {
    EMAIL_DOMAIN: 'agents.localhost',
    AGENTS_PUBLIC_URL: 'http://agents.test',
    TWILIO_ACCOUNT_SID: ACCOUNT,
    TWILIO_AUTH_TOKEN: AUTH_TOKEN,
    TELEPHONY_WEBHOOK_BASE_URL: PUBLIC,
    VOICE_TURN_TIMEOUT_MS: '5000',
    PHONE_SWEEP_MS: '600000',
  });
  const runtime = await createAgents(config, {
    db,
    logger: createLogger({ level: 'silent' }),
    roles: AGENTS_ROLES,
    smtp: { host: '127.0.0.1', port: 0 },
    rateLimit: false,
  });
  const app = runtime.server!;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;

  // A tenant with a number and a connected call (rows as the purchase and the placement write them).
  const tenant = await makeTenant(db);
  const numberId = randomUUID();
  const callId = randomUUID();
  const providerCallId = 'CA' + randomBytes(16).toString('hex');
  await db.query(
    `insert into agent_phone_numbers (id, tenant_id, country, e164, provider, provider_sid, agent_name, area_code,
       created_by_request, created_at, expires_at)
     values ($1, $2, 'US', '+14155550100', 'twilio', $3, 'Bench', '415', $4, now(), now() + interval '30 days')`,
    [numberId, tenant.id, 'PN' + randomBytes(16).toString('hex'), randomUUID()],
  );
  await db.query(
    `insert into agent_phone_calls (id, tenant_id, phone_number_id, direction, from_e164, to_e164, provider_call_id,
       authorised_seconds, created_at)
     values ($1, $2, $3, 'outbound', '+14155550100', '+14155550123', $4, 86400, now())`,
    [callId, tenant.id, numberId, providerCallId],
  );

  // The agent: its socket on the child process; answers every turn at once.
  const rt = await issueRealtimeToken(db, { tenantId: tenant.id, authorization: `Bearer ${tenant.token}` });
  const agent = await TestClient.open(child.wsUrl, rt.token);
  const turnAt = new Map<string, number>();
  const responseAt = new Map<string, number>();
  agent.ws.on('message', (d) => {
    const f = JSON.parse(String(d)) as { type: string; turnId: string; transcript: string };
    if (f.type !== 'voice.turn') return;
    turnAt.set(f.transcript, now());
    responseAt.set(f.transcript, now());
    agent.send({ type: 'voice.response', turnId: f.turnId, text: `answer ${f.transcript}`, hangup: false });
  });

  // Twilio's side: the signed relay socket on this process.
  const path = `${TWILIO_PATHS.relay}?callId=${callId}`;
  const relay = new WebSocket(`ws://127.0.0.1:${port}${path}`, {
    perMessageDeflate: false,
    headers: {
      'x-twilio-signature': twilio.getExpectedTwilioSignature(
        AUTH_TOKEN,
        `${PUBLIC.replace(/^http/, 'ws')}${path}`,
        {},
      ),
    },
  });
  await new Promise<void>((res, rej) => {
    relay.once('open', () => res());
    relay.once('error', rej);
  });
  let waiting: ((text: string, at: number) => void) | null = null;
  relay.on('message', (d) => {
    const at = now();
    const f = JSON.parse(String(d)) as { type: string; token?: string };
    if (f.type === 'text' && waiting) waiting(f.token ?? '', at);
  });
  relay.send(JSON.stringify({ type: 'setup', callSid: providerCallId }));

  const toTurn: number[] = [];
  const toText: number[] = [];
  const fallbacks: string[] = [];
  const started = performance.now();
  for (let i = 0; i < WARMUP + TURNS; i++) {
    const words = `utterance ${i}`;
    const sent = now();
    const spoken = await new Promise<{ text: string; at: number }>((resolve) => {
      waiting = (text, at) => resolve({ text, at });
      relay.send(JSON.stringify({ type: 'prompt', voicePrompt: words, last: true }));
    });
    if (spoken.text !== `answer ${words}`) {
      fallbacks.push(spoken.text);
      continue;
    }
    if (i < WARMUP) continue;
    toTurn.push(turnAt.get(words)! - sent);
    toText.push(spoken.at - responseAt.get(words)!);
  }
  const seconds = (performance.now() - started) / 1000;

  console.log(
    `${TURNS} sequential turns (+${WARMUP} warm-up), agent socket on another process, PostgreSQL ${url.replace(/\/\/[^@]*@/, '//')}; ${seconds.toFixed(1)} s`,
  );
  printTable(
    ['path', 'p50 ms', 'p99 ms', 'max ms', 'target p99'],
    [
      ['relay prompt → voice.turn at the agent', pct(toTurn, 50), pct(toTurn, 99), Math.max(...toTurn), '< 50 ms'],
      ['voice.response → relay text frame', pct(toText, 50), pct(toText, 99), Math.max(...toText), '< 50 ms'],
    ],
  );
  console.log(
    `load average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (2 cores shared)`,
  );
  if (fallbacks.length) console.log(`fallback lines spoken instead of answers: ${fallbacks.length}`);
  relay.close();
  await agent.close();
  await runtime.close();
} finally {
  if (child) {
    child.child.kill('SIGTERM');
    await child.exited();
  }
  await db.exec(`drop schema if exists ${schema} cascade`).catch(() => {});
  await db.close();
}
