/**
 * The HTTP client of the webhook sender, measured alone: Node's `http` with a keep-alive Agent (what sender.ts uses)
 * beside `undici`'s Pool, the candidate, and the sender itself (createWebhookSender: its client behind the host
 * gate, the SSRF guard's checks, the read cap and the timeout). Same receiver (receiver.ts, its own process), same bodies, same
 * concurrency; the two alternate round by round so that the shared machine's load hits both. Prints, per client,
 * the median and the worst round of requests per second and of this process's CPU per request (the figure that
 * matters: the sender's CPU is what the delivery runner shares with its database work), with the load average.
 *
 *   npx tsx bench/webhooks/clients.ts [--requests=20000] [--concurrency=64] [--rounds=5]
 */
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { createWebhookSender } from '../../apps/gateway/src/webhooks/sender.ts';
import { urlPolicy } from '../../apps/gateway/src/webhooks/ssrfGuard.ts';
import { numberOption } from '../_lib/numberOption.ts';
import { printTable } from '../_lib/printTable.ts';
import { startReceiver } from './startReceiver.ts';

const N = numberOption('requests', 20_000);
const C = numberOption('concurrency', 64);
const ROUNDS = numberOption('rounds', 5);
const BODY = JSON.stringify({
  id: 'evt_bench',
  object: 'event',
  type: 'payment.confirmed',
  data: { x: 'y'.repeat(400) },
});
const HEADERS = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(BODY)) };

type Post = () => Promise<void>;

function nodeHttp(port: number): { post: Post; close(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: C, maxFreeSockets: C, scheduling: 'lifo' });
  const post: Post = () =>
    new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/webhooks', method: 'POST', agent, headers: HEADERS },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
        },
      );
      req.on('error', reject);
      req.end(BODY);
    });
  return { post, close: () => agent.destroy() };
}

function undiciPool(port: number): { post: Post; close(): void } {
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: C, pipelining: 1 });
  const post: Post = async () => {
    const res = await pool.request({ path: '/webhooks', method: 'POST', headers: HEADERS, body: BODY });
    await res.body.dump();
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}`);
  };
  return { post, close: () => void pool.close() };
}

function webhookSender(port: number): { post: Post; close(): void } {
  const sender = createWebhookSender({ maxSocketsPerHost: C });
  const url = `http://127.0.0.1:${port}/webhooks`;
  const policy = urlPolicy('test', true);
  const headers = { 'content-type': 'application/json' };
  const post: Post = async () => {
    const r = await sender.send({ url, body: BODY, headers, policy, timeoutMs: 10_000 });
    if (!r.ok) throw new Error(r.error ?? 'failed');
  };
  return { post, close: () => sender.close() };
}

async function round(post: Post): Promise<{ perSecond: number; cpuUs: number }> {
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next++ < N) await post();
    }),
  );
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { perSecond: (N * 1000) / ms, cpuUs: (cpu.user + cpu.system) / N };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const { child: receiver, port } = await startReceiver();
  const clients = {
    'node:http Agent (keep-alive)': nodeHttp(port),
    'undici Pool': undiciPool(port),
    'webhook sender (createWebhookSender)': webhookSender(port),
  };
  const results = new Map<string, { perSecond: number; cpuUs: number }[]>();
  try {
    for (const c of Object.values(clients)) await round(c.post); // warm-up: JIT and connections
    const load0 = os.loadavg()[0]!;
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate which goes first.
      const order = r % 2 ? Object.entries(clients).reverse() : Object.entries(clients);
      for (const [name, c] of order) results.set(name, [...(results.get(name) ?? []), await round(c.post)]);
    }
    const load1 = os.loadavg()[0]!;
    console.log(
      `webhook HTTP clients: ${N.toLocaleString('en-US')} POSTs per round, ${C} connections, ${ROUNDS} alternating ` +
        `rounds, load average ${load0.toFixed(1)} → ${load1.toFixed(1)} (${os.cpus().length} cores)\n`,
    );
    printTable(
      ['client', 'req/s median', 'req/s worst', 'cpu µs/req median', 'cpu µs/req worst'],
      [...results].map(([name, rs]) => [
        name,
        median(rs.map((x) => x.perSecond)),
        Math.min(...rs.map((x) => x.perSecond)),
        median(rs.map((x) => x.cpuUs)),
        Math.max(...rs.map((x) => x.cpuUs)),
      ]),
    );
  } finally {
    for (const c of Object.values(clients)) c.close();
    receiver.kill('SIGKILL');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
