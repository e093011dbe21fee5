import type { Sql } from '@tender/platform';

/** Sends NOTIFY payloads on one channel in one statement (so in order, at its commit). */
export async function notify(sql: Sql, channel: string, payloads: readonly string[]): Promise<void> {
  if (payloads.length === 0) return;
  await sql.query(`select pg_notify($1, p)::text from unnest($2::text[]) as p`, [channel, payloads]);
}
