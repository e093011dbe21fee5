import { TARGETS, meets } from '../targets.ts';
import { formatNumber, printTable } from './printTable.ts';
import type { Reported } from './reportFigures.ts';

/** One table of every target: the median and worst round reported for it (the last report wins), and whether met. */
export function printSummary(reported: readonly Reported[]): void {
  const byId = new Map(reported.map((r) => [r.id, r]));
  const bound = (b: 'lower' | 'higher') => (b === 'lower' ? '≤' : '≥');
  printTable(
    ['benchmark', 'figure', 'target', 'median', 'worst', 'rounds', 'load (1 min) min–max', 'met'],
    TARGETS.map((t) => {
      const r = byId.get(t.id);
      const target = `${bound(t.better)} ${formatNumber(t.target)} ${t.unit}${t.worstAtMost ? ` (worst ${bound(t.better)} ${t.worstAtMost}×)` : ''}`;
      if (!r) return [t.bench, t.label, target, '-', '-', '0', '-', 'not measured'];
      const loads = r.loads.filter(Number.isFinite);
      return [
        t.bench,
        t.label,
        target,
        `${formatNumber(r.median)} ${t.unit}`,
        `${formatNumber(r.worst)} ${t.unit}`,
        String(r.values.length),
        loads.length ? `${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)}` : '-',
        meets(t, r.median, r.worst) ? 'yes' : 'NO',
      ];
    }),
  );
}
