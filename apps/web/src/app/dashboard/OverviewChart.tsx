// Received vs settled per day as paired bars in one SVG (no chart library; presentation attributes only, which the
// pages' CSP allows). Heights are relative to the largest day; the table below carries the same figures for screen
// readers and for anyone who would rather read them.
import type { Overview } from './gatewayViews.ts';

const W = 640;
const H = 180;
const PAD = 24;

export function OverviewChart({ overview }: { overview: Overview }) {
  const series = overview.series;
  const max = series.reduce((m, d) => {
    const r = BigInt(d.received_units);
    const s = BigInt(d.settled_units);
    return r > m ? r : s > m ? s : m;
  }, 0n);
  const slot = (W - PAD * 2) / Math.max(series.length, 1);
  const bar = Math.max(Math.min(slot / 2 - 1, 14), 1);
  // Heights from base units through a float are fine here: pixels, not money.
  const h = (units: string) => (max === 0n ? 0 : (Number(BigInt(units)) / Number(max)) * (H - PAD * 2));
  const label = `Received and settled ${overview.currency} per day over the last ${overview.days} days`;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} preserveAspectRatio="none">
        <line x1={PAD} x2={W - PAD} y1={H - PAD} y2={H - PAD} stroke="#d9dce1" />
        {series.map((d, i) => {
          const x = PAD + i * slot + (slot - bar * 2) / 2;
          const rh = h(d.received_units);
          const sh = h(d.settled_units);
          return (
            <g key={d.date}>
              <title>{`${d.date}: received ${d.received}, settled ${d.settled} ${overview.currency}`}</title>
              <rect x={x} y={H - PAD - rh} width={bar} height={rh} fill="#1a56db" />
              <rect x={x + bar} y={H - PAD - sh} width={bar} height={sh} fill="#0e9f6e" />
            </g>
          );
        })}
        <text x={PAD} y={H - 6} fontSize="11" fill="#555b66">
          {series[0]?.date}
        </text>
        <text x={W - PAD} y={H - 6} fontSize="11" fill="#555b66" textAnchor="end">
          {series[series.length - 1]?.date}
        </text>
      </svg>
      <figcaption>
        <span className="key received">Received</span> <span className="key settled">Settled</span>
      </figcaption>
    </figure>
  );
}
