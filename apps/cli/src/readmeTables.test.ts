import { readFile } from 'node:fs/promises';
import { openTestDatabase } from '@tender/platform/testing';
import { describe, expect, it } from 'vitest';
import { allMigrations } from './allMigrations.ts';
import { updateReadme } from './readmeTables.ts';

describe('README generated sections', () => {
  it('list every configuration variable and every route (regenerate: npx tsx apps/cli/scripts/writeReadmeTables.ts)', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const db = await openTestDatabase(await allMigrations());
    try {
      expect(await updateReadme(readme, db)).toBe(readme);
    } finally {
      await db.close();
    }
  });
});
