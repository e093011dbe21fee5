import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../_test/testDatabase.ts';
import type { Database } from './database.ts';
import { vacuumWhenDue } from './vacuumWhenDue.ts';

const postgres = Boolean(process.env.DATABASE_URL);

describe(`vacuumWhenDue (${postgres ? 'postgres' : 'pglite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec('create table churn (id int primary key, n int not null)');
    await db.query('insert into churn select g, 0 from generate_series(1, 2000) as g');
  });
  afterAll(() => db.close());

  /** `times` updates of every row, their statistics flushed at the commit (they are otherwise sent up to 1 s late). */
  const churn = (times: number) =>
    db.tx(async (tx) => {
      for (let i = 0; i < times; i++) await tx.query('update churn set n = n + 1');
      await tx.query('select pg_stat_force_next_flush()');
    });
  const stats = async () =>
    (
      await db.query<{ dead: number; live: number; vacuums: number; analyzes: number }>(
        `select n_dead_tup::int as dead, n_live_tup::int as live, (vacuum_count + autovacuum_count)::int as vacuums,
                (analyze_count + autoanalyze_count)::int as analyzes
           from pg_stat_user_tables where relid = 'churn'::regclass`,
      )
    )[0]!;

  // Whether the vacuum could remove the dead versions is not asserted: on a shared server another transaction's
  // older snapshot keeps them (CI runs other files beside this one).
  it('leaves a table below the bound alone, and vacuums and analyzes one past it', async () => {
    const bound = { minDead: 3_000, share: 0.1 };
    await churn(1); // 2,000 dead versions: below 3,000
    await expect.poll(async () => (await stats()).dead).toBeGreaterThanOrEqual(2_000);
    const before = await stats();
    expect(await vacuumWhenDue(db, 'churn', bound)).toBe(false);
    expect((await stats()).vacuums).toBe(before.vacuums);

    await churn(1); // 4,000
    await expect.poll(async () => (await stats()).dead).toBeGreaterThanOrEqual(3_000);
    expect(await vacuumWhenDue(db, 'churn', bound)).toBe(true);
    await expect.poll(stats).toMatchObject({ vacuums: before.vacuums + 1, analyzes: before.analyzes + 1 });
  });

  it('takes the share of live rows into account: dead versions below it are not due', async () => {
    await churn(1);
    await expect.poll(async () => (await stats()).dead).toBeGreaterThanOrEqual(2_000);
    // Shares around the table's own (dead versions left by the test above stay where an older snapshot holds them).
    const { dead, live } = await stats();
    expect(await vacuumWhenDue(db, 'churn', { minDead: 100, share: (2 * dead) / live })).toBe(false);
    expect(await vacuumWhenDue(db, 'churn', { minDead: 100, share: dead / live / 4 })).toBe(true);
  });

  it('refuses what is not a plain table name', async () => {
    await expect(vacuumWhenDue(db, 'churn; drop table churn')).rejects.toThrow(/not a table name/);
  });
});
