import postgres from 'postgres';
import { ConfigError } from '../config/loadConfig.ts';
import { transactionEnded, transactionOpened } from './afterCommit.ts';
import { DatabaseUnavailableError } from './databaseUnavailable.ts';
import type { Database, Sql } from './database.ts';
import { withoutParameters } from './withoutParameters.ts';

export interface PostgresOptions {
  url: string;
  /** Schema to work in (created when missing); `public` when omitted. Tests use one schema per file. */
  schema?: string;
  max?: number;
  /**
   * Seconds a statement or transaction waits for a connection (a new one to connect, or one of the pool to be
   * free) before it fails with DatabaseUnavailableError. Default 5 (postgres.js alone waits 30 s to connect and
   * forever for a free connection). A statement that has its connection is never cut short by it.
   */
  connectTimeoutSeconds?: number;
}

/** Default of PostgresOptions.connectTimeoutSeconds (and of DATABASE_CONNECT_TIMEOUT_SECONDS). */
export const DEFAULT_CONNECT_TIMEOUT_SECONDS = 5;

/** PostgreSQL through postgres.js. Timestamps come back as Date, numeric/int8 as strings. */
export async function openPostgres(opts: PostgresOptions): Promise<Database> {
  const schema = opts.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const timeoutSeconds = opts.connectTimeoutSeconds ?? DEFAULT_CONNECT_TIMEOUT_SECONDS;
  const poolSize = opts.max ?? 10;
  /**
   * A postgres.js pool of this database and schema; `settings` are extra run-time parameters of its connections.
   *
   * vacuum_cost_delay: the VACUUMs Tender runs itself (vacuumWhenDue, where no autovacuum runs) pause as autovacuum's
   * do (PostgreSQL's autovacuum_vacuum_cost_delay default). A manual VACUUM does not pause by default: on a busy
   * server it took the CPU and disk from the statements beside it, and bench/events' slowest deliveries came in
   * clusters while the gateway vacuumed agent_events. It applies to VACUUM and ANALYZE only.
   */
  const pool = (max: number, applicationName: string, settings: Record<string, string> = {}) =>
    postgres(opts.url, {
      max,
      connect_timeout: timeoutSeconds,
      onnotice: () => {},
      connection: { search_path: schema, application_name: applicationName, vacuum_cost_delay: '2ms', ...settings },
    });
  const sql = pool(poolSize, 'tender');
  await probe(sql, opts.url);
  const unavailable = () =>
    new DatabaseUnavailableError(
      `no PostgreSQL connection within ${timeoutSeconds} s (${whereOf(opts.url)} does not answer, or every ` +
        `connection of the pool is in use)`,
    );
  if (schema !== 'public') await sql.unsafe(`create schema if not exists ${schema}`);

  // Outside a transaction a statement takes a connection of the pool, and may wait for one; inside, it has its
  // transaction's. A statement that still waits at the timeout (postgres.js has not handed it to a connection:
  // no `state`) is taken out of the queue and fails; one that is running is left alone.
  const bounded = async <T>(q: Promise<unknown> & { cancel(): unknown }): Promise<T> => {
    let timedOut = false;
    const timer = setTimeout(() => {
      if ((q as unknown as { state?: unknown }).state) return;
      timedOut = true;
      void q.cancel();
    }, timeoutSeconds * 1000);
    try {
      return (await q) as unknown as T;
    } catch (err) {
      throw timedOut ? unavailable() : err;
    } finally {
      clearTimeout(timer);
    }
  };
  /**
   * The pool of batch statements (an array parameter: unnest, = any), outside transactions, opened at its first use.
   * Prepared, so one round trip each: postgres.js describes an unprepared statement with parameters before it binds
   * it (two round trips, measured at about 23% of webhooks' delivery rate). Yet planned for each execution:
   * plan_cache_mode=force_custom_plan on these connections. A prepared statement's generic plan assumes 10 or 100
   * elements whatever the batch holds, and is kept until the table is analyzed: a batch of 5,000 acknowledgements ran
   * as a nested loop over a CTE estimated at one row (quadratic, a second per statement), and claims joined by a
   * sequential scan chosen while the table was small.
   */
  let batches: postgres.Sql | null = null;
  const batchPool = () =>
    // Beside the main pool's connections, opened as batches need them.
    (batches ??= pool(Math.max(2, Math.ceil(poolSize / 2)), 'tender-batch', { plan_cache_mode: 'force_custom_plan' }));
  const wrap = (s: postgres.Sql | postgres.TransactionSql, pooled: boolean): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      // Named prepared statements: one round trip per query after the first use of a text on a connection. A batch
      // statement outside a transaction goes to the batch pool (above); inside one it is not prepared (two round
      // trips), so that no generic plan is ever used for it.
      const batch = params.some(Array.isArray);
      const via = pooled && batch ? batchPool() : s;
      const q = via.unsafe(text, params.map(toParam) as postgres.ParameterOrJSON<never>[], {
        prepare: params.length > 0 && (pooled || !batch),
      });
      return (await (pooled ? bounded<T[]>(q) : q).catch(withoutParameters)) as unknown as T[];
    },
    async exec(text: string) {
      const q = s.unsafe(text);
      await (pooled ? bounded(q) : q).catch(withoutParameters);
    },
  });
  // A transaction waits for its connection at most the timeout too. postgres.js offers no handle on its queued
  // BEGIN, so the caller is answered at the timeout and a transaction that gets its connection later rolls back at
  // once, doing nothing.
  const tx = <T>(fn: (tx: Sql) => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      let state: 'waiting' | 'running' | 'abandoned' = 'waiting';
      const timer = setTimeout(() => {
        if (state !== 'waiting') return;
        state = 'abandoned';
        reject(unavailable());
      }, timeoutSeconds * 1000);
      let handle: Sql | null = null;
      sql
        .begin((t) => {
          if (state === 'abandoned') throw unavailable();
          state = 'running';
          clearTimeout(timer);
          handle = transactionOpened(db, wrap(t, false));
          return fn(handle);
        })
        .then(
          (v) => {
            if (handle) transactionEnded(handle, true);
            resolve(v as T);
          },
          (err: unknown) => {
            clearTimeout(timer);
            if (handle) transactionEnded(handle, false);
            if (state !== 'abandoned') reject(err);
          },
        );
    });
  const root = wrap(sql, true);
  /** The connection of notify(), opened at its first use (most processes never send one). */
  let notifier: postgres.Sql | null = null;
  const prefix = schema === 'public' ? '' : `${schema}__`;

  const db: Database = {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    tx,
    async notify(channel, payloads) {
      if (payloads.length === 0) return;
      notifier ??= pool(1, 'tender-notify');
      await notifier
        .unsafe('select pg_notify($1, p)::text from unnest($2::text[]) as p', [channel, [...payloads]])
        .catch(withoutParameters);
    },
    async listen(channel, onNotify) {
      const sub = await sql.listen(channel, onNotify);
      return () => sub.unlisten();
    },
    channel: (name) => `${prefix}${name}`,
    close: async () => {
      await Promise.all([sql.end({ timeout: 5 }), notifier?.end({ timeout: 5 }), batches?.end({ timeout: 5 })]);
    },
  };
  return db;
}

/**
 * postgres.js connects lazily, so a wrong or unreachable DATABASE_URL would first surface as a stack trace from
 * whatever query runs first. One round trip at open turns it into a configuration problem instead, in the same
 * one-message style as the other start checks. The message names host, port and database, never credentials.
 */
async function probe(sql: postgres.Sql, url: string): Promise<void> {
  try {
    await sql.unsafe('select 1');
  } catch (err) {
    await sql.end({ timeout: 0 }).catch(() => {});
    const e = err as { code?: string; message?: string };
    throw new ConfigError([
      `DATABASE_URL: cannot connect to ${whereOf(url)} (${e.code ?? 'error'}: ${e.message ?? err})`,
    ]);
  }
}

function whereOf(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return 'the configured server';
  }
}

/** bigint goes over the wire as text so that numeric(78,0) columns take any amount exactly. */
function toParam(v: unknown): unknown {
  return typeof v === 'bigint' ? v.toString() : v;
}
