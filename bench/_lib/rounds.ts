import { availableParallelism, loadavg } from 'node:os';
import { numberOption } from './numberOption.ts';
import { printTable } from './printTable.ts';

/**
 * Judging on medians: a benchmark runs its system and its baseline in alternating rounds (A B, B A, A B, …: neither
 * always goes first on a warmer machine) and is judged on the median of its rounds; the worst round and the load
 * average beside each round show how much the shared machine moved the figures.
 */

/** --quick: a smoke run (one round, smaller sizes), to see that a benchmark still runs; its figures judge nothing. */
export const QUICK = process.argv.includes('--quick');

/** A size option: `--<name>=…` (or envName), else `full`, or `quick` under --quick. */
export function sizeOption(name: string, full: number, quick: number, envName?: string): number {
  return numberOption(name, QUICK ? quick : full, envName);
}

/** Rounds per benchmark: --rounds=N (or BENCH_ROUNDS), default 5; --quick runs one. */
export function roundsOption(dflt = 5): number {
  if (QUICK) return 1;
  return Math.round(numberOption('rounds', dflt, 'BENCH_ROUNDS'));
}

/** The 1-minute load average now, and how many cores share it. */
export function loadNow(): number {
  return loadavg()[0] ?? NaN;
}

export function loadLine(when: string): string {
  return `load average ${when}: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1/5/15 min; ${availableParallelism()} cores, shared with other work)`;
}

export type Figures = Record<string, number>;

export interface Side {
  name: string;
  /** One round; returns its figures by name. */
  run(round: number): Promise<Figures>;
}

export interface Round {
  round: number;
  /** Figures by side name. */
  sides: Record<string, Figures>;
  /** 1-minute load average at the start of each side's run, by side name. */
  load: Record<string, number>;
}

/** Runs `rounds` rounds of every side, alternating their order; prints one line per side and round. */
export async function alternateRounds(sides: readonly Side[], rounds: number): Promise<Round[]> {
  const out: Round[] = [];
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? sides : [...sides].reverse();
    const round: Round = { round: r + 1, sides: {}, load: {} };
    for (const side of order) {
      round.load[side.name] = loadNow();
      const figures = await side.run(r);
      round.sides[side.name] = figures;
      const shown = Object.entries(figures)
        .map(([k, v]) => `${k} ${Number.isInteger(v) || Math.abs(v) >= 100 ? Math.round(v) : v.toFixed(2)}`)
        .join(', ');
      console.log(`round ${r + 1}/${rounds} ${side.name} (load ${round.load[side.name]!.toFixed(2)}): ${shown}`);
    }
    out.push(round);
  }
  return out;
}

export type Better = 'lower' | 'higher';

export function median(xs: readonly number[]): number {
  const s = [...xs].filter(Number.isFinite).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** The worst of the rounds: the highest when lower is better, else the lowest. */
export function worst(xs: readonly number[], better: Better): number {
  const f = xs.filter(Number.isFinite);
  if (f.length === 0) return NaN;
  return better === 'lower' ? Math.max(...f) : Math.min(...f);
}

/** A judged figure: its value in each round (with the round's load), median and worst. */
export interface Judged {
  id: string;
  label: string;
  better: Better;
  values: number[];
  loads: number[];
  median: number;
  worst: number;
}

/**
 * One figure over the rounds, computed from each round (e.g. `(r) => r.sides.tender.p99`, or a ratio of two sides
 * measured in the same round). The round's load is the mean of its sides'.
 */
export function judge(
  rounds: readonly Round[],
  id: string,
  label: string,
  better: Better,
  of: (r: Round) => number | undefined,
): Judged {
  const values = rounds.map((r) => of(r) ?? NaN);
  const loads = rounds.map((r) => {
    const l = Object.values(r.load);
    return l.reduce((a, b) => a + b, 0) / Math.max(1, l.length);
  });
  return { id, label, better, values, loads, median: median(values), worst: worst(values, better) };
}

/** Prints judged figures: median, worst, every round, and the load average of each round. */
export function printJudged(judged: readonly Judged[]): void {
  const n = Math.max(0, ...judged.map((j) => j.values.length));
  const rounds = Array.from({ length: n }, (_, i) => `r${i + 1}`);
  printTable(
    ['figure', 'median', 'worst', ...rounds],
    judged.map((j) => [j.label, j.median, j.worst, ...j.values]),
  );
  const loads = judged[0]?.loads ?? [];
  console.log(`load average (1 min) per round: ${loads.map((l) => l.toFixed(2)).join(', ')}`);
}
