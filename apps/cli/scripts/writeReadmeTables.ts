// Regenerates the README's configuration table and API overview: npx tsx apps/cli/scripts/writeReadmeTables.ts
import { readFile, writeFile } from 'node:fs/promises';
import { migrate, openPglite } from '@tender/platform';
import { allMigrations } from '../src/allMigrations.ts';
import { updateReadme } from '../src/readmeTables.ts';

const path = new URL('../../../README.md', import.meta.url);
const db = await openPglite();
try {
  // The services read their tables while they are built (the agents' operator switches).
  await migrate(db, await allMigrations());
  await writeFile(path, await updateReadme(await readFile(path, 'utf8'), db));
} finally {
  await db.close();
}
