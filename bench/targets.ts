import type { Better } from './_lib/rounds.ts';

/**
 * Every figure the benchmarks are judged on, with its target (issue #32), in one place. A benchmark reports the
 * figures it measures by these ids (reportFigures); `npm run bench -- --summary` prints them all against their
 * targets. Each is judged on the median of its rounds; `worstAtMost`, when given, bounds the worst round too (as a
 * multiple of the target).
 */
export interface Target {
  id: string;
  bench: string;
  label: string;
  better: Better;
  target: number;
  unit: string;
  worstAtMost?: number;
}

export const TARGETS: readonly Target[] = [
  {
    id: 'events.default.p99',
    bench: 'events',
    label: 'insert → delivery p99 at 1,000/s, default wake',
    better: 'lower',
    target: 25,
    unit: 'ms',
    worstAtMost: 2,
  },
  {
    id: 'events.afterCommit.p99',
    bench: 'events',
    label: 'commit → delivery p99 at 1,000/s (the wake after commit)',
    better: 'lower',
    target: 25,
    unit: 'ms',
  },
  {
    id: 'events.throughput.vsNats',
    bench: 'events',
    label: 'insert → deliver → ack, events/s vs NATS JetStream',
    better: 'higher',
    target: 0.8,
    unit: '×',
  },
  {
    id: 'events.socketRss.vsNats',
    bench: 'events',
    label: 'idle authenticated socket, RSS vs NATS (what one more costs)',
    better: 'lower',
    target: 0.5,
    unit: '×',
  },
  {
    id: 'webhooks.vsBarePost',
    bench: 'webhooks',
    label: 'persisted deliveries vs bare POST loop',
    better: 'higher',
    target: 0.5,
    unit: '×',
  },
  {
    id: 'intents.vsBareInsert',
    bench: 'intents',
    label: 'intents vs bare INSERT route',
    better: 'higher',
    target: 0.9,
    unit: '×',
  },
  {
    id: 'x402.p50.vsExpress',
    bench: 'x402',
    label: 'x402 p50 vs @x402/express',
    better: 'lower',
    target: 0.7,
    unit: '×',
  },
  {
    id: 'reads.orderReference.p99.100kOver1k',
    bench: 'reads',
    label: 'order-reference search p99, 100k / 1k payments',
    better: 'lower',
    target: 1.5,
    unit: '×',
  },
  {
    id: 'reads.depositAddress.p99.100kOver1k',
    bench: 'reads',
    label: 'deposit-address search p99, 100k / 1k payments',
    better: 'lower',
    target: 1.5,
    unit: '×',
  },
];

export function targetOf(id: string): Target {
  const t = TARGETS.find((x) => x.id === id);
  if (!t) throw new Error(`no target with id ${id} in bench/targets.ts`);
  return t;
}

/** Whether a judged figure meets its target: the median, and the worst round when the target bounds it. */
export function meets(t: Target, median: number, worstValue: number): boolean {
  const ok = (v: number, bound: number) => (t.better === 'lower' ? v <= bound : v >= bound);
  if (!ok(median, t.target)) return false;
  if (t.worstAtMost === undefined) return true;
  return ok(worstValue, t.better === 'lower' ? t.target * t.worstAtMost : t.target / t.worstAtMost);
}
