/**
 * What the webhook delivery's data model allows on this machine, whatever the code around it: the bare undici loop
 * of run.ts beside a minimal delivery runner over the same shape of rows. A delivery is a row claimed under a lease
 * (one batched `update … returning` with SKIP LOCKED, as claimDeliveries), POSTed, then completed: its state moved
 * on and one attempt row logged, fenced by the lease, in one batched statement (as writeAttempts), with the same
 * deliveries in flight (512) over the same connections (64). Nothing else: no signature, no SSRF guard, no endpoint
 * or event joined in, narrow rows with one index each. Tender's figure (run.ts, tender / bare) can be read against
 * this one (floor / bare): the gap between them is Tender's own; the gap between this one and 1 is the model's.
 *
 *   npx tsx bench/webhooks/floor.ts [--events=20000] [--rounds=5 | --quick]
 *                                   (add NODE_OPTIONS=--max-semi-space-size=64, as npm scripts run)
 *   env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { Pool } from 'undici';
import { startCpuSplit } from '../_lib/processCpu.ts';
import { alternateRounds, judge, loadLine, printJudged, roundsOption, sizeOption, type Side } from '../_lib/rounds.ts';
import { DEFAULT_WEBHOOK_CONCURRENCY } from '../../apps/gateway/src/webhooks/settings.ts';
import { startReceiver } from './startReceiver.ts';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const N = sizeOption('events', 20_000, 2_000);
const ROUNDS = roundsOption();
const C = 64;
const IN_FLIGHT = DEFAULT_WEBHOOK_CONCURRENCY;
const BODY = JSON.stringify({
  id: 'evt_bench',
  object: 'event',
  type: 'payment.confirmed',
  data: { x: 'y'.repeat(400) },
});
const HEADERS = { 'content-type': 'application/json' };

type Post = (body: string) => Promise<number>;

/** N due deliveries in fresh tables of a schema of their own. */
async function freshDeliveries(sql: postgres.Sql): Promise<void> {
  await sql`drop table if exists attempts, deliveries`;
  await sql`create table deliveries (id bigint primary key, status smallint not null default 0, lease_token uuid,
    lease_expires_at timestamptz, due_at timestamptz, attempt_count int not null default 0, body text not null)`;
  await sql`create index deliveries_due on deliveries (due_at, id) where due_at is not null`;
  await sql`create table attempts (delivery_id bigint not null, attempt int not null, status_code int,
    started_at timestamptz not null, primary key (delivery_id, attempt))`;
  await sql`insert into deliveries (id, due_at, body) select g, now(), ${BODY} from generate_series(1, ${N}) g`;
  await sql`analyze deliveries`;
}

/**
 * Runs the N deliveries: claims fill the free slots (one claim statement at a time), each claimed delivery is POSTed,
 * and its outcome waits for the next write (one at a time, gathering what arrived meanwhile); a slot is free once
 * its delivery's write is committed. Resolves when every attempt is logged.
 */
async function deliverAll(sql: postgres.Sql, post: Post): Promise<void> {
  let inFlight = 0;
  let written = 0;
  let claiming = false;
  let writing = false;
  let outcomes: { id: string; lease: string; status: number }[] = [];
  let failed: unknown;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const fail = (err: unknown) => {
    failed ??= err;
    done();
  };
  const write = async (): Promise<void> => {
    if (writing || outcomes.length === 0) return;
    writing = true;
    const batch = outcomes;
    outcomes = [];
    await sql`with r as (
        select * from unnest(${sql.array(batch.map((o) => o.id))}::bigint[], ${sql.array(batch.map((o) => o.lease))}::uuid[],
                             ${sql.array(batch.map((o) => o.status))}::int[]) as r(id, lease, status)
      ), d as (
        update deliveries d set status = 1, due_at = null, lease_token = null, lease_expires_at = null,
               attempt_count = d.attempt_count + 1
          from r where d.id = r.id and d.lease_token = r.lease
        returning d.id, d.attempt_count
      )
      insert into attempts select d.id, d.attempt_count, r.status, now() from d join r using (id)`;
    writing = false;
    inFlight -= batch.length;
    written += batch.length;
    if (written >= N) done();
    void claim().catch(fail);
    void write().catch(fail);
  };
  const claim = async (): Promise<void> => {
    const limit = Math.min(IN_FLIGHT - inFlight, N - written - inFlight);
    if (claiming || limit <= 0) return;
    claiming = true;
    inFlight += limit;
    const rows = await sql<{ id: string; lease: string; body: string }[]>`with picked as (
        select id from deliveries
         where due_at <= now() and (lease_expires_at is null or lease_expires_at <= now())
         order by due_at, id limit ${limit}
           for update skip locked
      )
      update deliveries d set lease_token = gen_random_uuid(), lease_expires_at = now() + interval '30 seconds'
        from picked where d.id = picked.id
      returning d.id, d.lease_token::text as lease, d.body`;
    inFlight -= limit - rows.length;
    claiming = false;
    for (const row of rows) {
      post(row.body).then((status) => {
        outcomes.push({ id: row.id, lease: row.lease, status });
        setImmediate(() => void write().catch(fail));
      }, fail);
    }
    if (rows.length > 0) setImmediate(() => void claim().catch(fail));
  };
  void claim().catch(fail);
  await finished;
  if (failed) throw failed;
  const [logged] = await sql<{ n: number }[]>`select count(*)::int as n from attempts`;
  if (logged!.n !== N) throw new Error(`expected ${N} logged attempts, found ${logged!.n}`);
}

async function main(): Promise<void> {
  console.log(loadLine('before the run'));
  const { child: receiver, port } = await startReceiver();
  const schema = `bench_webhooks_floor_${randomBytes(4).toString('hex')}`;
  const sql = postgres(url, { max: 10, onnotice: () => {}, connection: { search_path: schema } });
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: C, pipelining: 1 });
  const post: Post = async (body) => {
    const res = await pool.request({ path: '/webhooks', method: 'POST', headers: HEADERS, body });
    await res.body.dump();
    return res.statusCode;
  };
  const us = (ms: number) => (ms * 1000) / N;
  try {
    await sql.unsafe(`create schema ${schema}`);
    console.log(
      `webhooks data-model floor: ${N.toLocaleString('en-US')} deliveries, ${C} connections to the receiver, ` +
        `${IN_FLIGHT} in flight, ${ROUNDS} alternating round(s); database ${url.replace(/:[^:@/]*@/, ':***@')}`,
    );
    const sides: Side[] = [
      {
        name: 'floor',
        async run() {
          await freshDeliveries(sql);
          const cpu = startCpuSplit([receiver.pid!]);
          const t0 = performance.now();
          await deliverAll(sql, post);
          const ms = performance.now() - t0;
          const c = cpu();
          return { 'deliveries/s': (N * 1000) / ms, 'sender µs': us(c.self), 'postgres µs': us(c.postgres) };
        },
      },
      {
        name: 'bare',
        async run() {
          let next = 0;
          const cpu = startCpuSplit([receiver.pid!]);
          const t0 = performance.now();
          await Promise.all(
            Array.from({ length: C }, async () => {
              while (next++ < N) if ((await post(BODY)) !== 200) throw new Error('the receiver refused a POST');
            }),
          );
          const ms = performance.now() - t0;
          return { 'deliveries/s': (N * 1000) / ms, 'sender µs': us(cpu().self) };
        },
      },
    ];
    for (const side of sides) await side.run(0); // warm-up: JIT, connections, plans
    const rounds = await alternateRounds(sides, ROUNDS);
    console.log('');
    printJudged([
      judge(rounds, '', 'floor deliveries/s', 'higher', (r) => r.sides.floor?.['deliveries/s']),
      judge(rounds, '', 'bare deliveries/s', 'higher', (r) => r.sides.bare?.['deliveries/s']),
      judge(rounds, '', 'floor sender CPU µs/delivery', 'lower', (r) => r.sides.floor?.['sender µs']),
      judge(rounds, '', 'floor postgres CPU µs/delivery', 'lower', (r) => r.sides.floor?.['postgres µs']),
      judge(rounds, '', 'floor / bare deliveries/s (same round)', 'higher', (r) => {
        return (r.sides.floor?.['deliveries/s'] ?? NaN) / (r.sides.bare?.['deliveries/s'] ?? NaN);
      }),
    ]);
    console.log(loadLine('after the run'));
  } finally {
    await sql.unsafe(`drop schema if exists ${schema} cascade`).catch(() => {});
    await sql.end();
    await pool.close();
    receiver.kill('SIGKILL');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
