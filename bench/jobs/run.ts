/**
 * Job runner benchmark: Tender's runner vs pg-boss 10, same PostgreSQL, one run.
 *
 *   npx tsx bench/jobs/run.ts [--jobs=20000] [--concurrency=64] [--rounds=2] [--timeout-ms=120000] [--pgboss-batch=C]
 *   env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_JOBS, BENCH_CONCURRENCY,
 *        BENCH_ROUNDS, BENCH_TIMEOUT_MS, BENCH_PGBOSS_BATCH (jobs per pg-boss fetch; work() loops = concurrency / batch)
 *
 * For each system, in a fresh schema of its own: enqueue N jobs in bulk (Tender enqueueMany, pg-boss insert; chunks
 * of 1,000), then start workers with the same concurrency and a trivial handler and time until all N are completed
 * in the database. Enqueue and processing are reported separately.
 *
 * Fairness:
 *  - equal handler concurrency: Tender `concurrency = C`; pg-boss C / B `work()` loops each fetching batches of B
 *    (pg-boss 10 has no per-worker concurrency: a worker hands its whole batch to the handler, run here with
 *    Promise.all semantics, then fetches again). Default B = C, one loop, which was pg-boss's fastest setting at
 *    equal concurrency in our trials (4 x 16 and 2 x 32 were slower: each fetch sorts the due backlog);
 *  - `priority: false` for pg-boss fetches (Tender has no priorities; it is pg-boss's cheaper fetch order);
 *  - pg-boss's loop sleeps pollingInterval (0.5 s minimum) after every fetch unless notified, which would cap it at
 *    C / 0.5 s jobs/s; its handler therefore calls `boss.notifyWorker(id)`, so each loop fetches again as soon as
 *    a batch is done (its fastest documented mode) and only sleeps when the queue is empty;
 *  - both use a pool of 10 connections, maintenance/cron off for pg-boss (nothing else runs in its schema);
 *  - the same completion check for both: handled count in process, then the database count of completed jobs.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import PgBoss from 'pg-boss';
import { printTable } from '../_lib/printTable.ts';
import type { Database } from '../../packages/platform/src/db/database.ts';
import { loadMigrations, migrate } from '../../packages/platform/src/db/migrate.ts';
import { openDatabase } from '../../packages/platform/src/db/openDatabase.ts';
import { createJobRunner } from '../../packages/platform/src/jobs/createJobRunner.ts';
import { enqueueMany } from '../../packages/platform/src/jobs/enqueueMany.ts';
import { numberOption } from '../_lib/numberOption.ts';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const N = numberOption('jobs', 20_000, 'BENCH_JOBS');
const C = numberOption('concurrency', 64, 'BENCH_CONCURRENCY');
const ROUNDS = numberOption('rounds', 2, 'BENCH_ROUNDS');
const PGBOSS_BATCH = Math.min(C, numberOption('pgboss-batch', C, 'BENCH_PGBOSS_BATCH'));
const PGBOSS_WORKERS = Math.max(1, Math.round(C / PGBOSS_BATCH));
const TIMEOUT_MS = numberOption('timeout-ms', 120_000, 'BENCH_TIMEOUT_MS');
const POOL = 10;
const CHUNK = 1_000;
const QUEUE = 'bench';
const migrationsDir = fileURLToPath(new URL('../../packages/platform/migrations', import.meta.url));

interface Result {
  system: string;
  jobs: number;
  enqueueMs: number;
  processMs: number;
}

/**
 * Runs `fn` with a signal that aborts after `ms`, and rejects then with a message naming the phase. The phase's
 * loops check the signal, so nothing keeps running (or keeps the process alive) after a timeout; cleanup still runs.
 */
async function within<T>(phase: string, ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const ctl = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      fn(ctl.signal),
      new Promise<never>(
        (_, reject) =>
          (timer = setTimeout(() => {
            ctl.abort();
            reject(new Error(`${phase}: timed out after ${ms} ms`));
          }, ms)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
    ctl.abort();
  }
}

/** Resolves once `handled()` reaches N, then once the database says all N are completed. */
async function untilCompleted(
  signal: AbortSignal,
  handled: () => number,
  completedInDb: () => Promise<number>,
): Promise<void> {
  while (handled() < N && !signal.aborted) await new Promise((r) => setTimeout(r, 2));
  while (!signal.aborted && (await completedInDb()) < N) await new Promise((r) => setTimeout(r, 2));
}

const payload = (i: number) => ({ i, note: 'benchmark job' });
const schemaName = (system: string) => `bench_${system}_${randomBytes(4).toString('hex')}`;

async function benchTender(): Promise<Result> {
  const schema = schemaName('tender');
  const db: Database = await openDatabase({ url, schema, poolSize: POOL });
  try {
    await migrate(db, await loadMigrations('platform', migrationsDir));
    const t0 = performance.now();
    await within('tender enqueue', TIMEOUT_MS, async (signal) => {
      for (let i = 0; i < N && !signal.aborted; i += CHUNK) {
        const chunk = Array.from({ length: Math.min(CHUNK, N - i) }, (_, k) => ({
          queue: QUEUE,
          payload: payload(i + k),
          idempotencyKey: `bench-${i + k}`,
        }));
        await enqueueMany(db, chunk);
      }
    });
    const enqueueMs = performance.now() - t0;
    await db.exec('analyze jobs'); // both systems start processing with fresh statistics

    let handled = 0;
    const runner = createJobRunner({
      db,
      concurrency: C,
      queues: {
        [QUEUE]: async () => {
          handled++;
        },
      },
    });
    const t1 = performance.now();
    try {
      await runner.start();
      await within('tender processing', TIMEOUT_MS, (signal) =>
        untilCompleted(
          signal,
          () => handled,
          async () =>
            Number((await db.query<{ n: string }>(`select count(*) as n from jobs where state = 'done'`))[0]?.n ?? 0),
        ),
      );
    } finally {
      await runner.stop({ timeoutMs: 10_000 });
    }
    const processMs = performance.now() - t1;
    return { system: 'tender', jobs: N, enqueueMs, processMs };
  } finally {
    await db.exec(`drop schema if exists ${schema} cascade`).catch(() => {});
    await db.close();
  }
}

async function benchPgBoss(): Promise<Result> {
  const schema = schemaName('pgboss');
  const boss = new PgBoss({
    connectionString: url,
    schema,
    max: POOL,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', (err) => console.error('pg-boss error:', err));
  await boss.start();
  try {
    await boss.createQueue(QUEUE);
    const t0 = performance.now();
    await within('pg-boss enqueue', TIMEOUT_MS, async (signal) => {
      for (let i = 0; i < N && !signal.aborted; i += CHUNK) {
        const chunk = Array.from({ length: Math.min(CHUNK, N - i) }, (_, k) => ({
          name: QUEUE,
          data: payload(i + k),
          // pg-boss's nearest equivalent of an idempotency key; not unique for the standard queue policy,
          // set so that both systems store a key per job.
          singletonKey: `bench-${i + k}`,
        }));
        await boss.insert(chunk);
      }
    });
    const enqueueMs = performance.now() - t0;
    await boss.getDb().executeSql(`analyze ${schema}.job`, []);

    let handled = 0;
    const t1 = performance.now();
    for (let w = 0; w < PGBOSS_WORKERS; w++) {
      // The handler needs its worker's id, known once work() resolves (before the first batch arrives).
      const worker = { id: '' };
      worker.id = await boss.work(
        QUEUE,
        { batchSize: PGBOSS_BATCH, pollingIntervalSeconds: 0.5, priority: false },
        async (jobs) => {
          await Promise.all(
            jobs.map(async () => {
              handled++;
            }),
          );
          if (worker.id) boss.notifyWorker(worker.id); // fetch again right away: the queue is not empty
        },
      );
    }
    try {
      await within('pg-boss processing', TIMEOUT_MS, (signal) =>
        untilCompleted(
          signal,
          () => handled,
          async () => {
            const { rows } = await boss
              .getDb()
              .executeSql(`select count(*) as n from ${schema}.job where name = $1 and state = 'completed'`, [QUEUE]);
            return Number((rows[0] as { n: string } | undefined)?.n ?? 0);
          },
        ),
      );
    } finally {
      await boss.offWork(QUEUE);
    }
    const processMs = performance.now() - t1;
    return { system: 'pg-boss', jobs: N, enqueueMs, processMs };
  } finally {
    await boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 }).catch(() => {});
    await boss
      .getDb()
      .executeSql(`drop schema if exists ${schema} cascade`, [])
      .catch(() => {});
    await boss.stop({ close: true, wait: true }).catch(() => {});
  }
}

const rate = (jobs: number, ms: number) => (jobs * 1_000) / ms;

async function main(): Promise<void> {
  console.log(
    `jobs benchmark: ${N.toLocaleString('en-US')} jobs, concurrency ${C} ` +
      `(pg-boss: ${PGBOSS_WORKERS} work() loops x batchSize ${PGBOSS_BATCH}), pool ${POOL}, ${ROUNDS} round(s)\n` +
      `database: ${url.replace(/:[^:@/]*@/, ':***@')}`,
  );
  const results: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate the order so that neither system always runs on a warmer server.
    const order = round % 2 === 0 ? [benchTender, benchPgBoss] : [benchPgBoss, benchTender];
    for (const bench of order) {
      try {
        results.push(await bench());
      } catch (err) {
        console.error(`${bench.name} failed:`, err instanceof Error ? err.message : err);
      }
    }
  }
  const rows = results.map((r) => [
    r.system,
    r.jobs,
    rate(r.jobs, r.enqueueMs),
    rate(r.jobs, r.processMs),
    r.processMs / 1_000,
  ]);
  console.log('');
  printTable(['system', 'jobs', 'enqueue jobs/s', 'process jobs/s', 'process s'], rows);
  // Per system: the median and the best of its rounds (the machine may be shared; the median resists one lucky or
  // unlucky round, the best shows what each system does when undisturbed).
  const figures = (system: string, ms: (r: Result) => number) => {
    const rates = results
      .filter((r) => r.system === system)
      .map((r) => rate(r.jobs, ms(r)))
      .sort((a, b) => a - b);
    const mid = rates.length / 2;
    const median =
      rates.length === 0 ? 0 : rates.length % 2 ? rates[Math.floor(mid)]! : (rates[mid - 1]! + rates[mid]!) / 2;
    return { median, best: rates.at(-1) ?? 0 };
  };
  const tp = figures('tender', (r) => r.processMs);
  const bp = figures('pg-boss', (r) => r.processMs);
  const te = figures('tender', (r) => r.enqueueMs);
  const be = figures('pg-boss', (r) => r.enqueueMs);
  console.log('');
  if (tp.median > 0 && bp.median > 0) {
    printTable(
      ['Tender / pg-boss', 'median of rounds', 'best of rounds'],
      [
        ['process', tp.median / bp.median, tp.best / bp.best],
        ['enqueue', te.median / be.median, te.best / be.best],
      ],
    );
    const ratio = tp.median / bp.median;
    console.log(`
target Tender >= 1.0x pg-boss processing (median): ${ratio >= 1 ? 'met' : 'NOT met'} (${ratio.toFixed(2)}x)`);
  } else {
    console.log('no ratio: a system did not finish');
    process.exitCode = 1;
  }
}

await main();
