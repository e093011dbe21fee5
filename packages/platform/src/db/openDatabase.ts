import { mkdir } from 'node:fs/promises';
import type { Database } from './database.ts';
import { openPglite } from './pgliteDatabase.ts';
import { openPostgres } from './postgresDatabase.ts';

export interface DatabaseConfig {
  /** PostgreSQL when set; PGlite otherwise. */
  url?: string | undefined;
  /** PGlite data directory; in memory when undefined. */
  dataDir?: string | undefined;
  schema?: string | undefined;
  poolSize?: number | undefined;
  /** PostgreSQL: seconds to wait for a connection before DatabaseUnavailableError (default 5). */
  connectTimeoutSeconds?: number | undefined;
}

export async function openDatabase(cfg: DatabaseConfig): Promise<Database> {
  if (cfg.url) {
    return openPostgres({
      url: cfg.url,
      ...(cfg.schema ? { schema: cfg.schema } : {}),
      ...(cfg.poolSize ? { max: cfg.poolSize } : {}),
      ...(cfg.connectTimeoutSeconds ? { connectTimeoutSeconds: cfg.connectTimeoutSeconds } : {}),
    });
  }
  if (cfg.dataDir) await mkdir(cfg.dataDir, { recursive: true });
  return openPglite(cfg.dataDir ? { dataDir: cfg.dataDir } : {});
}
