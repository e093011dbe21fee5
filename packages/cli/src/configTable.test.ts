import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { replaceConfigTable } from './configTable.ts';

describe('README configuration table', () => {
  it('is current with the config specs (regenerate: npx tsx packages/cli/scripts/writeConfigTable.ts)', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    expect(replaceConfigTable(readme)).toBe(readme);
  });
});
