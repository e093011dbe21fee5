import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { transactionEnded, transactionOpened } from './afterCommit.ts';
import type { Database, Sql } from './database.ts';
import { withoutParameters } from './withoutParameters.ts';

/**
 * Embedded PostgreSQL (PGlite). One connection: transactions are serialised by PGlite itself, which is
 * what a single dev process wants. `dataDir` undefined means in memory (tests).
 */
export async function openPglite(
  opts: { dataDir?: string; loadDataDir?: Blob | File } = {},
): Promise<Database & { dumpDataDir(): Promise<Blob | File> }> {
  const pg = new PGlite({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    // Extensions the migrations create (PostgreSQL ships them as contrib modules).
    extensions: { pg_trgm },
    // Match postgres.js: int8 and numeric as strings (exact), timestamps as Date.
    parsers: { [types.INT8]: (v: string) => v, [types.NUMERIC]: (v: string) => v },
  });
  await pg.waitReady;

  const wrap = (s: Pick<PGlite, 'query' | 'exec'>): Sql => ({
    async query<T>(text: string, params: readonly unknown[] = []) {
      const res = await s.query<T>(text, params.map(toPgliteParam)).catch(withoutParameters);
      return res.rows;
    },
    async exec(text: string) {
      await s.exec(text).catch(withoutParameters);
    },
  });
  const root = wrap(pg);
  const tx = async <T>(fn: (tx: Sql) => Promise<T>): Promise<T> => {
    let handle: Sql | null = null;
    try {
      const v = await pg.transaction((t) => fn((handle = transactionOpened(db, wrap(t)))));
      if (handle) transactionEnded(handle, true);
      return v;
    } catch (err) {
      if (handle) transactionEnded(handle, false);
      throw err;
    }
  };
  const db = {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    tx,
    async notify(channel: string, payloads: readonly string[]) {
      // One connection in all: the statement queues behind PGlite's others anyway.
      if (payloads.length)
        await root.query('select pg_notify($1, p)::text from unnest($2::text[]) as p', [channel, payloads]);
    },
    async listen(channel, onNotify) {
      const unsub = await pg.listen(channel, onNotify);
      return () => unsub();
    },
    channel: (name) => name,
    close: () => pg.close(),
    dumpDataDir: () => pg.dumpDataDir('none'),
  } as Database & { dumpDataDir(): Promise<Blob | File> };
  return db;
}

/** PGlite serialises plain objects as JSON already; bigint must become a string for numeric columns. */
function toPgliteParam(v: unknown): unknown {
  return typeof v === 'bigint' ? v.toString() : v;
}
