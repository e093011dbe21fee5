import { fileURLToPath } from 'node:url';
import { loadMigrations, type Migration } from '@tender/platform';

export const gatewayMigrations = (): Promise<Migration[]> =>
  loadMigrations('gateway', fileURLToPath(new URL('../migrations', import.meta.url)));
