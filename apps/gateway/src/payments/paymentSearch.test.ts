// GET /v1/payments?q= beyond the newest-payments window of the search (queries.ts, searchNewest): a search that
// matches many payments is answered from the window, one that matches few from the trigram indexes, and both give
// what a plain filter of every payment gives, page by page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchantWithOwner } from '../accounts/accounts.ts';
import { createTestGateway, type TestGateway } from '../_test/testGateway.ts';
import { listPayments } from './queries.ts';

const N = 1_500; // more than the search's window of 1,000
let gw: TestGateway;
let merchantId: string;
/** Every payment as listed: newest first. */
let all: { id: string; order_reference: string }[];

beforeAll(async () => {
  gw = await createTestGateway();
  ({
    merchant: { id: merchantId },
  } = await createMerchantWithOwner(gw.db, {
    businessName: 'Search',
    email: null,
    emailVerifiedAt: null,
    passwordHash: null,
    now: new Date(),
  }));
  // g = 1 is the newest; every fifth payment is `blue-…` (many matches), `rare-…` only far beyond the window.
  await gw.db.exec(`
    insert into payment_intents (id, merchant_id, environment, status, amount_units, currency, decimals,
      order_reference, description, checkout_methods, metadata, expires_at, status_changed_at, created_at, updated_at)
    select 'pi_search' || lpad(g::text, 5, '0'), '${merchantId}', 'test', 'AWAITING_PAYMENT', 1000000, 'USDC', 6,
      case when g > 1400 and g % 7 = 0 then 'rare-' || g when g % 5 = 0 then 'blue-' || g else 'plain-' || g end,
      'Order ' || g, '{wallet}', '{}', now() + interval '1 hour',
      now() - g * interval '1 second', now() - g * interval '1 second', now() - g * interval '1 second'
    from generate_series(1, ${N}) g`);
  all = (
    await gw.db.query<{ id: string; order_reference: string }>(
      `select id, order_reference from payment_intents order by created_at desc, id desc`,
    )
  ).map((r) => ({ id: r.id, order_reference: r.order_reference }));
});
afterAll(() => gw.close());

const tenant = () => ({ merchantId, environment: 'test' as const });

/** Every page of a search, by cursor, in order. */
async function pages(q: string, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await listPayments(gw.ctx, tenant(), { q, limit, cursor });
    ids.push(...page.data.map((p) => p.id));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return ids;
}

describe('payment search across the window', () => {
  it('a search with many matches lists them all, newest first, page by page', async () => {
    const expected = all.filter((p) => p.order_reference.includes('blue-')).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(200);
    const first = await listPayments(gw.ctx, tenant(), { q: 'BLUE-', limit: 100 });
    expect(first.data.map((p) => p.id)).toEqual(expected.slice(0, 100));
    expect(first.has_more).toBe(true);
    expect(await pages('blue-', 100)).toEqual(expected);
  });

  it('a search with more matches than the index path takes (500) is answered from the window, page by page', async () => {
    const expected = all.filter((p) => p.order_reference.includes('plain-')).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(1000);
    const first = await listPayments(gw.ctx, tenant(), { q: 'plain-', limit: 100 });
    expect(first.data.map((p) => p.id)).toEqual(expected.slice(0, 100));
    expect(await pages('plain-', 100)).toEqual(expected);
  });

  it('a search whose matches all lie beyond the window finds them through the indexes', async () => {
    const expected = all.filter((p) => p.order_reference.startsWith('rare-')).map((p) => p.id);
    expect(expected.length).toBeGreaterThan(5);
    const page = await listPayments(gw.ctx, tenant(), { q: 'rare-', limit: 100 });
    expect(page.data.map((p) => p.id)).toEqual(expected);
    expect(page.has_more).toBe(false);
    expect(await pages('rare', 3)).toEqual(expected);
  });

  it('a search with a few matches inside the window and more beyond it returns both', async () => {
    // `-14` matches blue-140, plain-14…, and payments beyond 1,000 (1400–1499).
    const expected = all.filter((p) => p.order_reference.includes('-14')).map((p) => p.id);
    expect(await pages('-14', 100)).toEqual(expected);
  });

  it('another filter narrows the window too', async () => {
    const [at] = await gw.db.query<{ created_at: Date }>(
      `select created_at from payment_intents where id = 'pi_search01200'`,
    );
    const cursor = at!.created_at.toISOString();
    const page = await listPayments(gw.ctx, tenant(), { q: 'blue-', limit: 100, cursor });
    const expected = all
      .filter((p) => p.order_reference.includes('blue-') && Number(p.id.slice(9)) > 1200)
      .map((p) => p.id);
    expect(page.data.map((p) => p.id)).toEqual(expected.slice(0, 100));
  });
});
