import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { readFile } from 'node:fs/promises';
import { openDatabase } from '../db/openDatabase.ts';
import { openPglite } from '../db/pgliteDatabase.ts';
import { migrate, type Migration } from '../db/migrate.ts';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or, when DATABASE_URL is set, a new schema
 * of its own on that PostgreSQL server (dropped on close), so test files can run in parallel against one server.
 */
export async function openTestDatabase(migrations: readonly Migration[] = []): Promise<Database & { schema?: string }> {
  const url = process.env.DATABASE_URL;
  const schema = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const db = url ? await openDatabase({ url, schema }) : await openPglite(await templateDump());
  await migrate(db, migrations);
  if (!url) return db;
  return {
    ...db,
    schema,
    async close() {
      await db.exec(`drop schema if exists ${schema} cascade`);
      await db.close();
    },
  };
}

/** The migrated PGlite dump the global test setup made, when there is one (see vitest.globalSetup.ts). */
async function templateDump(): Promise<{ loadDataDir?: Blob }> {
  const file = process.env.TENDER_PGLITE_TEMPLATE;
  if (!file) return {};
  return { loadDataDir: new Blob([await readFile(file)]) };
}
