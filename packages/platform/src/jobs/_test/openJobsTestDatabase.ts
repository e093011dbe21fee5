import { fileURLToPath } from 'node:url';
import type { Database } from '../../db/database.ts';
import { loadMigrations } from '../../db/migrate.ts';
import { openTestDatabase } from '../../_test/testDatabase.ts';

/** Absolute path of packages/platform/migrations. */
export const platformMigrationsDir = fileURLToPath(new URL('../../../migrations', import.meta.url));

/** A fresh database (PGlite, or a new schema on DATABASE_URL) with the platform migrations applied. */
export async function openJobsTestDatabase(): Promise<Database & { schema?: string }> {
  return openTestDatabase(await loadMigrations('platform', platformMigrationsDir));
}

export interface JobRowForTest {
  id: string;
  queue: string;
  state: string;
  attempts: number;
  max_attempts: number;
  lease_token: string | null;
  lease_expires_at: Date | null;
  run_at: Date;
  last_error: string | null;
  finished_at: Date | null;
  updated_at: Date;
}

export async function jobRow(db: Database, id: string): Promise<JobRowForTest> {
  const [row] = await db.query<JobRowForTest>('select * from jobs where id = $1', [id]);
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
