/**
 * Dashboard reads on PostgreSQL with few and with many payments: p50 and p99 of GET /v1/overview,
 * GET /v1/payments?limit=100 (first page, a later page by cursor, a status filter and a search) and
 * GET /v1/payments/{id}, with SMALL (1,000) and BIG (100,000) payments of one merchant, side by side with the ratio
 * big/small. Target: every BIG p99 within 1.5x of the SMALL p99.
 *
 * The data is written in bulk with SQL (generate_series), not through the API: payments spread over the last 60
 * days in every status, a deposit address each, incoming transfers for the paid ones and settlement transfers for
 * the settled ones, and a timeline. The aggregate triggers run as they would for facts recorded one by one.
 * Requests go one at a time over real HTTP, alternating between the two databases so that machine noise (this
 * machine is shared) hits both alike. Each round gives every read's p99 ratio big/small, judged on the median.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/reads/run.ts [--samples=200 (per round)] [--rounds=5 | --quick]
 *                                                       [--small=1000] [--big=100000]
 */
import type { AddressInfo } from 'node:net';
import { createLogger, migrate, openDatabase, platformMigrations, type Database } from '@tender/platform';
import {
  createGatewayServer,
  createGatewayServices,
  gatewayFeatures,
  gatewayMigrations,
} from '../../apps/gateway/src/index.ts';
import { issueApiKey } from '../../apps/gateway/src/apiKeys/apiKeys.ts';
import { createMerchantWithOwner } from '../../apps/gateway/src/accounts/accounts.ts';
import { SYSTEM_ACTOR } from '../../apps/gateway/src/auth/principal.ts';
import { createNetworkRegistry } from '../../apps/gateway/src/networks/registry.ts';
import { numberOption } from '../_lib/numberOption.ts';
import { printTable } from '../_lib/printTable.ts';
import { reportFigures } from '../_lib/reportFigures.ts';
import { judge, loadLine, loadNow, printJudged, roundsOption, sizeOption, type Round } from '../_lib/rounds.ts';

const SAMPLES = sizeOption('samples', 200, 40);
const ROUNDS = roundsOption();
const SMALL = numberOption('small', 1_000);
const BIG = sizeOption('big', 100_000, 10_000);
const URL_ = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const NETWORK = 'base-sepolia';
const USDC = '0x036cbd53842c5426634e7929541ec2318f3dcf7e';
const log = createLogger({ level: 'silent' });

interface Side {
  payments: number;
  base: string;
  secret: string;
  ids: string[];
  /** A cursor from the middle of the list: a later page. */
  cursor: string;
  close(): Promise<void>;
}

/** Every payment of the merchant in one INSERT … SELECT per table. */
async function seed(db: Database, merchantId: string, n: number): Promise<void> {
  const statuses = `(array['AWAITING_PAYMENT','EXPIRED','PAID','SETTLED','SETTLED','SETTLED','SETTLED','UNDERPAID',
    'SETTLEMENT_PENDING','DETECTED'])[1 + g % 10]`;
  // Spread over 60 days, newest g = 1; a few payments share a millisecond, as they do under load.
  const created = `now() - (g * (interval '60 days' / ${n}))`;
  await db.exec(`
    insert into payment_intents (id, merchant_id, environment, status, amount_units, currency, decimals,
      order_reference, description, checkout_methods, metadata, expires_at, received_units, final_units,
      settled_units, status_changed_at, created_at, updated_at)
    select 'pi_bench' || lpad(g::text, 8, '0'), '${merchantId}', 'test', ${statuses}, (1 + g % 100) * 1000000,
      'USDC', 6, 'order-' || lpad(g::text, 6, '0'), 'Bench order ' || g, '{wallet}', jsonb_build_object('sku', 'sku-' || g % 50),
      ${created} + interval '20 minutes',
      case when g % 10 in (2,3,4,5,6,8,9) then (1 + g % 100) * 1000000 else 0 end,
      case when g % 10 in (2,3,4,5,6,8) then (1 + g % 100) * 1000000 else 0 end,
      case when g % 10 in (3,4,5,6) then (1 + g % 100) * 1000000 else 0 end,
      ${created}, ${created}, ${created}
    from generate_series(1, ${n}) g;

    insert into deposit_addresses (payment_id, network, address, merchant_id, environment, token, vault, factory,
      salt, created_at)
    select 'pi_bench' || lpad(g::text, 8, '0'), '${NETWORK}', '0xd' || lpad(to_hex(g), 39, '0'), '${merchantId}',
      'test', '${USDC}', '0x${'a'.repeat(40)}', '0x${'f'.repeat(40)}', '0x0' || lpad(to_hex(g), 63, '0'), ${created}
    from generate_series(1, ${n}) g;

    insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
      official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
      final, observed_at, final_at)
    select '${NETWORK}', 'pi_bench' || lpad(g::text, 8, '0'), '${merchantId}', 'test', 'incoming',
      '0xd' || lpad(to_hex(g), 39, '0'), '${USDC}', true, '0x${'c'.repeat(40)}', '0xd' || lpad(to_hex(g), 39, '0'),
      (1 + g % 100) * 1000000, 1000000 + g, '0xb' || lpad(to_hex(g), 63, '0'), ${created} + interval '1 minute',
      '0xe' || lpad(to_hex(g), 63, '0'), 0, g % 10 <> 9, ${created}, ${created}
    from generate_series(1, ${n}) g where g % 10 in (2,3,4,5,6,8,9);

    insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
      official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
      final, observed_at, final_at)
    select '${NETWORK}', 'pi_bench' || lpad(g::text, 8, '0'), '${merchantId}', 'test', 'settlement',
      '0xd' || lpad(to_hex(g), 39, '0'), '${USDC}', true, '0xd' || lpad(to_hex(g), 39, '0'), '0x${'a'.repeat(40)}',
      (1 + g % 100) * 1000000, 2000000 + g, '0xa' || lpad(to_hex(g), 63, '0'), ${created} + interval '3 minutes',
      '0xf' || lpad(to_hex(g), 63, '0'), 0, true, ${created}, ${created}
    from generate_series(1, ${n}) g where g % 10 in (3,4,5,6);

    insert into payment_timeline (payment_id, status, previous_status, reason, created_at)
    select 'pi_bench' || lpad(g::text, 8, '0'), ${statuses}, 'AWAITING_PAYMENT', 'bench', ${created} + interval '2 minutes'
    from generate_series(1, ${n}) g where g % 10 <> 0;

    analyze;
  `);
}

async function side(payments: number): Promise<Side> {
  const schema = `bench_reads_${payments}_${Date.now().toString(36)}`;
  const db = await openDatabase({ url: URL_, schema, poolSize: 10 });
  await migrate(db, [...(await platformMigrations()), ...(await gatewayMigrations())]);
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
  const t0 = performance.now();
  await seed(db, merchant.id, payments);
  console.log(
    `seeded ${payments.toLocaleString('en-US')} payments in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const ctx = createGatewayServices({
    db,
    logger: log,
    now: () => new Date(),
    config: { publicUrl: 'http://127.0.0.1', profile: 'production' },
    networkRegistry: createNetworkRegistry({ profile: 'production' }),
  });
  const server = await createGatewayServer(ctx, gatewayFeatures(ctx), { rateLimit: false });
  await server.listen({ host: '127.0.0.1', port: 0 });
  const ids = (
    await db.query<{ id: string }>(
      `select id from payment_intents order by md5(id) limit ${Math.min(payments, SAMPLES)}`,
    )
  ).map((r) => r.id);
  const [mid] = await db.query<{ created_at: Date }>(
    `select created_at from payment_intents order by created_at desc offset ${Math.floor(payments / 2)} limit 1`,
  );
  return {
    payments,
    base: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    secret,
    ids,
    cursor: mid!.created_at.toISOString(),
    async close() {
      await server.close();
      await db.exec(`drop schema if exists ${schema} cascade`);
      await db.close();
    },
  };
}

const READS: { name: string; path: (s: Side, i: number) => string }[] = [
  { name: 'GET /v1/overview (30 days)', path: () => '/v1/overview' },
  { name: 'GET /v1/overview?days=365', path: () => '/v1/overview?days=365' },
  { name: 'GET /v1/payments?limit=100', path: () => '/v1/payments?limit=100' },
  {
    name: 'GET /v1/payments?limit=100&cursor=(middle)',
    path: (s) => `/v1/payments?limit=100&cursor=${encodeURIComponent(s.cursor)}`,
  },
  { name: 'GET /v1/payments?status=EXPIRED&limit=100', path: () => '/v1/payments?status=EXPIRED&limit=100' },
  // Every order reference starts with `order-`: its trigrams are in every row, the worst case for the trigram index.
  {
    name: 'GET /v1/payments?q=<order reference>',
    // A whole reference, as a merchant looks up one order: it matches one payment in either shop. (Unpadded
    // references made the same text match 1 payment among 1,000 and 111 among 100,000, so the figure compared
    // a page of 1 with a page of 20, not the search.)
    path: (s, i) => `/v1/payments?q=order-${String(1 + ((i * 7) % s.payments)).padStart(6, '0')}`,
  },
  {
    name: 'GET /v1/payments?q=<deposit address>',
    path: (s, i) => `/v1/payments?q=0xd${(1 + ((i * 7) % s.payments)).toString(16).padStart(39, '0')}`,
  },
  { name: 'GET /v1/payments/{id}', path: (s, i) => `/v1/payments/${s.ids[i % s.ids.length]}` },
];

async function timed(s: Side, path: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(s.base + path, { headers: { authorization: `Bearer ${s.secret}` } });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return ms;
}

function pct(xs: number[], q: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function main() {
  console.log(loadLine('before the run'));
  const small = await side(SMALL);
  const big = await side(BIG);
  try {
    // Warm-up: JIT, prepared statements, buffer cache.
    for (const read of READS)
      for (let i = 0; i < 20; i++) for (const s of [small, big]) await timed(s, read.path(s, i));
    // Rounds: every read, SAMPLES requests per side interleaved request by request (alternating which goes first).
    const rounds: Round[] = [];
    const all = new Map<string, [number[], number[]]>(READS.map((r) => [r.name, [[], []]]));
    for (let r = 0; r < ROUNDS; r++) {
      const round: Round = { round: r + 1, sides: { small: {}, big: {} }, load: { both: loadNow() } };
      for (const read of READS) {
        const lat: [number[], number[]] = [[], []];
        for (let i = 0; i < SAMPLES; i++) {
          const order = (i + r) % 2 === 0 ? [0, 1] : [1, 0];
          for (const k of order) lat[k]!.push(await timed(k === 0 ? small : big, read.path(k === 0 ? small : big, i)));
        }
        round.sides.small![read.name] = pct(lat[0], 0.99);
        round.sides.big![read.name] = pct(lat[1], 0.99);
        all.get(read.name)![0].push(...lat[0]);
        all.get(read.name)![1].push(...lat[1]);
      }
      console.log(`round ${r + 1}/${ROUNDS} done (load ${round.load.both!.toFixed(2)})`);
      rounds.push(round);
    }
    const k = (n: number) => `${n / 1000}k`;
    console.log(`\nDashboard reads on PostgreSQL, one request at a time, ${ROUNDS} × ${SAMPLES} samples per figure`);
    printTable(
      ['read', `${k(SMALL)} p50 ms`, `${k(SMALL)} p99 ms`, `${k(BIG)} p50 ms`, `${k(BIG)} p99 ms`],
      READS.map((read) => {
        const [s, b] = all.get(read.name)!;
        return [read.name, pct(s, 0.5), pct(s, 0.99), pct(b, 0.5), pct(b, 0.99)];
      }),
    );
    console.log(`\np99 ${k(BIG)} / ${k(SMALL)} per round (each round's own p99 of ${SAMPLES} samples per side):`);
    const ratioOf = (name: string) => (r: Round) => (r.sides.big?.[name] ?? NaN) / (r.sides.small?.[name] ?? NaN);
    const idOf: Record<string, string> = {
      'GET /v1/payments?q=<order reference>': 'reads.orderReference.p99.100kOver1k',
      'GET /v1/payments?q=<deposit address>': 'reads.depositAddress.p99.100kOver1k',
    };
    const judged = READS.map((read) => judge(rounds, idOf[read.name] ?? '', read.name, 'lower', ratioOf(read.name)));
    printJudged(judged);
    const met = judged.every((j) => j.median <= 1.5);
    console.log(
      `target: every ${k(BIG)} p99 within 1.5x of the ${k(SMALL)} p99 (median round): ${met ? 'met' : 'NOT met'}`,
    );
    reportFigures(judged.filter((j) => j.id));
    console.log(loadLine('after the run'));
  } finally {
    await small.close();
    await big.close();
  }
}

await main();
process.exit(0);
