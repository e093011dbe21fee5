import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database.ts';

export interface Migration {
  /** Unique, ordered within its set: `<set>/<file name>`, e.g. `platform/0001_jobs.sql`. */
  id: string;
  sql: string;
}

/** Reads `*.sql` files of a directory in name order as one migration set. */
export async function loadMigrations(set: string, dir: string): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort();
  return Promise.all(files.map(async (f) => ({ id: `${set}/${f}`, sql: await readFile(join(dir, f), 'utf8') })));
}

const MIGRATION_LOCK = 7_283_001;

/**
 * Applies every migration not yet recorded, each in its own transaction, in the order given. Several processes
 * may start at once: a transaction-scoped advisory lock makes them take turns, and the second finds nothing to do.
 * The same SQL runs on PGlite and PostgreSQL. Returns the ids applied now.
 */
export async function migrate(db: Database, migrations: readonly Migration[]): Promise<string[]> {
  // Under the lock too: two `create table if not exists` at once on a fresh database race in PostgreSQL's catalog
  // (the loser fails on pg_type's unique index instead of finding the table), as three roles starting together did.
  await db.tx(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`create table if not exists schema_migrations (
      id text primary key,
      applied_at timestamptz not null default now()
    )`);
  });
  const applied: string[] = [];
  for (const m of migrations) {
    const done = await db.tx(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await tx.query('select 1 from schema_migrations where id = $1', [m.id]);
      if (seen.length > 0) return false;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (id) values ($1)', [m.id]);
      return true;
    });
    if (done) applied.push(m.id);
  }
  return applied;
}
