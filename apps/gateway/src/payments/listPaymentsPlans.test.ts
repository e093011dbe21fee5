// The statements GET /v1/payments sends, explained by PostgreSQL over a merchant with many payments: each must
// reach its rows through an index (keyset on the tenant's created_at index, the status index, the search indexes),
// never by reading the whole payments table. PostgreSQL only: its planner is the one production uses.
import { createLogger, platformMigrations, type Database } from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayContext } from '../context.ts';
import { createGatewayServices } from '../runtime.ts';
import { gatewayMigrations } from '../migrations.ts';
import { createNetworkRegistry } from '../networks/registry.ts';
import { listPayments, type ListPaymentsQuery } from './queries.ts';

const N = 100_000;
const tenant = { merchantId: 'mch_plans', environment: 'test' as const };

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function nodes(p: PlanNode): PlanNode[] {
  return [p, ...(p.Plans ?? []).flatMap(nodes)];
}

describe.skipIf(!process.env.DATABASE_URL)('GET /v1/payments statements use indexes (postgres)', () => {
  let db: Database;
  let ctx: GatewayContext;
  beforeAll(async () => {
    db = await openTestDatabase([...(await platformMigrations()), ...(await gatewayMigrations())]);
    // Another merchant's payments too, so that the tenant filter matters.
    await db.exec(`
      insert into payment_intents (id, merchant_id, environment, status, amount_units, currency, decimals,
        order_reference, description, checkout_methods, expires_at, created_at)
      select 'pi_plan' || g, case when g % 4 = 0 then 'mch_other' else '${tenant.merchantId}' end, 'test',
        (array['AWAITING_PAYMENT','EXPIRED','PAID','SETTLED'])[1 + g % 4], 1000000, 'USDC', 6,
        'ref-' || md5(g::text), 'Order ' || md5((g * 7)::text), '{wallet}', now(), now() - g * interval '1 minute'
      from generate_series(1, ${N}) g;
      insert into deposit_addresses (payment_id, network, address, merchant_id, environment, token, vault, factory, salt)
      select 'pi_plan' || g, 'base-sepolia', '0xd' || lpad(to_hex(g), 39, '0'), '${tenant.merchantId}', 'test',
        '0x${'a'.repeat(40)}', '0x${'b'.repeat(40)}', '0x${'f'.repeat(40)}', '0x${'0'.repeat(64)}'
      from generate_series(1, ${N}) g;
      insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
        official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index)
      select 'base-sepolia', 'pi_plan' || g, '${tenant.merchantId}', 'test', 'incoming', '0xd', 't', true, '0xf',
        '0xd', 1, g, '0xb' || g, now(), '0xe' || lpad(to_hex(g), 63, '0'), 0
      from generate_series(1, ${N}) g;
      analyze;
    `);
    // Every statement listPayments sends is explained first, with the same parameters.
    const explaining: Database = {
      ...db,
      async query<T>(text: string, params: readonly unknown[] = []) {
        if (/^\s*select/i.test(text)) plans.push({ text, plan: await explain(text, params) });
        return db.query<T>(text, params);
      },
    };
    ctx = createGatewayServices({
      db: explaining,
      logger: createLogger({ level: 'silent' }),
      now: () => new Date(),
      config: { publicUrl: 'http://127.0.0.1', profile: 'production' },
      networkRegistry: createNetworkRegistry({ profile: 'production' }),
    });
  }, 120_000);
  afterAll(async () => db?.close());

  const plans: { text: string; plan: PlanNode }[] = [];
  async function explain(text: string, params: readonly unknown[]): Promise<PlanNode> {
    const [row] = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (format json) ${text}`, params);
    return row!['QUERY PLAN'][0].Plan;
  }

  const cursor = new Date(Date.now() - 50_000 * 60_000).toISOString();
  it.each<[string, ListPaymentsQuery]>([
    ['the first page', { limit: 100 }],
    ['a page by cursor (keyset)', { limit: 100, cursor }],
    ['a status', { limit: 100, status: 'EXPIRED' }],
    ['a time range', { limit: 100, from: cursor, to: new Date().toISOString() }],
    ['a search by order reference', { q: 'ref-c4ca4238a0b923820dcc509a6f75849b' }],
    ['a search by deposit address', { q: `0xd${(12_345).toString(16).padStart(39, '0')}` }],
    ['a search by transaction hash', { q: `0xe${(12_345).toString(16).padStart(63, '0')}` }],
    ['a search by payment id', { q: 'pi_plan12345' }],
  ])('%s reads no table in full', async (_, query) => {
    plans.length = 0;
    const page = await listPayments(ctx, tenant, query);
    expect(plans.length).toBeGreaterThan(0);
    for (const { text, plan } of plans) {
      const seq = nodes(plan).filter((n) => n['Node Type'] === 'Seq Scan');
      expect(
        seq.map((n) => n['Relation Name']),
        text,
      ).toEqual([]);
    }
    if (query.q) expect(page.data.length).toBe(1);
  });
});
