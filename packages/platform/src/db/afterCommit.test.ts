import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../_test/testDatabase.ts';
import { afterCommit } from './afterCommit.ts';
import type { Database } from './database.ts';

describe(`afterCommit (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await db.exec('create table after_commit_t (id int primary key)');
  });
  afterAll(() => db.close());

  it('runs at the commit, when the rows are visible outside the transaction, and before tx() resolves', async () => {
    const seen: string[] = [];
    const done = db.tx(async (tx) => {
      await tx.query('insert into after_commit_t (id) values (1)');
      afterCommit(tx, (d) => {
        expect(d.kind).toBe(db.kind); // the Database itself (the test harness wraps it, so not the same object)
        seen.push('committed');
        void d.query<{ n: string }>('select count(*)::text as n from after_commit_t').then(([r]) => {
          seen.push(`outside sees ${r?.n}`);
        });
      });
      seen.push('in transaction');
    });
    await done;
    expect(seen.slice(0, 2)).toEqual(['in transaction', 'committed']);
    await expect.poll(() => seen[2]).toBe('outside sees 1');
  });

  it('never runs for a transaction that rolls back', async () => {
    let ran = false;
    await expect(
      db.tx(async (tx) => {
        await tx.query('insert into after_commit_t (id) values (2)');
        afterCommit(tx, () => (ran = true));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(ran).toBe(false);
  });

  it('runs at once on the database itself (each statement commits as it runs); refuses any other handle', () => {
    let ran = false;
    afterCommit(db, () => (ran = true));
    expect(ran).toBe(true);
    expect(() => afterCommit({ query: db.query, exec: db.exec }, () => {})).toThrow('neither a Database');
  });

  it('a transaction handle kept past its end is no transaction any more: refused', async () => {
    let handle: Parameters<Parameters<Database['tx']>[0]>[0] | null = null;
    await db.tx(async (tx) => {
      handle = tx;
    });
    expect(() => afterCommit(handle!, () => {})).toThrow('neither a Database');
  });
});
