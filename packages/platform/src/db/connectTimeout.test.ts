// A request that cannot get a database connection fails fast: the connect timeout (default 5 s, here 1 s) bounds
// both a server that never answers and a pool whose connections are all held, and the HTTP kit answers it 503
// SERVICE_UNAVAILABLE in the API's envelope instead of hanging for postgres.js's 30 s (or forever, for the pool).
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/loadConfig.ts';
import { createHttpServer } from '../http/createHttpServer.ts';
import type { HttpError } from '../http/httpError.ts';
import { createLogger } from '../log/logger.ts';
import { DatabaseUnavailableError } from './databaseUnavailable.ts';
import type { Database } from './database.ts';
import { openPostgres } from './postgresDatabase.ts';

const envelope = {
  render: (e: HttpError, requestId: string) => ({ error: { code: e.code, message: e.message, request_id: requestId } }),
};

/** A TCP server that accepts connections and never says a word: a PostgreSQL that hangs. */
async function blackhole(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://tender@127.0.0.1:${port}/tender`,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

async function timed<T>(p: Promise<T>): Promise<{ ms: number; error: unknown }> {
  const t0 = Date.now();
  try {
    await p;
    return { ms: Date.now() - t0, error: undefined };
  } catch (error) {
    return { ms: Date.now() - t0, error };
  }
}

describe('database connect timeout', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of closers.reverse()) await c();
  });

  it('a PostgreSQL that accepts the connection and never answers is refused within the timeout, not 30 s', async () => {
    const hole = await blackhole();
    closers.push(hole.close);
    const r = await timed(openPostgres({ url: hole.url, connectTimeoutSeconds: 1 }));
    expect(r.error).toBeInstanceOf(ConfigError);
    expect((r.error as ConfigError).problems[0]).toMatch(
      /^DATABASE_URL: cannot connect to 127\.0\.0\.1:\d+\/tender \(CONNECT_TIMEOUT/,
    );
    expect(r.ms).toBeLessThan(4_000);
  }, 15_000);

  it('a request that meets an unreachable database answers 503 SERVICE_UNAVAILABLE in the envelope', async () => {
    const app = await createHttpServer({
      logger: createLogger({ level: 'silent' }),
      envelope,
      requestIdPrefix: 'req',
      openapi: { path: '/openapi.json', info: { title: 't', version: '2026-10-01' } },
    });
    closers.push(() => app.close());
    app.get('/unavailable', async () => {
      throw new DatabaseUnavailableError('no PostgreSQL connection within 1 s');
    });
    app.get('/connect-timeout', async () => {
      throw Object.assign(new Error('write CONNECT_TIMEOUT 127.0.0.1:5432'), { code: 'CONNECT_TIMEOUT' });
    });
    for (const url of ['/unavailable', '/connect-timeout']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE', request_id: expect.any(String) } });
    }
  });

  describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL: a pool whose connections are all held', () => {
    it('fails statements and transactions that wait for a connection within the timeout, and the pool recovers', async () => {
      const db: Database = await openPostgres({ url: process.env.DATABASE_URL!, max: 2, connectTimeoutSeconds: 1 });
      closers.push(() => db.close());
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const holders = [0, 1].map(() => db.tx(async (tx) => (await tx.query('select 1'), await released)));
      await new Promise((r) => setTimeout(r, 200)); // both connections are taken
      let abandonedRan = false;
      const [query, tx] = await Promise.all([
        timed(db.query('select 1')),
        timed(
          db.tx(async () => {
            abandonedRan = true;
          }),
        ),
      ]);
      for (const r of [query, tx]) {
        expect(r.error).toBeInstanceOf(DatabaseUnavailableError);
        expect((r.error as Error).message).toMatch(/no PostgreSQL connection within 1 s/);
        expect(r.ms).toBeGreaterThanOrEqual(900);
        expect(r.ms).toBeLessThan(3_000);
      }
      release();
      await Promise.all(holders);
      // The pool serves again; the transaction that timed out never ran its work.
      expect(await db.query<{ n: number }>('select 1 as n')).toEqual([{ n: 1 }]);
      expect(await db.tx(async (t) => (await t.query<{ n: number }>('select 2 as n'))[0]!.n)).toBe(2);
      expect(abandonedRan).toBe(false);
      // A statement that has its connection is never cut short by the timeout.
      expect(await db.query<{ n: number }>('select 3 as n from pg_sleep(1.5)')).toEqual([{ n: 3 }]);
    }, 20_000);
  });
});
