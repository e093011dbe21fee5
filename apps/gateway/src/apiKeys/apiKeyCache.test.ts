import type { Database } from '@tender/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createTestGateway, signUp, type SignedUp, type TestGateway } from '../_test/testGateway.ts';
import { ApiKeyCache } from './apiKeyCache.ts';

const dbKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** The database with a count of statements sent through it (the cache's round trips). */
function counting(db: Database): Database & { statements: number } {
  const c = Object.create(db) as Database & { statements: number };
  c.statements = 0;
  c.query = (text, params) => {
    c.statements++;
    return db.query(text, params);
  };
  return c;
}

describe(`API-key lookup cache (${dbKind})`, () => {
  let g: TestGateway;
  let owner: SignedUp;
  beforeAll(async () => {
    g = await createTestGateway();
    owner = await signUp(g.app);
  });
  afterAll(() => g?.close());

  // A fixed clock: entries never reach their expiry here, so only the change notification can drop them.
  const now = new Date();

  it('answers a valid key from memory after the first lookup; unknown keys always ask the database', async () => {
    const db = counting(g.db);
    const cache = new ApiKeyCache(db);
    await cache.start();
    const k = await createKey(g.app, owner.token, { role: 'developer' });
    const first = await cache.resolve(k.secret, now);
    expect(first).toMatchObject({ ok: true, key: { id: k.id, role: 'developer', environment: 'test' } });
    const sent = db.statements;
    expect(await cache.resolve(k.secret, now)).toEqual(first);
    expect(db.statements).toBe(sent);
    expect(await cache.resolve('sk_test_unknown', now)).toEqual({ ok: false, reason: 'unknown' });
    expect(await cache.resolve('sk_test_unknown', now)).toEqual({ ok: false, reason: 'unknown' });
    expect(db.statements).toBe(sent + 2);
  });

  it('drops a key revoked by any writer (a trigger notifies every process), without waiting for expiry', async () => {
    const cache = new ApiKeyCache(g.db);
    await cache.start();
    const k = await createKey(g.app, owner.token);
    expect((await cache.resolve(k.secret, now)).ok).toBe(true);
    // Not through revokeApiKey: a plain UPDATE, as another process or an operator would do it.
    await g.db.query('update api_keys set revoked_at = now() where id = $1', [k.id]);
    await expect
      .poll(() => cache.resolve(k.secret, now), { timeout: 2000, interval: 10 })
      .toEqual({
        ok: false,
        reason: 'revoked',
      });
  });

  it('sees a role change the same way', async () => {
    const cache = new ApiKeyCache(g.db);
    await cache.start();
    const k = await createKey(g.app, owner.token, { role: 'admin' });
    expect(await cache.resolve(k.secret, now)).toMatchObject({ ok: true, key: { role: 'admin' } });
    await g.db.query(`update api_keys set role = 'read_only' where id = $1`, [k.id]);
    await expect
      .poll(async () => ((await cache.resolve(k.secret, now)) as { key?: { role: string } }).key?.role, {
        timeout: 2000,
        interval: 10,
      })
      .toBe('read_only');
  });

  it('caches nothing until it listens for changes', async () => {
    const db = counting(g.db);
    const cache = new ApiKeyCache(db);
    const k = await createKey(g.app, owner.token);
    await cache.resolve(k.secret, now);
    const sent = db.statements;
    await cache.resolve(k.secret, now);
    expect(db.statements).toBeGreaterThan(sent);
  });
});
