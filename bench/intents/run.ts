/**
 * Payment intents on PostgreSQL, two figures:
 *
 * 1. Throughput of POST /v1/payment-intents (API-key auth, validation, settings, CREATE2 deposit address, intent +
 *    deposit address + timeline + expiry job in one statement) beside a bare Fastify + postgres.js route doing one
 *    INSERT, in the same run, against the same PostgreSQL server, with the same pool size. Load comes from
 *    autocannon in a child process (so it does not share the servers' event loop); the two servers alternate in
 *    rounds so machine noise hits both. Target: bench/targets.ts (intents.vsBareInsert).
 *
 * 2. Detection latency: from the moment a transfer's block exists (automine: the send returns once the block is
 *    mined) to the commit of the status change (DETECTED), with the chain watcher running as in production
 *    (polling), with 100 and with 100,000 open intents. Also the watcher's processing time per block and its RPC
 *    calls per block. Target: <= 1 block interval (devnet: 1 s) + 250 ms, and the 100,000 figure within 1.2x of
 *    the 100 figure with the same number of RPC calls per block.
 *
 * 3. Creating an intent through a payment link (POST /public/payment-links/{id}/intents: the customer's start, a
 *    CREATED intent from the link's terms) beside a direct POST /v1/payment-intents, on the same gateway, alternating
 *    in rounds. Reported as cost ratio = direct req/s ÷ link req/s (per round, median). Target <= 1.2.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/intents/run.ts [--seconds=4] [--rounds=5 | --quick] [--big=100000]
 *                                                          [--skip-latency]   (--quick: one round of 2 s, no latency)
 *   env BENCH_CPU_PROFILE=prefix: after the rounds, profiles one load of each server alone (prefix.<server>.cpuprofile)
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import postgres from 'postgres';
import { createDevnetClient, devnetAccounts, startDevnet, type DevnetManifest } from '@tender/evm';
import { createLogger, migrate, newId, openDatabase, platformMigrations, type Database } from '@tender/platform';
import { erc20Abi, getAddress, type Address } from 'viem';
import {
  createGatewayServer,
  createGatewayServices,
  gatewayFeatures,
  gatewayMigrations,
  type GatewayContext,
} from '../../apps/gateway/src/index.ts';
import { issueApiKey } from '../../apps/gateway/src/apiKeys/apiKeys.ts';
import { createMerchantWithOwner } from '../../apps/gateway/src/accounts/accounts.ts';
import { SYSTEM_ACTOR } from '../../apps/gateway/src/auth/principal.ts';
import { createNetworkRegistry } from '../../apps/gateway/src/networks/registry.ts';
import { createPaymentIntent } from '../../apps/gateway/src/payments/createPaymentIntent.ts';
import { createPaymentLink } from '../../apps/gateway/src/paymentLinks/createPaymentLink.ts';
import type { Principal } from '../../apps/gateway/src/auth/principal.ts';
import { setProvenVault } from '../../apps/gateway/src/_test/provenVault.ts';
import { createRpcChainReader } from '../../apps/gateway/src/watcher/chainReader.ts';
import { createChainWatcher, type PollResult } from '../../apps/gateway/src/watcher/chainWatcher.ts';
import { startCpuProfile } from '../_lib/cpuProfile.ts';
import { numberOption } from '../_lib/numberOption.ts';
import { printTable } from '../_lib/printTable.ts';
import { reportFigures } from '../_lib/reportFigures.ts';
import {
  QUICK,
  alternateRounds,
  judge,
  loadLine,
  printJudged,
  roundsOption,
  sizeOption,
  type Side,
} from '../_lib/rounds.ts';

const SECONDS = sizeOption('seconds', 4, 2);
const ROUNDS = roundsOption();
const BIG = numberOption('big', 100_000);
const SKIP_LATENCY = QUICK || process.argv.includes('--skip-latency');
const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const POOL = 10;
const CONNECTIONS = 32;
const BODY = JSON.stringify({
  amount: '10.50',
  networks: ['devnet'],
  order_reference: 'bench-order',
  description: 'bench',
});
const log = createLogger({ level: 'silent' });

async function freshDb(tag: string): Promise<Database & { drop(): Promise<void> }> {
  const schema = `bench_${tag}_${Date.now().toString(36)}`;
  const db = await openDatabase({ url: URL_, schema, poolSize: POOL });
  await migrate(db, [...(await platformMigrations()), ...(await gatewayMigrations())]);
  return Object.assign(db, {
    async drop() {
      await db.exec(`drop schema if exists ${schema} cascade`);
      await db.close();
    },
  });
}

async function merchantWithKey(db: Database): Promise<{ merchantId: string; secret: string }> {
  const now = new Date();
  const { merchant } = await createMerchantWithOwner(db, {
    businessName: 'Bench',
    email: null,
    emailVerifiedAt: null,
    passwordHash: null,
    now,
  });
  const { secret } = await issueApiKey(db, {
    merchantId: merchant.id,
    name: 'bench',
    environment: 'test',
    role: 'developer',
    createdBy: null,
    actor: SYSTEM_ACTOR,
    now,
  });
  return { merchantId: merchant.id, secret };
}

function gatewayCtx(db: Database, manifest: DevnetManifest, confirmations = 2): GatewayContext {
  return createGatewayServices({
    db,
    logger: log,
    config: { publicUrl: 'http://127.0.0.1', profile: 'dev' },
    networkRegistry: createNetworkRegistry(
      { profile: 'dev', watcherPollMs: 100 },
      { devnet: manifest, devnetOverrides: { confirmations } },
    ),
  });
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** autocannon in a child process: its JSON summary. */
function load(url: string, headers: Record<string, string>, body = BODY): Promise<LoadResult> {
  const bin = fileURLToPath(new URL('../../node_modules/autocannon/autocannon.js', import.meta.url));
  const args = [bin, '-c', String(CONNECTIONS), '-d', String(SECONDS), '-m', 'POST', '-b', body, '-j'];
  for (const [k, v] of Object.entries({ 'content-type': 'application/json', ...headers })) args.push('-H', `${k}=${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        const j = JSON.parse(out) as {
          requests: { average: number };
          latency: { p50: number; p99: number };
          non2xx: number;
          errors: number;
        };
        resolve({
          rps: j.requests.average,
          p50: j.latency.p50,
          p99: j.latency.p99,
          non2xx: j.non2xx,
          errors: j.errors,
        });
      } catch (err) {
        reject(new Error(`autocannon exited ${code}: ${out.slice(0, 500)} ${String(err)}`));
      }
    });
  });
}

async function throughput(manifest: DevnetManifest): Promise<void> {
  // Tender's gateway.
  const gdb = await freshDb('gw');
  const { merchantId, secret } = await merchantWithKey(gdb);
  const ctx = gatewayCtx(gdb, manifest);
  await setProvenVault(gdb, ctx, { merchantId, environment: 'test' }, devnetAccounts()[1]!);
  // The in-memory per-IP rate limit is off: the load comes from one address, and the baseline has none.
  const gateway = await createGatewayServer(ctx, gatewayFeatures(ctx), { rateLimit: false });
  await gateway.listen({ host: '127.0.0.1', port: 0 });
  const gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}/v1/payment-intents`;

  // The baseline: bare Fastify + postgres.js, one INSERT per request, same server and pool size.
  const schema = `bench_bare_${Date.now().toString(36)}`;
  const sql = postgres(URL_, { max: POOL, onnotice: () => {}, connection: { search_path: schema } });
  await sql.unsafe(`create schema ${schema}`);
  await sql.unsafe(`create table ${schema}.bare_intents (id text primary key, merchant_id text not null,
    amount text not null, order_reference text, created_at timestamptz not null default now())`);
  const bare = Fastify({ logger: false });
  bare.post('/v1/payment-intents', async (req, reply) => {
    const b = req.body as { amount: string; order_reference?: string };
    const id = newId('pi');
    await sql`insert into bare_intents (id, merchant_id, amount, order_reference) values (${id}, ${'m'}, ${b.amount}, ${b.order_reference ?? null})`;
    return reply.code(201).send({ id, amount: b.amount });
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}/v1/payment-intents`;

  // Warm-up (JIT, pools), then alternating rounds (bench/_lib/rounds.ts).
  await load(gatewayUrl, { authorization: `Bearer ${secret}` });
  await load(bareUrl, {});
  const rows: (string | number)[][] = [];
  const asFigures = (x: LoadResult) => ({
    'req/s': x.rps,
    'p50 ms': x.p50,
    'p99 ms': x.p99,
    failed: x.non2xx + x.errors,
  });
  const sides: Side[] = [
    { name: 'bare', run: async () => asFigures(await load(bareUrl, {})) },
    { name: 'gateway', run: async () => asFigures(await load(gatewayUrl, { authorization: `Bearer ${secret}` })) },
  ];
  const rounds = await alternateRounds(sides, ROUNDS);
  for (const r of rounds) {
    const [b, g] = [r.sides.bare!, r.sides.gateway!];
    rows.push([
      `round ${r.round}`,
      b['req/s']!,
      g['req/s']!,
      g['req/s']! / b['req/s']!,
      b['p50 ms']!,
      g['p50 ms']!,
      g.failed!,
    ]);
  }
  console.log(
    `\nPOST /v1/payment-intents on PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s per round, pool ${POOL}`,
  );
  printTable(['', 'bare req/s', 'gateway req/s', 'ratio', 'bare p50 ms', 'gateway p50 ms', 'gateway non-2xx'], rows);
  // The machine is shared: judge by the median of the per-round ratios (each round pairs the two servers in time).
  const ratio = judge(rounds, 'intents.vsBareInsert', 'gateway / bare req/s (same round)', 'higher', (r) => {
    return (r.sides.gateway?.['req/s'] ?? NaN) / (r.sides.bare?.['req/s'] ?? NaN);
  });
  printJudged([
    judge(rounds, '', 'bare req/s', 'higher', (r) => r.sides.bare?.['req/s']),
    judge(rounds, '', 'gateway req/s', 'higher', (r) => r.sides.gateway?.['req/s']),
    judge(rounds, '', 'gateway p50 ms', 'lower', (r) => r.sides.gateway?.['p50 ms']),
    ratio,
  ]);
  reportFigures([ratio]);
  // BENCH_CPU_PROFILE=prefix: one more load of each server alone, profiled (prefix.gateway/.bare.cpuprofile).
  const prefix = process.env.BENCH_CPU_PROFILE;
  if (prefix) {
    for (const [name, url, headers] of [
      ['gateway', gatewayUrl, { authorization: `Bearer ${secret}` }],
      ['bare', bareUrl, {}],
    ] as const) {
      const stop = await startCpuProfile(`${prefix}.${name}.cpuprofile`);
      const r = await load(url, headers);
      await stop();
      console.log(`profiled ${name}: ${Math.round(r.rps)} req/s`);
    }
  }
  const [{ n }] = (await gdb.query<{ n: string }>('select count(*) as n from payment_intents')) as [{ n: string }];
  const [{ d }] = (await gdb.query<{ d: string }>('select count(*) as d from deposit_addresses')) as [{ d: string }];
  console.log(`gateway wrote ${n} intents and ${d} deposit addresses`);
  await linkCost(gateway.server.address() as AddressInfo, secret, ctx, merchantId);
  await gateway.close();
  await bare.close();
  await sql.unsafe(`drop schema ${schema} cascade`);
  await sql.end();
  await gdb.drop();
}

interface LatencySide {
  open: number;
  createdIn: number;
  ids: { id: string; address: Address }[];
  lat: number[];
  polls: { ms: number; calls: number; blocks: number }[];
  waiting: Map<string, (t: number) => void>;
  start(): void;
  stop(): Promise<void>;
}

/** A database with `open` open intents and its own production watcher on the shared devnet. */
async function latencySide(manifest: DevnetManifest, open: number, samples: number): Promise<LatencySide> {
  const db = await freshDb(`lat${open}`);
  const ctx = gatewayCtx(db, manifest);
  const { merchantId } = await merchantWithKey(db);
  const tenant = { merchantId, environment: 'test' as const };
  await setProvenVault(db, ctx, tenant, devnetAccounts()[1]!);
  // Open intents, created by the real operation, `concurrency` at a time.
  const t0 = performance.now();
  const ids: { id: string; address: Address }[] = [];
  const concurrency = 16;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < open) {
        next++;
        const c = await createPaymentIntent(ctx, tenant, {
          amount: '1',
          networks: ['devnet'],
          expires_in_seconds: 86_400,
        });
        if (ids.length < samples) ids.push({ id: c.id, address: getAddress(c.deposits[0]!.address) });
      }
    }),
  );
  const createdIn = (performance.now() - t0) / 1000;
  await db.exec('vacuum analyze');
  const waiting = new Map<string, (t: number) => void>();
  const polls: { ms: number; calls: number; blocks: number }[] = [];
  // The production watcher, with its onCommit hook timing each status change as it commits.
  const watcher = createChainWatcher(ctx, {
    network: ctx.networkRegistry!.get('devnet')!,
    reader: createRpcChainReader(manifest.rpcUrl),
    pollMs: 100,
    maxRange: 1000,
    onCommit: (r: PollResult) => {
      const t = performance.now();
      for (const id of r.changedPayments) waiting.get(id)?.(t);
    },
    // Polls that processed blocks: their duration and RPC calls.
    onPoll: (r: PollResult, ms: number) => {
      if (r.blocks > 0) polls.push({ ms, calls: r.rpcCalls, blocks: r.blocks });
    },
  });
  // Catch up first (the watcher starts a confirmation depth below the head).
  for (let i = 0; i < 50 && (await watcher.pollOnce()).behind; i++);
  return {
    open,
    createdIn,
    ids,
    lat: [],
    polls,
    waiting,
    start: () => {
      polls.length = 0;
      watcher.start();
    },
    async stop() {
      await watcher.stop();
      await db.drop();
    },
  };
}

/**
 * Both databases watch the same chain at the same time, and the samples alternate between them, so that machine
 * noise (this machine is shared) hits both alike. Every block is processed by both watchers.
 */
async function latency(manifest: DevnetManifest, samples: number): Promise<LatencyRow[]> {
  const sides = [await latencySide(manifest, 100, samples), await latencySide(manifest, BIG, samples)];
  for (const s of sides) s.start();
  const payer = createDevnetClient(manifest.rpcUrl, { account: devnetAccounts()[3]! });
  for (let i = 0; i < samples; i++) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const p = side.ids[i]!;
      const done = new Promise<number>((resolve) => side.waiting.set(p.id, resolve));
      // Automine: the transaction's block exists when the send returns.
      await payer.writeContract({
        address: manifest.tokens.USDC,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [p.address, 1_000_000n],
      });
      const blockAt = performance.now();
      side.lat.push((await done) - blockAt);
      side.waiting.delete(p.id);
      await new Promise((r) => setTimeout(r, 30 + Math.random() * 100)); // desynchronise from the poll phase
    }
  }
  for (const s of sides) await s.stop();
  return sides.map((s) => {
    const sorted = [...s.lat].sort((a, b) => a - b);
    const pct = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    // Steady state: polls that found exactly one new block (a poll that finds k > 1 blocks costs 3 calls in all).
    const single = s.polls.filter((p) => p.blocks === 1);
    return {
      open: s.open,
      createdIn: s.createdIn,
      p50: pct(0.5),
      p95: pct(0.95),
      max: sorted[sorted.length - 1]!,
      processMs: s.polls.reduce((a, p) => a + p.ms, 0) / s.polls.length,
      callsPerBlock: single.reduce((a, p) => a + p.calls, 0) / single.length,
    };
  });
}

interface LatencyRow {
  open: number;
  createdIn: number;
  p50: number;
  p95: number;
  max: number;
  processMs: number;
  callsPerBlock: number;
}

/** Figure 3: a payment-link intent against a direct intent, same gateway, alternating rounds. */
async function linkCost(addr: AddressInfo, secret: string, ctx: GatewayContext, merchantId: string): Promise<void> {
  const owner: Principal = {
    merchantId,
    environment: 'test',
    role: 'owner',
    kind: 'session',
    keyId: null,
    sessionId: null,
    userId: null,
    ip: null,
  };
  const link = await createPaymentLink(ctx, owner, {
    name: 'bench link',
    amount: '10.50',
    description: 'bench',
    networks: ['devnet'],
  });
  const direct = `http://127.0.0.1:${addr.port}/v1/payment-intents`;
  const viaLink = `http://127.0.0.1:${addr.port}/public/payment-links/${link.id}/intents`;
  await load(viaLink, {}, '{}'); // warm-up
  const rows: (string | number)[][] = [];
  const ratios: number[] = [];
  const ds: LoadResult[] = [];
  const ls: LoadResult[] = [];
  for (let r = 1; r <= ROUNDS; r++) {
    const d = await load(direct, { authorization: `Bearer ${secret}` });
    const l = await load(viaLink, {}, '{}');
    ds.push(d);
    ls.push(l);
    ratios.push(d.rps / l.rps);
    rows.push([`round ${r}`, d.rps, l.rps, d.rps / l.rps, d.p50, l.p50, l.non2xx + l.errors]);
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const ratio = median(ratios);
  const m = (xs: LoadResult[], k: 'rps' | 'p50') => median(xs.map((x) => x[k]));
  rows.push(['median', m(ds, 'rps'), m(ls, 'rps'), ratio, m(ds, 'p50'), m(ls, 'p50'), 0]);
  console.log(`\nPOST /public/payment-links/{id}/intents vs POST /v1/payment-intents, ${CONNECTIONS} connections`);
  printTable(['', 'direct req/s', 'link req/s', 'cost ratio', 'direct p50 ms', 'link p50 ms', 'link non-2xx'], rows);
  const [{ n }] = (await ctx.db.query<{ n: string }>(
    'select count(*) as n from payment_intents where payment_link_id = $1',
    [link.id],
  )) as [{ n: string }];
  console.log(
    `link intents written: ${n} (status CREATED); median cost ratio link/direct ${ratio.toFixed(2)}, target <= 1.2: ${ratio <= 1.2 ? 'met' : 'NOT met'}`,
  );
}

async function main() {
  console.log(loadLine('before the run'));
  const devnet = await startDevnet({ blockTime: 0 });
  try {
    await throughput(devnet.manifest);
    if (SKIP_LATENCY) return;
    const samples = 40;
    const [small, big] = (await latency(devnet.manifest, samples)) as [LatencyRow, LatencyRow];
    console.log(
      `\nDetection latency, transfer's block -> status change committed (two watchers polling every 100 ms, samples alternating), ${samples} samples each`,
    );
    printTable(
      [
        'open intents',
        'setup s',
        'p50 ms',
        'p95 ms',
        'max ms',
        'processing ms/poll',
        'RPC calls/block (1-block polls)',
      ],
      [small, big].map((r) => [r.open, r.createdIn, r.p50, r.p95, r.max, r.processMs, r.callsPerBlock]),
    );
    const budget = 1000 + 250;
    console.log(
      `target p95 <= 1 block interval (1 s) + 250 ms = ${budget} ms: ${Math.max(small.p95, big.p95) <= budget ? 'met' : 'NOT met'}; ` +
        `p50 ratio ${BIG.toLocaleString('en-US')}/100 = ${(big.p50 / small.p50).toFixed(2)} (target <= 1.2); ` +
        `processing ratio ${(big.processMs / small.processMs).toFixed(2)}; ` +
        `RPC calls per block ${small.callsPerBlock} vs ${big.callsPerBlock} (${small.callsPerBlock === big.callsPerBlock ? 'same' : 'DIFFERENT'})`,
    );
  } finally {
    await devnet.stop();
    console.log(loadLine('after the run'));
  }
}

await main();
process.exit(0);
