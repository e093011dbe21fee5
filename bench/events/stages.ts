// bench/events: where insert → delivery goes, per stage, from timestamps of the producer (this process) and of the
// agents child (agentsProcess.ts with DELIVERY_STAGES=1); and the GC pauses and event loop delay of both.
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { printTable } from '../_lib/printTable.ts';
import { pct } from './common.ts';

/** This process's GC pauses ([start, ms], epoch clock) and event loop delay (it produces and receives). */
export const benchGc: [number, number][] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) benchGc.push([performance.timeOrigin + e.startTime, e.duration]);
}).observe({ entryTypes: ['gc'] });
const LOOP_SAMPLE_MS = 5;
export const loopDelay = monitorEventLoopDelay({ resolution: LOOP_SAMPLE_MS });
loopDelay.enable();

/** Per event id, this process's timestamps: insert sent, commit seen by the producer, frame received by the client. */
export interface ProducerTrace {
  sent: Map<string, number>;
  committed: Map<string, number>;
  received: Map<string, number>;
}
/** The agents child's (agentsProcess.ts, DELIVERY_STAGES=1): per event [id, woken, claim start, claim end, written]. */
export interface ChildStages {
  stages: [string, number, number, number, number | null][];
  gc: [number, number][];
  claims: { statements: number; requests: number; empty: number };
  loopDelay: { p50: number; p99: number; max: number };
}

const STAGES = [
  'insert + commit (producer statement)',
  'commit → woken (NOTIFY reaches the gateway)',
  'woken → claim starts (waits for the claim in flight)',
  'claim statement',
  'claim end → frame written',
  'written → received (client)',
] as const;

/**
 * Splits each event's insert → delivery into STAGES. Both processes stamp with performance.timeOrigin + now() (the
 * machine's wall clock, sub-millisecond). The stamps are per event except the wake-up, which is per tenant (the
 * first wake-up since its previous claim): an event committed after that wake-up but claimed by its claim has none
 * of its own, so each boundary is clamped to the one before it (the stages always add up to the total).
 */
export function printStages(
  mode: string,
  trace: ProducerTrace,
  child: ChildStages,
  benchPauses: [number, number][],
): void {
  const rows: { total: number; parts: number[]; t0: number }[] = [];
  let clamped = 0;
  for (const [id, woken, start, end, written] of child.stages) {
    const t0 = trace.sent.get(id);
    const committed = trace.committed.get(id);
    const received = trace.received.get(id);
    if (t0 === undefined || committed === undefined || received === undefined || written === null) continue;
    const stamps = [t0, committed, woken, start, end, written, received];
    if (woken < committed) clamped++;
    for (let k = 1; k < stamps.length; k++) stamps[k] = Math.max(stamps[k]!, stamps[k - 1]!);
    rows.push({ total: received - t0, parts: STAGES.map((_, k) => stamps[k + 1]! - stamps[k]!), t0 });
  }
  if (rows.length === 0) return console.log(`tender (${mode}): no stage timestamps`);
  const p99 = pct(
    rows.map((r) => r.total),
    99,
  );
  const tail = rows.filter((r) => r.total >= p99);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `\ntender (${mode}): insert → delivery by stage, ${rows.length} events (${clamped} committed after their tenant's wake-up)`,
  );
  printTable(
    ['stage', 'p50 ms', 'p99 ms', 'mean ms', `mean ms, slowest 1% (${tail.length})`],
    [
      ...STAGES.map((name, k) => {
        const xs = rows.map((r) => r.parts[k]!);
        return [name, pct(xs, 50), pct(xs, 99), mean(xs), mean(tail.map((r) => r.parts[k]!))];
      }),
      [
        'woken → received (the gateway and the client)',
        pct(
          rows.map((r) => r.total - r.parts[0]! - r.parts[1]!),
          50,
        ),
        pct(
          rows.map((r) => r.total - r.parts[0]! - r.parts[1]!),
          99,
        ),
        mean(rows.map((r) => r.total - r.parts[0]! - r.parts[1]!)),
        mean(tail.map((r) => r.total - r.parts[0]! - r.parts[1]!)),
      ],
      [
        'total',
        pct(
          rows.map((r) => r.total),
          50,
        ),
        p99,
        mean(rows.map((r) => r.total)),
        mean(tail.map((r) => r.total)),
      ],
    ],
  );
  // GC: how much, and how many of the slowest 1% had a pause of either process within their insert → delivery.
  const overlaps = (pauses: [number, number][], r: { total: number; t0: number }) =>
    pauses.some(([at, ms]) => at < r.t0 + r.total && at + ms > r.t0);
  const gcLine = (who: string, pauses: [number, number][]) =>
    `${who}: ${pauses.length} GC pauses, ${pauses.reduce((a, [, ms]) => a + ms, 0).toFixed(0)} ms in all, longest ${Math.max(0, ...pauses.map(([, ms]) => ms)).toFixed(1)} ms; ` +
    `${tail.filter((r) => overlaps(pauses, r)).length} of the slowest ${tail.length} events overlap one`;
  console.log(
    `  claims: ${child.claims.statements} statements, ${child.claims.requests} tenant requests in them, ${child.claims.empty} of which found nothing`,
  );
  console.log(gcLine('  agents process', child.gc));
  console.log(gcLine('  bench process (producer, clients)', benchPauses));
  // The histogram records whole timer intervals: the sampling interval is subtracted (what is left is the delay).
  const ms = (ns: number) => Math.max(0, ns / 1e6 - LOOP_SAMPLE_MS).toFixed(1);
  console.log(
    `  event loop delay p50/p99/max ms: agents ${child.loopDelay.p50.toFixed(1)}/${child.loopDelay.p99.toFixed(1)}/${child.loopDelay.max.toFixed(1)}, ` +
      `bench ${ms(loopDelay.percentile(50))}/${ms(loopDelay.percentile(99))}/${ms(loopDelay.max)}`,
  );
}
