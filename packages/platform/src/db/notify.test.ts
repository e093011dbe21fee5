import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../_test/testDatabase.ts';
import type { Database } from './database.ts';

const postgres = Boolean(process.env.DATABASE_URL);

describe(`Database.notify (${postgres ? 'postgres' : 'pglite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  const received = async (n: number, send: () => Promise<void>) => {
    const got: string[] = [];
    const unlisten = await db.listen(db.channel('notify_t'), (p) => got.push(p));
    try {
      await send();
      await expect.poll(() => got.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(n);
      return got;
    } finally {
      await unlisten();
    }
  };

  it('sends the payloads in order on the namespaced channel; none for an empty list', async () => {
    await db.notify(db.channel('notify_t'), []);
    expect(await received(3, () => db.notify(db.channel('notify_t'), ['a', 'b', 'c']))).toEqual(['a', 'b', 'c']);
  });

  it.skipIf(!postgres)('is not queued behind the pool: it goes out while every pooled connection is held', async () => {
    let free!: () => void;
    const held = new Promise<void>((r) => (free = r));
    const started: Promise<void>[] = [];
    // openTestDatabase's pool has 10 connections: hold them all in open transactions.
    const holders = Array.from({ length: 10 }, () =>
      db.tx(async (tx) => {
        await tx.query('select 1');
        started.push(Promise.resolve());
        await held;
      }),
    );
    await expect.poll(() => started.length, { timeout: 10_000 }).toBe(10);
    try {
      expect(await received(1, () => db.notify(db.channel('notify_t'), ['while held']))).toEqual(['while held']);
    } finally {
      free();
      await Promise.all(holders);
    }
  });
});
