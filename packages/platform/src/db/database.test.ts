import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../_test/testDatabase.ts';
import type { Database } from './database.ts';
import { openDatabase } from './openDatabase.ts';
import { migrate } from './migrate.ts';
import { createLogger } from '../log/logger.ts';

describe(`database (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('runs migrations once, in order, and records them', async () => {
    const m = [
      {
        id: 't/0001.sql',
        sql: 'create table a (id int primary key, amount numeric(78,0), meta jsonb, at timestamptz)',
      },
      { id: 't/0002.sql', sql: 'alter table a add column note text' },
    ];
    expect(await migrate(db, m)).toEqual(['t/0001.sql', 't/0002.sql']);
    expect(await migrate(db, m)).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)('several processes migrating a fresh database at once take turns', async () => {
    const schema = `migrate_race_${process.pid}_${Date.now()}`;
    await db.exec(`create schema ${schema}`);
    const handles = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ url: process.env.DATABASE_URL!, schema, poolSize: 2 })),
    );
    try {
      const m = [{ id: 't/0001.sql', sql: 'create table b (id int primary key)' }];
      const applied = await Promise.all(handles.map((h) => migrate(h, m)));
      expect(applied.flat()).toEqual(['t/0001.sql']);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await db.exec(`drop schema ${schema} cascade`);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'prepares a statement once per connection, but plans one with an array parameter (a batch) for its size each time',
    async () => {
      await db.tx(async (tx) => {
        await tx.query('select $1::int as scalar_marker', [1]);
        await tx.query('select cardinality($1::int[]) as batch_marker', [[1, 2, 3]]);
        const prepared = (await tx.query<{ statement: string }>('select statement from pg_prepared_statements')).map(
          (r) => r.statement,
        );
        expect(prepared.some((t) => t.includes('scalar_marker'))).toBe(true);
        expect(prepared.some((t) => t.includes('batch_marker'))).toBe(false);
      });
    },
  );

  it('round-trips numeric as exact strings, jsonb as objects, timestamptz as Date', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const big = 123456789012345678901234567890n;
    await db.query('insert into a (id, amount, meta, at) values ($1, $2, $3, $4)', [1, big, { k: 'v', n: [1] }, at]);
    const [row] = await db.query<{ amount: string; meta: unknown; at: Date }>('select * from a where id = $1', [1]);
    expect(row?.amount).toBe(big.toString());
    expect(row?.meta).toEqual({ k: 'v', n: [1] });
    expect(row?.at).toBeInstanceOf(Date);
    expect(row?.at.toISOString()).toBe(at.toISOString());
    const [c] = await db.query<{ n: string }>('select count(*) as n from a');
    expect(c?.n).toBe('1');
  });

  it('an error logged from a failed statement carries its SQLSTATE but none of its parameters', async () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: { write: (l: string) => void lines.push(l) } });
    const secret = 'sealed-secret-\u0000-value';
    for (const run of [
      () => db.query('insert into a (id, note) values ($1, $2)', [3, secret]),
      () => db.tx((tx) => tx.query('insert into a (id, note) values ($1, $2)', [4, secret])),
    ]) {
      const err = await run().then(
        () => null,
        (e: unknown) => e,
      );
      expect((err as { code?: string }).code).toBe('22021');
      logger.error({ err }, 'failed');
    }
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain('22021');
      expect(line).not.toContain('sealed-secret');
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'plans a batch statement (an array parameter) for each execution, in its schema, inside transactions too',
    async () => {
      const probe = `select current_setting('plan_cache_mode') as mode, current_schema() as schema,
                            cardinality($1::int[]) as n`;
      const schema = (await db.query<{ s: string }>('select current_schema() as s'))[0]!.s;
      // Outside a transaction: the batch pool, prepared (one round trip) and planned for each batch's size.
      for (const size of [1, 5_000, 3]) {
        const [row] = await db.query<{ mode: string; schema: string; n: number }>(probe, [
          Array.from({ length: size }, (_, i) => i),
        ]);
        expect(row).toEqual({ mode: 'force_custom_plan', schema, n: size });
      }
      // A statement without one keeps the main pool's cached plans.
      const [plain] = await db.query<{ mode: string }>(
        `select current_setting('plan_cache_mode') as mode, $1::int`,
        [1],
      );
      expect(plain!.mode).toBe('auto');
      // Inside a transaction it runs on the transaction's connection, unprepared.
      const inTx = await db.tx((tx) => tx.query<{ mode: string; n: number }>(probe, [[1, 2]]));
      expect(inTx[0]).toMatchObject({ mode: 'auto', n: 2 });
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    "pauses the VACUUMs it runs as autovacuum does, on every pool's connections",
    async () => {
      const probe = `select current_setting('vacuum_cost_delay') as delay`;
      expect(await db.query(probe)).toEqual([{ delay: '2ms' }]);
      expect(await db.query(`${probe}, cardinality($1::int[])`, [[1]])).toMatchObject([{ delay: '2ms' }]);
      expect(await db.tx((tx) => tx.query(probe))).toEqual([{ delay: '2ms' }]);
    },
  );

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.tx((tx) => tx.query('insert into a (id) values (2)'));
    await expect(
      db.tx(async (tx) => {
        await tx.query('insert into a (id) values (3)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const rows = await db.query<{ id: number }>('select id from a order by id');
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it('delivers NOTIFY to listeners on a namespaced channel', async () => {
    const ch = db.channel('wake');
    const got = new Promise<string>((resolve) => {
      void db.listen(ch, resolve).then(() => db.query('select pg_notify($1, $2)', [ch, 'hello']));
    });
    expect(await got).toBe('hello');
  });
});
