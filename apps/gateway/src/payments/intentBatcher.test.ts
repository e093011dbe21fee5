import { platformMigrations } from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewayMigrations } from '../migrations.ts';
import { IntentBatcher, type IntentRecord } from './intentBatcher.ts';

const VAULT = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
let db: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  db = await openTestDatabase([...(await platformMigrations()), ...(await gatewayMigrations())]);
  await db.query(
    `insert into merchant_vaults (merchant_id, environment, network, address) values ('m1', 'test', 'devnet', $1)`,
    [VAULT],
  );
});
afterAll(() => db?.close());

let n = 0;
const record = (o: Partial<IntentRecord> = {}, vault = VAULT): IntentRecord => {
  const i = ++n;
  const address = `0x${i.toString(16).padStart(40, '0')}`;
  return {
    id: `pi_batch${i}`,
    merchant_id: 'm1',
    environment: 'test',
    amount: '1000000',
    currency: 'USDC',
    decimals: 6,
    order_reference: `o${i}`,
    description: null,
    methods: ['WALLET', 'ADDRESS'],
    email: null,
    success_url: null,
    cancel_url: null,
    metadata: { k: 'v' },
    expires_at: new Date(Date.now() + 1200_000).toISOString(),
    created_at: new Date().toISOString(),
    default_expiry: 1200,
    salt: `0x${'ab'.repeat(32)}`,
    deposits: [
      {
        network: 'devnet',
        address,
        token: '0x00000000000000000000000000000000000000a1',
        vault,
        factory: '0x00000000000000000000000000000000000000fa',
      },
    ],
    ...o,
  };
};

describe(`intent batcher (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('writes concurrent intents in fewer statements, each with its deposit address and expiry job', async () => {
    const b = new IntentBatcher(db, 1);
    const records = Array.from({ length: 40 }, () => record());
    const results = await Promise.all(records.map((r) => b.write(r)));
    expect(results.every(Boolean)).toBe(true);
    expect(b.statements).toBeLessThan(40);
    const [c] = await db.query<{ i: string; d: string; j: string }>(
      `select (select count(*) from payment_intents where id like 'pi_batch%') as i,
              (select count(*) from deposit_addresses where payment_id like 'pi_batch%') as d,
              (select count(*) from jobs where idempotency_key like 'payment-expiry:pi_batch%') as j`,
    );
    expect(c).toEqual({ i: '40', d: '40', j: '40' });
    const [row] = await db.query<{ metadata: unknown; checkout_methods: string[]; amount_units: string }>(
      'select metadata, checkout_methods, amount_units from payment_intents where id = $1',
      [records[0]!.id],
    );
    expect(row).toEqual({ metadata: { k: 'v' }, checkout_methods: ['WALLET', 'ADDRESS'], amount_units: '1000000' });
  });

  it('refuses, per intent, a vault that is no longer the merchant’s or a stale default expiry', async () => {
    const b = new IntentBatcher(db, 1);
    const good = record();
    const staleVault = record({}, '0x90f79bf6eb2c4f870365e785982e1f101e93b906');
    const staleExpiry = record({ default_expiry: 600 });
    const own = record({ default_expiry: null });
    expect(await Promise.all([b.write(good), b.write(staleVault), b.write(staleExpiry), b.write(own)])).toEqual([
      true,
      false,
      false,
      true,
    ]);
    const ids = (
      await db.query<{ id: string }>('select id from payment_intents where id = any($1::text[])', [
        [good.id, staleVault.id, staleExpiry.id, own.id],
      ])
    ).map((r) => r.id);
    expect(ids.sort()).toEqual([good.id, own.id].sort());
  });

  it('a failing intent fails only its own request', async () => {
    const b = new IntentBatcher(db, 1);
    const first = record();
    const clash = record({ deposits: first.deposits }); // same deposit address: unique violation
    const other = record();
    const out = await Promise.allSettled([b.write(first), b.write(clash), b.write(other)]);
    expect(out.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ids = (
      await db.query<{ id: string }>('select id from payment_intents where id = any($1::text[])', [
        [first.id, clash.id, other.id],
      ])
    ).map((r) => r.id);
    expect(ids.sort()).toEqual([first.id, other.id].sort());
  });
});
