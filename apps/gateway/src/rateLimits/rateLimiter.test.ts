import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformMigrations, type Database } from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import { gatewayMigrations } from '../migrations.ts';
import { decide, hitRateLimit, limitKey, peekRateLimit, pruneRateLimitBuckets } from './rateLimiter.ts';

const rule = { limit: 10, windowSeconds: 60 };

describe('sliding-window arithmetic', () => {
  it('allows up to the limit within a window and refuses the next', () => {
    expect(decide(rule, 30, 0, 10, 0).allowed).toBe(true);
    expect(decide(rule, 30, 0, 11, 0).allowed).toBe(false);
    expect(decide(rule, 30, 0, 10, 1).allowed).toBe(false);
    expect(decide(rule, 30, 0, 9, 1).allowed).toBe(true);
  });

  it('weighs the previous window by how much of it still overlaps', () => {
    // 15 s into the window, 10 events last window weigh 7.5; with 2 now the estimate is 9.5.
    expect(decide(rule, 15, 10, 2, 0).allowed).toBe(true);
    expect(decide(rule, 15, 10, 3, 0).allowed).toBe(false);
    // At the very start of a window the previous one still counts fully.
    expect(decide(rule, 0, 10, 1, 0).allowed).toBe(false);
  });

  it('says when the next event will be allowed', () => {
    // prev 10, cur 3, 15 s in: next allowed once 10·(1 − t/60) + 3 + 1 ≤ 10 → t = 24 s, i.e. 9 s from now.
    expect(decide(rule, 15, 10, 3, 1)).toEqual({ allowed: false, retryAfterSeconds: 9 });
    // cur alone over the limit: wait for the next window and then for the weight to decay.
    // cur 12 at 30 s: next window starts in 30 s; then 12·(1 − s/60) ≤ 9 → s = 15 → 45 s.
    expect(decide(rule, 30, 0, 12, 0)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    // A limit of 1: the previous window must have decayed away completely.
    expect(decide({ limit: 1, windowSeconds: 60 }, 10, 0, 2, 0).retryAfterSeconds).toBe(110);
  });
});

describe(`rate limiter on ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}`, () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase([...(await platformMigrations()), ...(await gatewayMigrations())]);
  });
  afterAll(() => db?.close());

  it('counts hits per key in the database and frees up as the window slides', async () => {
    const key = limitKey('t', 'someone@example.com');
    expect(key).toMatch(/^t:[0-9a-f]{32}$/);
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const at = (s: number) => new Date(start.getTime() + s * 1000);
    const small = { limit: 3, windowSeconds: 60 };
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push((await hitRateLimit(db, key, small, at(10))).allowed);
    expect(outcomes).toEqual([true, true, true, false]);
    expect((await peekRateLimit(db, key, small, at(11))).allowed).toBe(false);
    // Another key is independent.
    expect((await hitRateLimit(db, limitKey('t', 'other'), small, at(10))).allowed).toBe(true);
    // 4 events last window: at 40 s into the next, they weigh 4·(1/3) ≈ 1.33, so one more fits.
    expect((await peekRateLimit(db, key, small, at(100))).allowed).toBe(true);
    expect((await hitRateLimit(db, key, small, at(100))).allowed).toBe(true);
    // Two windows later nothing remains.
    expect((await peekRateLimit(db, key, small, at(200))).allowed).toBe(true);
  });

  it('keeps no email or address in the table and prunes old windows', async () => {
    await hitRateLimit(db, limitKey('login:account', 'secret-person@example.com'), rule, new Date());
    const rows = await db.query('select key from rate_limit_buckets');
    expect(JSON.stringify(rows)).not.toContain('secret-person');
    await pruneRateLimitBuckets(db, new Date(Date.now() + 3600_000));
    expect(await db.query('select 1 from rate_limit_buckets')).toEqual([]);
  });
});
