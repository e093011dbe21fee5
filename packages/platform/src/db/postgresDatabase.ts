import postgres from 'postgres';
import { ConfigError } from '../config/loadConfig.ts';
import type { Database, Sql } from './database.ts';
import { withoutParameters } from './withoutParameters.ts';

export interface PostgresOptions {
  url: string;
  /** Schema to work in (created when missing); `public` when omitted. Tests use one schema per file. */
  schema?: string;
  max?: number;
}

/** PostgreSQL through postgres.js. Timestamps come back as Date, numeric/int8 as strings. */
export async function openPostgres(opts: PostgresOptions): Promise<Database> {
  const schema = opts.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const sql = postgres(opts.url, {
    max: opts.max ?? 10,
    onnotice: () => {},
    connection: { search_path: schema, application_name: 'tender' },
  });
  await probe(sql, opts.url);
  if (schema !== 'public') await sql.unsafe(`create schema if not exists ${schema}`);

  const wrap = (s: postgres.Sql | postgres.TransactionSql): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      // Named prepared statements: one round trip per query after the first use of a text on a connection.
      return (await s
        .unsafe(text, params.map(toParam) as postgres.ParameterOrJSON<never>[], {
          prepare: params.length > 0,
        })
        .catch(withoutParameters)) as unknown as T[];
    },
    async exec(text: string) {
      await s.unsafe(text).catch(withoutParameters);
    },
  });
  const root = wrap(sql);
  const prefix = schema === 'public' ? '' : `${schema}__`;

  return {
    kind: 'postgres',
    query: root.query,
    exec: root.exec,
    tx: <T>(fn: (tx: Sql) => Promise<T>) => sql.begin((t) => fn(wrap(t))) as Promise<T>,
    async listen(channel, onNotify) {
      const sub = await sql.listen(channel, onNotify);
      return () => sub.unlisten();
    },
    channel: (name) => `${prefix}${name}`,
    close: () => sql.end({ timeout: 5 }),
  };
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
