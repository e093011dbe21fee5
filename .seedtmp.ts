import { migrate, openDatabase, platformMigrations, type Database } from '@tender/platform';
import { gatewayMigrations } from '/work/wt/perf/apps/gateway/src/index.ts';
import { createMerchantWithOwner } from '/work/wt/perf/apps/gateway/src/accounts/accounts.ts';
const NETWORK = 'base-sepolia';
const USDC = '0x036cbd53842c5426634e7929541ec2318f3dcf7e';
/** Every payment of the merchant in one INSERT … SELECT per table. */
async function seed(db: Database, merchantId: string, n: number): Promise<void> {
  const statuses = `(array['AWAITING_PAYMENT','EXPIRED','PAID','SETTLED','SETTLED','SETTLED','SETTLED','UNDERPAID',
    'SETTLEMENT_PENDING','DETECTED'])[1 + g % 10]`;
  // Spread over 60 days, newest g = 1; a few payments share a millisecond, as they do under load.
  const created = `now() - (g * (interval '60 days' / ${n}))`;
  await db.exec(`
    insert into payment_intents (id, merchant_id, environment, status, amount_units, currency, decimals,
      order_reference, description, checkout_methods, metadata, expires_at, received_units, final_units,
      settled_units, status_changed_at, created_at, updated_at)
    select 'pi_bench' || lpad(g::text, 8, '0'), '${merchantId}', 'test', ${statuses}, (1 + g % 100) * 1000000,
      'USDC', 6, 'order-' || g, 'Bench order ' || g, '{wallet}', jsonb_build_object('sku', 'sku-' || g % 50),
      ${created} + interval '20 minutes',
      case when g % 10 in (2,3,4,5,6,8,9) then (1 + g % 100) * 1000000 else 0 end,
      case when g % 10 in (2,3,4,5,6,8) then (1 + g % 100) * 1000000 else 0 end,
      case when g % 10 in (3,4,5,6) then (1 + g % 100) * 1000000 else 0 end,
      ${created}, ${created}, ${created}
    from generate_series(1, ${n}) g;

    insert into deposit_addresses (payment_id, network, address, merchant_id, environment, token, vault, factory,
      salt, created_at)
    select 'pi_bench' || lpad(g::text, 8, '0'), '${NETWORK}', '0xd' || lpad(to_hex(g), 39, '0'), '${merchantId}',
      'test', '${USDC}', '0x${'a'.repeat(40)}', '0x${'f'.repeat(40)}', '0x0' || lpad(to_hex(g), 63, '0'), ${created}
    from generate_series(1, ${n}) g;

    insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
      official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
      final, observed_at, final_at)
    select '${NETWORK}', 'pi_bench' || lpad(g::text, 8, '0'), '${merchantId}', 'test', 'incoming',
      '0xd' || lpad(to_hex(g), 39, '0'), '${USDC}', true, '0x${'c'.repeat(40)}', '0xd' || lpad(to_hex(g), 39, '0'),
      (1 + g % 100) * 1000000, 1000000 + g, '0xb' || lpad(to_hex(g), 63, '0'), ${created} + interval '1 minute',
      '0xe' || lpad(to_hex(g), 63, '0'), 0, g % 10 <> 9, ${created}, ${created}
    from generate_series(1, ${n}) g where g % 10 in (2,3,4,5,6,8,9);

    insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
      official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash, log_index,
      final, observed_at, final_at)
    select '${NETWORK}', 'pi_bench' || lpad(g::text, 8, '0'), '${merchantId}', 'test', 'settlement',
      '0xd' || lpad(to_hex(g), 39, '0'), '${USDC}', true, '0xd' || lpad(to_hex(g), 39, '0'), '0x${'a'.repeat(40)}',
      (1 + g % 100) * 1000000, 2000000 + g, '0xa' || lpad(to_hex(g), 63, '0'), ${created} + interval '3 minutes',
      '0xf' || lpad(to_hex(g), 63, '0'), 0, true, ${created}, ${created}
    from generate_series(1, ${n}) g where g % 10 in (3,4,5,6);

    insert into payment_timeline (payment_id, status, previous_status, reason, created_at)
    select 'pi_bench' || lpad(g::text, 8, '0'), ${statuses}, 'AWAITING_PAYMENT', 'bench', ${created} + interval '2 minutes'
    from generate_series(1, ${n}) g where g % 10 <> 0;

    analyze;
  `);
}


const n = Number(process.argv[2]);
const schema = process.argv[3];
const db = await openDatabase({ url: process.env.DATABASE_URL, schema, poolSize: 2 });
await migrate(db, [...(await platformMigrations()), ...(await gatewayMigrations())]);
const { merchant } = await createMerchantWithOwner(db, { businessName: 'B', email: null, emailVerifiedAt: null, passwordHash: null, now: new Date() });
await seed(db, merchant.id, n);
console.log(merchant.id);
await db.close();
