import { fileURLToPath } from 'node:url';
import type { Migration } from './migrate.ts';
import { loadMigrations } from './migrate.ts';

/** The platform's own tables (jobs). Apps run these before theirs. */
export const platformMigrations = (): Promise<Migration[]> =>
  loadMigrations('platform', fileURLToPath(new URL('../../migrations', import.meta.url)));
