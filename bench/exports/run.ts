// Exporting 100,000 payments as CSV (GET /v1/exports/payments.csv) over real HTTP: wall time, throughput and the
// process's peak RSS above its level before the export, against a baseline that reads every row in one query and
// builds the CSV in memory (what a naive export does). PostgreSQL when DATABASE_URL is set, else PGlite (in this
// process, so its memory counts too). ROWS overrides the row count.
import { DEVNET_VAULT, offlineRegistry } from '../../apps/gateway/src/_test/devnetRegistry.ts';
import {
  bearer,
  createKey,
  createTestGateway,
  insertVault,
  markEmailVerified,
  signUp,
} from '../../apps/gateway/src/_test/testGateway.ts';
import { csvRow } from '../../apps/gateway/src/exports/csv.ts';
import { EXPORTS } from '../../apps/gateway/src/exports/exportKinds.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);
const g = await createTestGateway();
g.ctx.networkRegistry = offlineRegistry();
const s = await signUp(g.app, { business_name: 'Bench Shop' });
await markEmailVerified(g.db, s.userId);
await insertVault(g.db, s.merchantId, DEVNET_VAULT);
const key = (await createKey(g.app, s.token, { role: 'developer' })).secret;
const first = await g.app.inject({
  method: 'POST',
  url: '/v1/payment-intents',
  headers: bearer(key),
  payload: {
    amount: '19.99',
    currency: 'USDC',
    networks: ['devnet'],
    description: 'Bench, "quoted"',
    order_reference: 'ord-1',
  },
});
const seed = first.json().id as string;
const t0 = Date.now();
for (let done = 1; done < ROWS; done += 10_000) {
  const n = Math.min(10_000, ROWS - done);
  await g.db.query(
    `insert into payment_intents
     select (jsonb_populate_record(null::payment_intents, to_jsonb(p) || jsonb_build_object(
               'id', 'pi_bench' || lpad((k + $2)::text, 7, '0'),
               'created_at', p.created_at + (k + $2) * interval '1 millisecond'))).*
       from payment_intents p, generate_series(1, $3::int) k where p.id = $1`,
    [seed, done - 1, n],
  );
}
console.log(
  `seeded ${ROWS} payments in ${((Date.now() - t0) / 1000).toFixed(1)} s (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`,
);
const base = (await g.app.listen({ host: '127.0.0.1', port: 0 })).replace('localhost', '127.0.0.1');

/** Runs `work` while sampling RSS every 10 ms; returns its time and the peak RSS above the level before. */
async function measure(work: () => Promise<number>): Promise<{ ms: number; peakMb: number; bytes: number }> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const start = performance.now();
  const bytes = await work();
  const ms = performance.now() - start;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - before) / 2 ** 20, bytes };
}

const streamed = await measure(async () => {
  const r = await fetch(`${base}/v1/exports/payments.csv`, { headers: bearer(key) });
  if (r.status !== 200 || !r.body) throw new Error(`export answered ${r.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of r.body) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
  }
  if (lines !== ROWS + 1) throw new Error(`expected ${ROWS + 1} lines, got ${lines}`);
  return bytes;
});
const naive = await measure(async () => {
  const rows = await EXPORTS.payments.page(
    g.db,
    { merchantId: s.merchantId, environment: 'test' },
    { from: null, to: null },
    null,
    ROWS + 1,
  );
  const csv = csvRow(EXPORTS.payments.header) + rows.rows.map(csvRow).join('');
  return Buffer.byteLength(csv);
});
const fmt = (r: { ms: number; peakMb: number; bytes: number }) =>
  `${(r.ms / 1000).toFixed(2)} s, ${Math.round(ROWS / (r.ms / 1000)).toLocaleString('en')} rows/s, ` +
  `${(r.bytes / 2 ** 20).toFixed(1)} MiB, peak RSS +${r.peakMb.toFixed(0)} MiB`;
console.log(`streamed export (keyset pages of 1,000 over HTTP): ${fmt(streamed)}`);
console.log(`baseline: one query, CSV built in memory:          ${fmt(naive)}`);
await g.close();
