// Cursor paging of /v1/transactions and /v1/settlements past any one page, and their CSV exports, on a real
// database: every row once, newest first, a forged cursor refused, other tenants apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVNET_VAULT, offlineRegistry } from '../_test/devnetRegistry.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  insertVault,
  markEmailVerified,
  signUp,
  type TestGateway,
} from '../_test/testGateway.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const N = 45;
let g: TestGateway;
let key: string;
let otherKey: string;

beforeAll(async () => {
  g = await createTestGateway();
  g.ctx.networkRegistry = offlineRegistry();
  const s = await signUp(g.app);
  await markEmailVerified(g.db, s.userId);
  await insertVault(g.db, s.merchantId, DEVNET_VAULT);
  key = (await createKey(g.app, s.token, { role: 'read_only' })).secret;
  const writer = (await createKey(g.app, s.token, { role: 'developer' })).secret;
  otherKey = (await createKey(g.app, (await signUp(g.app)).token, { role: 'admin' })).secret;
  const pi = (
    await g.app.inject({
      method: 'POST',
      url: '/v1/payment-intents',
      headers: bearer(writer),
      payload: { amount: '5', currency: 'USDC', networks: ['devnet'] },
    })
  ).json().id as string;
  const addr = '0x' + '1'.repeat(40);
  await g.db.query(
    `insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token, official,
       from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index)
     select 'devnet', $1, $2, 'test', 'incoming', $3, $3, false, $3, $3, n, n, '0xblock' || n,
            now() - (100 - n) * interval '1 minute', '0xtx' || n, 0
       from generate_series(1, ${N}) n`,
    [pi, s.merchantId, addr],
  );
  // Settlements with ties on created_at (pairs share an instant), so the id breaks them.
  await g.db.query(
    `insert into settlements (id, payment_id, merchant_id, environment, network, purpose, attempt, token,
       deposit_address, vault, salt, state, created_at)
     select 'stl_' || lpad(n::text, 3, '0'), $1, $2, 'test', 'devnet', 'payment', n, $3, $3, $3, '0x00', 'pending',
            timestamptz '2026-01-01T00:00:00Z' + (n / 2) * interval '1 second'
       from generate_series(1, ${N}) n`,
    [pi, s.merchantId, addr],
  );
});
afterAll(() => g?.close());

const get = (url: string, k = key) => g.app.inject({ method: 'GET', url, headers: bearer(k) });

async function all(path: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const r = await get(`${path}?limit=20${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(r.statusCode).toBe(200);
    const body = r.json() as { data: { id: string }[]; has_more: boolean; next_cursor: string | null };
    ids.push(...body.data.map((d) => String(d.id)));
    expect(body.has_more).toBe(body.next_cursor !== null);
    cursor = body.next_cursor;
    pages++;
  } while (cursor);
  return { ids, pages };
}

describe(`ledger lists page with cursors (${db})`, () => {
  it('/v1/transactions: every transfer once, newest first, in pages of 20', async () => {
    const { ids, pages } = await all('/v1/transactions');
    expect([ids.length, new Set(ids).size, pages]).toEqual([N, N, 3]);
    const numeric = ids.map(Number);
    expect(numeric).toEqual([...numeric].sort((a, b) => b - a));
  });

  it('/v1/settlements: every settlement once, newest first, ties broken by id', async () => {
    const { ids, pages } = await all('/v1/settlements');
    expect([ids.length, new Set(ids).size, pages]).toEqual([N, N, 3]);
    expect(ids).toEqual(Array.from({ length: N }, (_, i) => `stl_${String(N - i).padStart(3, '0')}`));
  });

  it('refuses a cursor of another list or a forged one; other tenants see nothing; the exports hold every row', async () => {
    const first = (await get('/v1/transactions?limit=1')).json().next_cursor as string;
    for (const bad of [
      first,
      'bm90IGEgY3Vyc29y',
      Buffer.from('["stl","2026-13-01T00:00:00Z","x"]').toString('base64url'),
    ]) {
      const r = await get(`/v1/settlements?cursor=${encodeURIComponent(bad)}`);
      expect([r.statusCode, r.json().error.details]).toEqual([
        400,
        [{ path: 'cursor', message: 'cursor is not a cursor returned by this list' }],
      ]);
    }
    expect((await get('/v1/transactions', otherKey)).json().data).toEqual([]);
    expect((await get('/v1/settlements', otherKey)).json().data).toEqual([]);
    for (const kind of ['transactions', 'settlements']) {
      const csv = (await get(`/v1/exports/${kind}.csv`)).body.trimEnd().split('\r\n');
      expect([kind, csv.length]).toEqual([kind, N + 1]);
      expect((await get(`/v1/exports/${kind}.csv`, otherKey)).body.trimEnd().split('\r\n')).toHaveLength(1);
    }
  });
});
