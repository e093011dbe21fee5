import { appendFileSync } from 'node:fs';
import type { Judged } from './rounds.ts';
import { targetOf } from '../targets.ts';

/** The file `npm run bench -- --summary` collects judged figures in (one JSON line each), when it runs this one. */
export const SUMMARY_FILE_ENV = 'BENCH_SUMMARY_FILE';

/** One judged figure as the summary reads it. */
export interface Reported {
  id: string;
  median: number;
  worst: number;
  values: number[];
  loads: number[];
}

/**
 * Hands judged figures to the summary (bench/run.ts --summary); each id must be one of bench/targets.ts. Without the
 * summary it only checks the ids.
 */
export function reportFigures(judged: readonly Judged[]): void {
  for (const j of judged) targetOf(j.id);
  const file = process.env[SUMMARY_FILE_ENV];
  if (!file) return;
  for (const j of judged) {
    const r: Reported = { id: j.id, median: j.median, worst: j.worst, values: j.values, loads: j.loads };
    appendFileSync(file, `${JSON.stringify(r)}\n`);
  }
}
