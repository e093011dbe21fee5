// Regenerates the README's configuration table and API overview: npx tsx packages/cli/scripts/writeReadmeTables.ts
import { readFile, writeFile } from 'node:fs/promises';
import { openPglite } from '@tender/platform';
import { updateReadme } from '../src/readmeTables.ts';

const path = new URL('../../../README.md', import.meta.url);
const db = await openPglite();
try {
  await writeFile(path, await updateReadme(await readFile(path, 'utf8'), db));
} finally {
  await db.close();
}
