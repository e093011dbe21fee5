import type { Database } from './database.ts';

/** When a table is due: at least `minDead` dead row versions, and at least `share` of its live rows. */
export interface VacuumBound {
  minDead: number;
  share: number;
}

export const DEFAULT_VACUUM_BOUND: VacuumBound = { minDead: 5_000, share: 0.1 };

/**
 * Vacuums and analyzes `table` (of the connection's schema) when its dead row versions pass `bound`; reports whether
 * it did. For the tables a process churns itself, a queue above all (agent_events: every event is updated at least
 * twice, claimed then acknowledged, and each update leaves a dead version and dead index entries behind).
 *
 * Why the application does this: a server without autovacuum never removes them (PGlite never runs it; a PostgreSQL
 * may have it off, as this project's CI machine has). Reads then visit the dead entries by the thousand, and the
 * generic plans of prepared statements, chosen while the table was small, are never planned again, since nothing
 * analyzes it: the claim of bench/events joined by a sequential scan of the whole table, and throughput fell from
 * 12,400 to 4,600 events/s over five rounds. VACUUM (analyze) removes the dead versions and refreshes the statistics,
 * which invalidates those plans. Where autovacuum keeps up, the bound is never reached and this costs one read of the
 * statistics.
 *
 * SKIP_LOCKED: a vacuum of the table in progress elsewhere (another process, autovacuum) is not waited for. A VACUUM
 * runs outside any transaction, on a connection of its own: never call this inside `tx`. On PostgreSQL it pauses as
 * autovacuum does (vacuum_cost_delay on Tender's connections, postgresDatabase.ts), so that it does not take the
 * machine from the statements beside it.
 */
export async function vacuumWhenDue(
  db: Database,
  table: string,
  bound: VacuumBound = DEFAULT_VACUUM_BOUND,
): Promise<boolean> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`vacuumWhenDue: not a table name: ${table}`);
  const rows = await db.query<{ dead: string; live: string }>(
    `select n_dead_tup::text as dead, n_live_tup::text as live from pg_stat_user_tables where relid = $1::regclass`,
    [table],
  );
  const dead = Number(rows[0]?.dead ?? 0);
  if (dead < bound.minDead || dead < bound.share * Number(rows[0]?.live ?? 0)) return false;
  await db.exec(`vacuum (analyze, skip_locked) ${table}`);
  return true;
}
