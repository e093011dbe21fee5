import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openJobsTestDatabase } from './_test/openJobsTestDatabase.ts';
import { enqueue } from './enqueue.ts';
import { enqueueMany } from './enqueueMany.ts';
import { jobsChannel } from './jobsChannel.ts';

describe(`enqueue (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openJobsTestDatabase();
  });
  afterAll(() => db.close());

  const count = async (where: string, params: unknown[] = []) =>
    Number((await db.query<{ n: string }>(`select count(*) as n from jobs where ${where}`, params))[0]?.n);

  it('inserts a due, queued job with its payload and defaults', async () => {
    const id = await enqueue(db, { queue: 'mail', payload: { to: 'a@b.c', n: [1, 2] }, idempotencyKey: 'e1' });
    const [row] = await db.query<Record<string, unknown>>('select * from jobs where id = $1', [id]);
    expect(row).toMatchObject({
      queue: 'mail',
      payload: { to: 'a@b.c', n: [1, 2] },
      idempotency_key: 'e1',
      state: 'queued',
      attempts: 0,
      max_attempts: 10,
      lease_token: null,
    });
    expect((row?.run_at as Date).getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    // Scalars and strings are JSON values too, stored as such (not re-encoded) on both databases.
    for (const [i, payload] of ['{"not":"an object"}', 42, null, [1, 'x']].entries()) {
      const sid = await enqueue(db, { queue: 'mail', payload, idempotencyKey: `scalar-${i}` });
      const [r] = await db.query<{ payload: unknown; t: string }>(
        'select payload, jsonb_typeof(payload) as t from jobs where id = $1',
        [sid],
      );
      expect(r?.payload).toEqual(payload);
      expect(r?.t).toBe(['string', 'number', 'null', 'array'][i]);
    }
  });

  it('is a no-op returning the existing id for a known idempotency key', async () => {
    const a = await enqueue(db, { queue: 'mail', payload: { v: 1 }, idempotencyKey: 'dup' });
    const b = await enqueue(db, { queue: 'mail', payload: { v: 2 }, idempotencyKey: 'dup' });
    const c = await enqueue(db, { queue: 'other', payload: { v: 3 }, idempotencyKey: 'dup' });
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await count('idempotency_key = $1', ['dup'])).toBe(1);
    const [row] = await db.query<{ payload: unknown }>('select payload from jobs where id = $1', [a]);
    expect(row?.payload).toEqual({ v: 1 });
  });

  it('commits with the caller transaction and vanishes with its rollback (outbox)', async () => {
    await expect(
      db.tx(async (tx) => {
        await enqueue(tx, { queue: 'mail', payload: {}, idempotencyKey: 'rolled-back' });
        // Same key again inside the transaction: finds the uncommitted row of this transaction.
        const again = await enqueue(tx, { queue: 'mail', payload: {}, idempotencyKey: 'rolled-back' });
        expect(again).toMatch(/^\d+$/);
        throw new Error('domain change failed');
      }),
    ).rejects.toThrow('domain change failed');
    expect(await count('idempotency_key = $1', ['rolled-back'])).toBe(0);

    const id = await db.tx((tx) => enqueue(tx, { queue: 'mail', payload: {}, idempotencyKey: 'committed' }));
    expect(await count('id = $1', [id])).toBe(1);
  });

  it('notifies on the namespaced channel at commit, not before, and not for a job that is not due', async () => {
    const got: string[] = [];
    const unlisten = await db.listen(jobsChannel(db), (q) => got.push(q));
    try {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const committed = db.tx(async (tx) => {
        await enqueue(tx, { queue: 'wake-test', payload: {}, idempotencyKey: 'n1' });
        await gate;
      });
      await new Promise((r) => setTimeout(r, 150));
      expect(got).toEqual([]); // inserted but uncommitted: no wake-up yet
      release();
      await committed;
      await waitFor(() => got.includes('wake-test'));

      got.length = 0;
      await enqueue(db, {
        queue: 'later-test',
        payload: {},
        idempotencyKey: 'n2',
        runAt: new Date(Date.now() + 3_600_000),
      });
      await enqueue(db, { queue: 'sentinel', payload: {}, idempotencyKey: 'n3' });
      await waitFor(() => got.includes('sentinel'));
      expect(got).not.toContain('later-test');
    } finally {
      await unlisten();
    }
  });

  it('enqueueMany returns ids in input order, deduplicating existing and repeated keys', async () => {
    const existing = await enqueue(db, { queue: 'bulk', payload: {}, idempotencyKey: 'm-existing' });
    const ids = await enqueueMany(db, [
      { queue: 'bulk', payload: { i: 0 }, idempotencyKey: 'm0' },
      { queue: 'bulk', payload: { i: 1 }, idempotencyKey: 'm-existing' },
      { queue: 'bulk', payload: { i: 2 }, idempotencyKey: 'm2', maxAttempts: 3, runAt: new Date(Date.now() + 60_000) },
      { queue: 'bulk', payload: { i: 3 }, idempotencyKey: 'm0' },
    ]);
    expect(ids[1]).toBe(existing);
    expect(ids[3]).toBe(ids[0]);
    expect(new Set(ids).size).toBe(3);
    const rows = await db.query<{
      idempotency_key: string;
      payload: { i: number };
      max_attempts: number;
      due: boolean;
    }>(
      `select idempotency_key, payload, max_attempts, run_at <= now() as due from jobs
       where idempotency_key in ('m0', 'm2') order by idempotency_key`,
    );
    expect(rows).toEqual([
      { idempotency_key: 'm0', payload: { i: 0 }, max_attempts: 10, due: true },
      { idempotency_key: 'm2', payload: { i: 2 }, max_attempts: 3, due: false },
    ]);
    expect(await enqueueMany(db, [])).toEqual([]);
  });

  it('rejects a job without queue or key, or with bad maxAttempts, before touching the database', async () => {
    await expect(enqueue(db, { queue: '', payload: {}, idempotencyKey: 'x' })).rejects.toThrow(/queue/);
    await expect(enqueue(db, { queue: 'q', payload: {}, idempotencyKey: '' })).rejects.toThrow(/idempotencyKey/);
    await expect(enqueue(db, { queue: 'q', payload: {}, idempotencyKey: 'x', maxAttempts: 0 })).rejects.toThrow(
      /maxAttempts/,
    );
    expect(await count('idempotency_key = $1', ['x'])).toBe(0);
  });
});

async function waitFor(cond: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
