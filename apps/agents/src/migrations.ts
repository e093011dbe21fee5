import { fileURLToPath } from 'node:url';
import { loadMigrations, type Migration } from '@tender/platform';

export const agentsMigrations = (): Promise<Migration[]> =>
  loadMigrations('agents', fileURLToPath(new URL('../migrations', import.meta.url)));
