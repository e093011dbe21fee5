import { createLogger, platformMigrations, type Database } from '@tender/platform';
import { openTestDatabase } from '@tender/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayContext } from '../context.ts';
import { createGatewayServices } from '../runtime.ts';
import { gatewayMigrations } from '../migrations.ts';
import { overview } from './ledger.ts';
import type { Tenant } from '../tenant.ts';

/** A small seeded PRNG (mulberry32): the same seed gives the same data, so a failure can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}

const STATUSES = ['AWAITING_PAYMENT', 'DETECTED', 'PAID', 'SETTLED', 'EXPIRED', 'UNDERPAID', 'INVALID_ASSET'] as const;
const MERCHANTS = ['mch_a', 'mch_b'];
const ENVS = ['test', 'live'] as const;
const NOW = new Date('2026-03-15T13:45:00Z');
const DAY = 86_400_000;

/**
 * The overview as it was computed before the aggregates: straight from payment_intents and chain_transfers. The
 * aggregates must give exactly these numbers.
 */
async function directOverview(db: Database, t: Tenant, days: number, currency: string) {
  const startOfToday = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate());
  const since = new Date(startOfToday - (days - 1) * DAY);
  const params = [t.merchantId, t.environment, currency, since];
  const flows = await db.query<{ kind: string; day: string; units: string; n: string }>(
    `select c.kind, to_char(date_trunc('day', c.block_time at time zone 'UTC'), 'YYYY-MM-DD') as day,
       sum(c.amount_units)::text as units, count(*)::text as n
     from chain_transfers c join payment_intents i on i.id = c.payment_id
     where c.merchant_id = $1 and c.environment = $2 and i.currency = $3 and c.block_time >= $4
       and c.official and c.final and not c.removed
     group by 1, 2`,
    params,
  );
  const statuses = await db.query<{ status: string; n: string; units: string }>(
    `select status, count(*)::text as n, sum(amount_units)::text as units from payment_intents
     where merchant_id = $1 and environment = $2 and currency = $3 and created_at >= $4 group by status`,
    params,
  );
  let received = 0n;
  let settled = 0n;
  let receivedTransfers = 0;
  let settledTransfers = 0;
  const series = new Map<string, { received: bigint; settled: bigint }>();
  for (const f of flows) {
    const slot = series.get(f.day) ?? { received: 0n, settled: 0n };
    if (f.kind === 'incoming') {
      received += BigInt(f.units);
      receivedTransfers += Number(f.n);
      slot.received += BigInt(f.units);
    } else {
      settled += BigInt(f.units);
      settledTransfers += Number(f.n);
      slot.settled += BigInt(f.units);
    }
    series.set(f.day, slot);
  }
  return {
    received: received.toString(),
    receivedTransfers,
    settled: settled.toString(),
    settledTransfers,
    byStatus: Object.fromEntries(statuses.map((s) => [s.status, { count: Number(s.n), units: s.units }])),
    series: Object.fromEntries(
      [...series]
        .filter(([day]) => day <= NOW.toISOString().slice(0, 10))
        .map(([day, v]) => [day, { received: v.received.toString(), settled: v.settled.toString() }]),
    ),
  };
}

/** The same shape from the route's result, with the series' all-zero days left out (the direct query has none). */
function shapeOf(o: Awaited<ReturnType<typeof overview>>) {
  return {
    received: o.received.amount_units,
    receivedTransfers: o.received.transfers,
    settled: o.settled.amount_units,
    settledTransfers: o.settled.transfers,
    byStatus: Object.fromEntries(
      Object.entries(o.payments.by_status).map(([s, v]) => [s, { count: v.count, units: v.amount_units }]),
    ),
    series: Object.fromEntries(
      o.series
        .filter((d) => d.received_units !== '0' || d.settled_units !== '0')
        .map((d) => [d.date, { received: d.received_units, settled: d.settled_units }]),
    ),
  };
}

describe('overview aggregates', () => {
  let db: Database;
  let ctx: GatewayContext;
  beforeAll(async () => {
    db = await openTestDatabase([...(await platformMigrations()), ...(await gatewayMigrations())]);
    ctx = createGatewayServices({
      db,
      logger: createLogger({ level: 'silent' }),
      now: () => NOW,
      config: { publicUrl: 'http://127.0.0.1', profile: 'dev' },
    });
  });
  afterAll(async () => db?.close());

  it('equal the direct computation over random payments and transfers, after inserts, changes and deletes', async () => {
    let intentSeq = 0;
    let logSeq = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const r = prng(seed);
      const when = () => new Date(NOW.getTime() - r.int(45 * DAY) + r.int(2 * DAY)); // some after now
      const units = () => (r.int(4) === 0 ? 10n ** 30n + BigInt(r.int(1e9)) : BigInt(1 + r.int(1e9)));

      // A batch of intents in one statement (the statement-level trigger), as the intent batcher writes them.
      const intents = Array.from({ length: 40 }, () => ({
        id: `pi_ov_${++intentSeq}`,
        merchant: r.pick(MERCHANTS),
        env: r.pick(ENVS),
        currency: r.pick(['USDC', 'EURC']),
        status: r.pick(STATUSES),
        units: units().toString(),
        created: when(),
      }));
      await db.query(
        `insert into payment_intents (id, merchant_id, environment, status, amount_units, currency, decimals,
           checkout_methods, expires_at, created_at)
         select x.id, x.merchant, x.env, x.status, x.units::numeric, x.currency, 6, '{}', x.created, x.created
         from jsonb_to_recordset($1::text::jsonb) as x(id text, merchant text, env text, status text, units text,
           currency text, created timestamptz)`,
        [JSON.stringify(intents)],
      );
      // Transfers of every kind and state, some outside the window, one statement each.
      const all = await db.query<{ id: string; merchant_id: string; environment: string }>(
        'select id, merchant_id, environment from payment_intents',
      );
      for (let k = 0; k < 60; k++) {
        const p = r.pick(all);
        const final = r.int(3) > 0;
        await db.query(
          `insert into chain_transfers (network, payment_id, merchant_id, environment, kind, deposit_address, token,
             official, from_address, to_address, amount_units, block_number, block_hash, block_time, tx_hash,
             log_index, final, removed)
           values ('devnet', $1, $2, $3, $4, '0xd', '0xt', $5, '0xf', '0xd', $6, 1, $7, $8, '0xh', 0, $9, $10)`,
          [
            p.id,
            p.merchant_id,
            p.environment,
            r.pick(['incoming', 'settlement']),
            r.int(5) > 0,
            units(),
            `0xb${++logSeq}`,
            when(),
            final,
            !final && r.int(3) === 0,
          ],
        );
      }
      // Later facts: status changes, finality, reorgs (final facts rolled back too), deletions.
      for (let k = 0; k < 30; k++) {
        await db.query('update payment_intents set status = $1 where id = $2', [r.pick(STATUSES), r.pick(all).id]);
      }
      await db.query(
        `update chain_transfers set final = true where not removed and id in
           (select id from chain_transfers order by md5(id::text || $1) limit 10)`,
        [String(seed)],
      );
      await db.query(
        `update chain_transfers set final = false, removed = true where id in
           (select id from chain_transfers order by md5(id::text || $1) limit 5)`,
        [`r${seed}`],
      );
      await db.query('update chain_transfers set amount_units = amount_units + 1 where id % 7 = $1', [seed % 7]);
      await db.query('delete from chain_transfers where id % 11 = $1', [seed % 11]);
      await db.query(
        `delete from payment_intents i where i.id in (select id from payment_intents order by md5(id || $1) limit 3)
           and not exists (select 1 from chain_transfers c where c.payment_id = i.id)`,
        [`d${seed}`],
      );

      for (const merchantId of MERCHANTS)
        for (const environment of ENVS)
          for (const currency of ['USDC', 'EURC'] as const)
            for (const days of [1, 7, 30, 365]) {
              const t = { merchantId, environment };
              const fast = shapeOf(await overview(ctx, t, days, currency));
              expect(fast, `seed ${seed}, ${merchantId}/${environment}/${currency}/${days}d`).toEqual(
                await directOverview(db, t, days, currency),
              );
            }
    }
    // The data was not trivial: some windows had money in both columns.
    const [{ n }] = (await db.query<{ n: string }>(
      `select count(*)::text as n from overview_flows where transfers > 0`,
    )) as [{ n: string }];
    expect(Number(n)).toBeGreaterThan(10);
  });
});
