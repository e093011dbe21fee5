// bench/events: helpers both systems' sides share (clock, waits, percentiles, the paced producer).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const TIMEOUT_MS = 180_000;

/** Epoch milliseconds, sub-millisecond: the clock every process of the benchmark stamps with. */
export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const mb = (b: number) => (b / 1024 / 1024).toFixed(1);

export async function until(what: string, cond: () => boolean | Promise<boolean>, ms = TIMEOUT_MS): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`${what}: timed out after ${ms} ms`);
    await sleep(5);
  }
}

export const pct = (xs: readonly number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** Calls `fire(i)` `rate` times a second for `seconds`, in 10 ms ticks; resolves when all calls settled. */
export async function paced(
  rate: number,
  seconds: number,
  fire: (i: number) => Promise<unknown>,
): Promise<{ sent: number; ms: number; rate: number }> {
  const total = rate * seconds;
  const perTick = rate / 100;
  const started = performance.now();
  const inflight: Promise<unknown>[] = [];
  // A failed call stops the pacing and is thrown from here (not left unhandled while the loop sleeps, which would
  // end the process before the benchmark could stop its child processes).
  let failed: { err: unknown } | null = null;
  let sent = 0;
  for (let tick = 0; sent < total && !failed; tick++) {
    const due = Math.min(total, Math.round((tick + 1) * perTick));
    while (sent < due) inflight.push(fire(sent++).catch((err: unknown) => (failed ??= { err })));
    const wait = started + (tick + 1) * 10 - performance.now();
    if (wait > 0) await sleep(wait);
  }
  await Promise.all(inflight);
  if (failed) throw (failed as { err: unknown }).err;
  const ms = performance.now() - started;
  return { sent, ms, rate: sent / (ms / 1000) };
}

export async function connectAll<T>(n: number, batch: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += batch) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, (_, k) => make(i + k)))));
  }
  return out;
}

/**
 * A server's resident memory once it has settled: read every 2 s until the readings of the last 30 s lie within 1% of
 * each other (at most 120 s). An idle process's memory is its settled one. Right after a burst of connections V8
 * still holds the young generation the burst made resident (up to 2 × --max-semi-space-size), and gives it back once
 * its memory reducer sees the process idle, after a mark-compact and a delay of its own: measured, with 64 MB
 * semi-spaces and 10,000 connections, 353 MiB steady for 10 s, then 305, then 324 from the 24th second on. Go's
 * scavenger returns freed pages to the system over time the same way. Both sides of the memory figure are read so.
 */
export async function settledRss(read: () => number): Promise<{ rss: number; settled: boolean }> {
  const readings: number[] = [];
  const end = Date.now() + 120_000;
  for (;;) {
    readings.push(read());
    const window = readings.slice(-16);
    if (window.length === 16 && Math.max(...window) - Math.min(...window) <= 0.01 * Math.min(...window))
      return { rss: readings.at(-1)!, settled: true };
    if (Date.now() > end) return { rss: readings.at(-1)!, settled: false };
    await sleep(2_000);
  }
}

/** A process's resident memory, from /proc (no request to the process: a GC it ran would change what is read). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
}

/**
 * Memory per idle socket, read twice: the RSS growth of a fresh server per socket at S sockets, and the growth per
 * socket of its second S/2 (RSS at S minus RSS at S/2, over S/2): what one more idle socket costs. The first counts
 * the server's one-time costs too, which its first burst of connections sets off and no later socket pays again: V8's
 * young generation made resident (up to 2 × --max-semi-space-size, 128 MiB under .npmrc, whatever the socket count),
 * Go's heap arenas. Both sides are read the same way.
 */
export interface SocketMemory {
  fromFresh: number;
  marginal: number;
}

/** SocketMemory from the three settled readings: before any socket, at `half` sockets, at `sockets`. */
export function socketMemory(sockets: number, half: number, before: number, mid: number, after: number): SocketMemory {
  return { fromFresh: (after - before) / sockets, marginal: (after - mid) / (sockets - half) };
}

/** Says so when a memory figure's reading did not settle (it is then the last reading). */
export const unsettled = (...readings: { settled: boolean }[]) =>
  readings.every((r) => r.settled) ? '' : ' (a reading did not settle within 120 s)';

/** What one run of a benchmark is set to (bench/events/run.ts's options). */
export interface EventsConfig {
  url: string;
  natsUrl: string;
  /** Events of the throughput figure, over `tenants` consumers. */
  events: number;
  tenants: number;
  /** The latency figure's fixed rate (events/s) and duration. */
  rate: number;
  seconds: number;
  /** Print where the time goes per stage, every round. */
  stages: boolean;
}

/** Unacknowledged events per consumer (Tender's REALTIME_MAX_IN_FLIGHT). */
export const IN_FLIGHT = 500;
