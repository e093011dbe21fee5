import type { Database } from '../db/database.ts';

/**
 * The NOTIFY channel of the jobs table, as a SQL expression.
 *
 * Why SQL: `enqueue` runs on a caller's transaction handle (`Sql`), which has no `channel()`; yet the notification
 * must go to the channel that `db.channel('jobs')` names, so that runners on another schema of the same server do
 * not wake. Database namespaces a channel by its schema (`<schema>__<name>`, bare name on `public` and PGlite),
 * so the expression derives it from the schema the statement runs in. `assertJobsChannel` checks at runner start
 * that both agree, so a change of the namespacing rule fails loudly instead of silently losing wake-ups.
 */
export const JOBS_CHANNEL_SQL = `(case when current_schema() = 'public' then 'jobs' else current_schema() || '__jobs' end)`;

/** The channel runners LISTEN on. */
export function jobsChannel(db: Pick<Database, 'channel'>): string {
  return db.channel('jobs');
}

export async function assertJobsChannel(db: Pick<Database, 'channel' | 'query'>): Promise<void> {
  const [row] = await db.query<{ ch: string }>(`select ${JOBS_CHANNEL_SQL} as ch`);
  const expected = jobsChannel(db);
  if (row?.ch !== expected) {
    throw new Error(
      `jobs NOTIFY channel mismatch: SQL derives "${row?.ch}" but the database listens on "${expected}"; ` +
        'update JOBS_CHANNEL_SQL to follow Database.channel()',
    );
  }
}
