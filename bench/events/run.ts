/**
 * Durable events benchmark: Tender's event delivery (PostgreSQL rows + realtime WebSocket gateway) beside NATS
 * JetStream (file storage, durable consumers, explicit acks) on the same host, in alternating rounds (5 by default;
 * bench/_lib/rounds.ts), judged on the median, with the worst round and the load average.
 *
 *   npx tsx bench/events/run.ts [--rounds=5 | --quick] [--events=20000] [--tenants=100] [--rate=1000] [--seconds=10]
 *                               [--sockets=10000 | --skip-memory] [--skip-nats] [--wake=default,in-commit,in-process] [--stages]
 *   env: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), NATS_URL (default nats://127.0.0.1:4222)
 *
 * Each round, per system (tender.ts, nats.ts):
 *  1. throughput: N events for T tenants, one consumer per tenant (Tender: one WebSocket each, to a gateway running in
 *     a child process; NATS: one connection and one durable pull consumer each, max 500 unacknowledged like Tender's
 *     REALTIME_MAX_IN_FLIGHT). Time from the first insert/publish until every event is acknowledged WITH the
 *     server's confirmation (Tender: event.acknowledged frames; NATS: ackAck). Producer: Tender inserts in
 *     statements of 500 rows (what a batch producer does); NATS publishes with up to 1,000 PubAcks outstanding.
 *  2. latency at a fixed rate (default 1,000 events/s for 10 s): each event is inserted/published on its own
 *     (paced in 10 ms ticks) carrying its send time; the consumer records receive time minus send time (the
 *     machine's clock, sub-millisecond). p50/p99 insert → delivery (not the ack). Tender per wake mode, all by
 *     default, in alternating order (tender.ts: `default`, the wake-up after the commit as recordEvent sends it, from
 *     the benchmark's process to the gateway's; `in-commit`, the insert trigger's NOTIFY inside the producer's
 *     transaction, opted in: the default before migration 0440; `in-process`, the producer inside the gateway's
 *     process, woken with no database round trip), with the producer's own statement time and commit → delivery.
 *     --stages prints where the time goes per stage (stages.ts), every round.
 * After the rounds, once: memory per idle authenticated socket at S sockets (default 10,000), RSS read before any
 * socket, at S/2 and at S, each reading taken once the process's memory has settled (common.ts settledRss; Tender's
 * after a GC) (Tender: a fresh gateway child, sockets authenticated with realtime tokens, 10 per tenant; NATS: a
 * nats-server process of its own, with S connections holding one subscription each). Two figures (common.ts
 * SocketMemory): the growth from the fresh server over S, one-time costs included, and the growth of the second S/2
 * per socket, what one more idle socket costs, which the target judges.
 */
import { numberOption } from '../_lib/numberOption.ts';
import { reportFigures } from '../_lib/reportFigures.ts';
import {
  alternateRounds,
  judge,
  loadLine,
  loadNow,
  printJudged,
  roundsOption,
  type Judged,
  type Side,
} from '../_lib/rounds.ts';
import type { EventsConfig, SocketMemory } from './common.ts';
import { openNats, type NatsBench } from './nats.ts';
import { openTender, WAKES, type TenderBench, type Wake } from './tender.ts';

const cfg: EventsConfig = {
  url: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  natsUrl: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  events: numberOption('events', 20_000),
  tenants: numberOption('tenants', 100),
  rate: numberOption('rate', 1_000),
  seconds: numberOption('seconds', 10),
  stages: process.argv.includes('--stages'),
};
const ROUNDS = roundsOption();
const SOCKETS = numberOption('sockets', 10_000);
const SKIP_MEMORY = process.argv.includes('--skip-memory');
const SKIP_NATS = process.argv.includes('--skip-nats');
const wakes = (process.argv.find((a) => a.startsWith('--wake='))?.slice('--wake='.length) ?? WAKES.join(','))
  .split(',')
  .map((w) => {
    if (!(WAKES as readonly string[]).includes(w)) throw new Error(`--wake: one or more of ${WAKES.join(', ')}`);
    return w as Wake;
  });

console.log(loadLine('before the run'));
console.log(
  `events: ${ROUNDS} rounds; ${cfg.events} events over ${cfg.tenants} tenants; latency at ${cfg.rate}/s for ${cfg.seconds} s, wake ${wakes.join(', ')}; ` +
    `PostgreSQL ${cfg.url.replace(/\/\/[^@]*@/, '//')}; NATS ${SKIP_NATS ? 'skipped' : cfg.natsUrl}`,
);
const tender: TenderBench = await openTender(cfg, wakes);
const nats: NatsBench | null = SKIP_NATS ? null : await openNats(cfg);
try {
  const sides: Side[] = nats ? [tender.side, nats.side] : [tender.side];
  const rounds = await alternateRounds(sides, ROUNDS);
  const t = (r: (typeof rounds)[number]) => r.sides.tender!;
  const n = (r: (typeof rounds)[number]) => r.sides.nats;
  const judged: Judged[] = [];
  const targeted: Judged[] = [];
  for (const mode of wakes) {
    const p99 = judge(
      rounds,
      `events.${mode}.p99`,
      `tender ${mode}: insert → delivery p99 ms`,
      'lower',
      (r) => t(r)[`${mode} p99 ms`],
    );
    const c99 = judge(
      rounds,
      'events.afterCommit.p99',
      `tender ${mode}: commit → delivery p99 ms`,
      'lower',
      (r) => t(r)[`${mode} commit→delivery p99 ms`],
    );
    judged.push(
      judge(rounds, '', `tender ${mode}: insert → delivery p50 ms`, 'lower', (r) => t(r)[`${mode} p50 ms`]),
      p99,
      c99,
      judge(rounds, '', `tender ${mode}: producer p50 ms`, 'lower', (r) => t(r)[`${mode} producer p50 ms`]),
      judge(rounds, '', `tender ${mode}: producer p99 ms`, 'lower', (r) => t(r)[`${mode} producer p99 ms`]),
      judge(rounds, '', `tender ${mode}: achieved rate/s`, 'higher', (r) => t(r)[`${mode} rate/s`]),
    );
    if (mode === 'default') targeted.push(p99, c99);
  }
  judged.push(judge(rounds, '', 'tender: insert → deliver → ack events/s', 'higher', (r) => t(r)['events/s']));
  if (nats) {
    const vs = judge(
      rounds,
      'events.throughput.vsNats',
      'tender / nats events/s (same round)',
      'higher',
      (r) => (t(r)['events/s'] ?? NaN) / (n(r)?.['events/s'] ?? NaN),
    );
    judged.push(
      judge(rounds, '', 'nats: publish → deliver → ack events/s', 'higher', (r) => n(r)?.['events/s']),
      vs,
      judge(rounds, '', 'nats: publish → delivery p50 ms', 'lower', (r) => n(r)?.['p50 ms']),
      judge(rounds, '', 'nats: publish → delivery p99 ms', 'lower', (r) => n(r)?.['p99 ms']),
    );
    targeted.push(vs);
  }
  console.log('');
  printJudged(judged);

  if (!SKIP_MEMORY) {
    const load = loadLine('before the memory figure');
    const tb = await tender.bytesPerIdleSocket(SOCKETS);
    const nb = nats ? await nats.bytesPerIdleSocket(SOCKETS) : { fromFresh: NaN, marginal: NaN };
    const line = (what: keyof SocketMemory) =>
      `tender ${Math.round(tb[what])}, nats ${Math.round(nb[what])}, ratio ${(tb[what] / nb[what]).toFixed(2)}x`;
    console.log(
      `${load}\nbytes per idle socket (once), from a fresh server: ${line('fromFresh')}\n` +
        `bytes per idle socket (once), the second half's (what one more costs): ${line('marginal')}`,
    );
    if (nats) {
      const m = judge(
        [{ round: 1, sides: {}, load: { memory: loadNow() } }],
        'events.socketRss.vsNats',
        'idle socket RSS vs nats',
        'lower',
        () => tb.marginal / nb.marginal,
      );
      targeted.push(m);
    }
  }
  reportFigures(targeted);
  console.log(loadLine('after the run'));
} finally {
  await tender.close();
  await nats?.close();
}
process.exit(0);
