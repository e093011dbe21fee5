// Rewrites the configuration table in README.md from the config specs: npx tsx packages/cli/scripts/writeConfigTable.ts
import { readFile, writeFile } from 'node:fs/promises';
import { replaceConfigTable } from '../src/configTable.ts';

const path = new URL('../../../README.md', import.meta.url);
await writeFile(path, replaceConfigTable(await readFile(path, 'utf8')));
