// CSV exports over HTTP on a real database: every row across page boundaries, oldest first, the range, escaping of
// hostile cells, tenants and environments apart, roles, and the refusal of a bad range.
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
import { EXPORT_KINDS } from './exportKinds.ts';

const db = process.env.DATABASE_URL ? 'postgres' : 'pglite';
let g: TestGateway;
let key: string;
let readOnly: string;
let otherKey: string;
let merchantId: string;

/** RFC 4180 parser for the test: quoted cells, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  expect(cell).toBe('');
  return rows;
}

beforeAll(async () => {
  g = await createTestGateway();
  g.ctx.networkRegistry = offlineRegistry();
  const s = await signUp(g.app, { business_name: 'Export Shop' });
  merchantId = s.merchantId;
  await markEmailVerified(g.db, s.userId);
  await insertVault(g.db, s.merchantId, DEVNET_VAULT);
  key = (await createKey(g.app, s.token, { role: 'developer' })).secret;
  readOnly = (await createKey(g.app, s.token, { role: 'read_only' })).secret;
  const o = await signUp(g.app);
  await insertVault(g.db, o.merchantId, DEVNET_VAULT);
  otherKey = (await createKey(g.app, o.token, { role: 'admin' })).secret;
});
afterAll(() => g?.close());

const exportOf = (kind: string, k = key, query = '') =>
  g.app.inject({ method: 'GET', url: `/v1/exports/${kind}.csv${query}`, headers: bearer(k) });
const createIntent = async (k: string, payload: object) => {
  const r = await g.app.inject({ method: 'POST', url: '/v1/payment-intents', headers: bearer(k), payload });
  expect(r.statusCode).toBe(201);
  return r.json() as { id: string; created_at: string };
};

describe(`CSV exports (${db})`, () => {
  it('streams every payment across pages, oldest first, with hostile cells defused', async () => {
    const hostile = await createIntent(key, {
      amount: '12.5',
      currency: 'USDC',
      networks: ['devnet'],
      description: '=HYPERLINK("http://evil.example","click"), and\na new line',
      order_reference: '@SUM(A1)',
    });
    await createIntent(otherKey, { amount: '1', currency: 'USDC', networks: ['devnet'] });
    // 2,500 more rows of this merchant (2.5 export pages), one second apart after the first.
    await g.db.query(
      `insert into payment_intents
       select (jsonb_populate_record(null::payment_intents, to_jsonb(p) || jsonb_build_object(
                 'id', 'pi_export' || lpad(n::text, 5, '0'),
                 'description', 'row ' || n,
                 'order_reference', null,
                 'created_at', p.created_at + n * interval '1 second'))).*
         from payment_intents p, generate_series(1, 2500) n
        where p.id = $1`,
      [hostile.id],
    );
    const r = await exportOf('payments');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toBe('attachment; filename="tender-payments-test.csv"');
    const rows = parseCsv(r.body);
    expect(rows[0]).toEqual([
      'id',
      'created_at',
      'status',
      'currency',
      'amount',
      'amount_received',
      'order_reference',
      'description',
      'customer_email',
      'payment_link_id',
      'invoice_id',
      'expires_at',
    ]);
    expect(rows).toHaveLength(1 + 2501);
    const first = rows[1]!;
    expect(first.slice(0, 8)).toEqual([
      hostile.id,
      new Date(hostile.created_at).toISOString(),
      'AWAITING_PAYMENT',
      'USDC',
      '12.5',
      '0',
      "'@SUM(A1)",
      `'=HYPERLINK("http://evil.example","click"), and\na new line`,
    ]);
    const ids = rows.slice(1).map((x) => x[0]);
    expect(new Set(ids).size).toBe(2501);
    expect(ids.slice(1)).toEqual(Array.from({ length: 2500 }, (_, i) => `pi_export${String(i + 1).padStart(5, '0')}`));

    // A range: from inclusive, to exclusive.
    const base = new Date(hostile.created_at).getTime();
    const at = (s: number) => new Date(base + s * 1000).toISOString();
    const ranged = parseCsv((await exportOf('payments', key, `?from=${at(10)}&to=${at(20)}`)).body);
    expect(ranged.slice(1).map((x) => x[0])).toEqual(
      Array.from({ length: 10 }, (_, i) => `pi_export${String(i + 10).padStart(5, '0')}`),
    );

    // The other merchant sees only its own payment.
    expect(parseCsv((await exportOf('payments', otherKey)).body)).toHaveLength(2);
  });

  it('every kind answers a CSV with its header; read-only keys may export; each export is audited', async () => {
    for (const kind of EXPORT_KINDS) {
      const r = await exportOf(kind, readOnly);
      expect([kind, r.statusCode]).toEqual([kind, 200]);
      expect(parseCsv(r.body)[0]![0]).toBe('id');
    }
    const inv = await g.app.inject({
      method: 'POST',
      url: '/v1/invoices',
      headers: bearer(key),
      payload: {
        customer_name: 'Ada, "the" client',
        customer_email: 'ada@x.example',
        line_items: [{ description: 'x', unit_amount: '30' }],
      },
    });
    expect(inv.statusCode).toBe(201);
    const invoices = parseCsv((await exportOf('invoices')).body);
    expect(invoices[1]).toEqual(
      expect.arrayContaining([inv.json().id, 'INV-000001', 'Ada, "the" client', 'ada@x.example', '30']),
    );
    const audited = await g.db.query<{ n: number }>(
      `select count(*)::int as n from audit_events where merchant_id = $1 and action = 'export.downloaded'`,
      [merchantId],
    );
    expect(audited[0]!.n).toBeGreaterThanOrEqual(EXPORT_KINDS.length + 1);
  });

  it('refuses a bad range and missing credentials in the error envelope', async () => {
    const backwards = await exportOf('payments', key, '?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect([backwards.statusCode, backwards.json().error.code, backwards.json().error.details]).toEqual([
      400,
      'VALIDATION_FAILED',
      [{ path: 'to', message: 'to must be later than from' }],
    ]);
    const notUtc = await exportOf('payments', key, '?from=yesterday');
    expect([notUtc.statusCode, notUtc.json().error.code]).toEqual([400, 'VALIDATION_FAILED']);
    const anon = await g.app.inject({ method: 'GET', url: '/v1/exports/refunds.csv' });
    expect([anon.statusCode, anon.json().error.code]).toEqual([401, 'AUTHENTICATION_REQUIRED']);
    const unknown = await exportOf('customers');
    expect(unknown.statusCode).toBe(404);
  });
});
