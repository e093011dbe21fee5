import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { allMigrations } from './apps/cli/src/allMigrations.ts';
import { migrate, openPglite } from './packages/platform/src/index.ts';
import { ensureWebBuilt } from './apps/web/src/buildWeb.ts';

/**
 * The web pages are built when stale (apps/web/src/buildWeb.ts).
 *
 * PGlite boots in ~3 s from scratch (initdb inside WebAssembly) but in well under 1 s from a data-directory dump.
 * Before the tests, build one dump with every migration applied (cached by the migrations' content) and hand its
 * path to the test processes; `openTestDatabase` starts each in-memory database from it.
 */
export default async function setup(): Promise<void> {
  // The browser tests load the built pages: build them when their sources changed (cached by content).
  await ensureWebBuilt({ log: (msg) => console.log(msg) });
  if (process.env.DATABASE_URL) return;
  const migrations = await allMigrations();
  const hash = createHash('sha256');
  for (const m of migrations) hash.update(m.id).update('\0').update(m.sql).update('\0');
  const dir = join(process.cwd(), 'node_modules', '.cache', 'tender');
  const file = join(dir, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    await readFile(file);
  } catch {
    const db = await openPglite();
    await migrate(db, migrations);
    const dump = await (db as unknown as { dumpDataDir(): Promise<Blob> }).dumpDataDir();
    await db.close();
    await mkdir(dir, { recursive: true });
    const tmp = `${file}.${process.pid}`;
    await writeFile(tmp, Buffer.from(await dump.arrayBuffer()));
    await rename(tmp, file);
  }
  process.env.TENDER_PGLITE_TEMPLATE = file;
}
