// Received vs settled per day as paired bars in one SVG (no chart library; presentation attributes only, which the
// pages' CSP allows), with a value axis (0, half and the top of a rounded scale, in whole tokens), day labels, a
// tooltip per day (hover or keyboard focus: the exact figures through the shared money formatter) and an empty state
// when nothing arrived in the period. Heights are relative to the scale's top; the figures above the chart carry the
// exact totals for screen readers and for anyone who would rather read them.
import { useState } from 'react';
import { formatDay } from '../../shared/dateTime.ts';
import { formatCompactAmount, formatMoney } from '../../shared/money.ts';
import type { Overview } from './gatewayViews.ts';

const W = 480;
const H = 200;
const LEFT = 44;
const RIGHT = 8;
const TOP = 10;
const BOTTOM = 24;
const PLOT_H = H - TOP - BOTTOM;

/** The top of the value axis: the largest day rounded up to 1, 2, 2.5 or 5 × a power of ten (whole tokens). */
export function niceTop(max: number): number {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

export function OverviewChart({ overview }: { overview: Overview }) {
  const series = overview.series;
  const [active, setActive] = useState<number | null>(null);
  const label = `Received and settled ${overview.currency} per day over the last ${overview.days} days`;
  // Token amounts through a float are fine here: pixels and axis labels, not money (tooltips use the exact strings).
  const value = (s: string) => Number(s) || 0;
  const max = series.reduce((m, d) => Math.max(m, value(d.received), value(d.settled)), 0);
  if (max === 0) {
    return (
      <figure className="chart chart-empty" aria-label={label}>
        <p className="muted" data-testid="chart-empty">
          Nothing was received in {overview.currency} in the last {overview.days} days. Payments appear here per day
          once they are final on-chain.
        </p>
      </figure>
    );
  }
  const top = niceTop(max);
  const y = (v: number) => TOP + PLOT_H - (v / top) * PLOT_H;
  const slot = (W - LEFT - RIGHT) / Math.max(series.length, 1);
  const bar = Math.max(Math.min(slot / 2 - 1, 14), 1);
  const ticks = [0, top / 2, top];
  const labelEvery = Math.max(1, Math.ceil(series.length / 6));
  const shown = active === null ? null : series[active];
  return (
    <figure className="chart">
      <div className="chart-plot">
        {/* A group of days, each one a named image a keyboard reaches (an aria-label needs a role that takes one). */}
        <svg viewBox={`0 0 ${W} ${H}`} role="group" aria-label={label} data-testid="overview-chart">
          {ticks.map((t) => (
            <g key={t} className="chart-tick">
              <line x1={LEFT} x2={W - RIGHT} y1={y(t)} y2={y(t)} stroke={t === 0 ? '#9aa1ac' : '#e5e7eb'} />
              <text x={LEFT - 6} y={y(t) + 4} fontSize="12" fill="#555b66" textAnchor="end" data-testid="chart-y-tick">
                {formatCompactAmount(t)}
              </text>
            </g>
          ))}
          {series.map((d, i) => {
            const x = LEFT + i * slot + (slot - bar * 2) / 2;
            const rv = value(d.received);
            const sv = value(d.settled);
            return (
              <g
                key={d.date}
                onMouseEnter={() => setActive(i)}
                onMouseLeave={() => setActive(null)}
                onFocus={() => setActive(i)}
                onBlur={() => setActive(null)}
                tabIndex={rv || sv ? 0 : -1}
                role="img"
                aria-label={`${formatDay(d.date, true)}: received ${formatMoney(d.received, overview.currency)}, settled ${formatMoney(d.settled, overview.currency)}`}
                data-testid="chart-day"
              >
                <rect x={LEFT + i * slot} y={TOP} width={slot} height={PLOT_H} fill="transparent" />
                <rect x={x} y={y(rv)} width={bar} height={y(0) - y(rv)} fill="#1a56db" />
                <rect x={x + bar} y={y(sv)} width={bar} height={y(0) - y(sv)} fill="#0e9f6e" />
                {i % labelEvery === 0 || i === series.length - 1 ? (
                  <text x={LEFT + i * slot + slot / 2} y={H - 6} fontSize="12" fill="#555b66" textAnchor="middle">
                    {formatDay(d.date)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
        {shown ? (
          <div
            className="chart-tooltip"
            role="tooltip"
            data-testid="chart-tooltip"
            style={{ left: `clamp(80px, ${(((active ?? 0) + 0.5) / series.length) * 100}%, calc(100% - 80px))` }}
          >
            <strong>{formatDay(shown.date, true)}</strong>
            <span className="key received">Received {formatMoney(shown.received, overview.currency)}</span>
            <span className="key settled">Settled {formatMoney(shown.settled, overview.currency)}</span>
          </div>
        ) : null}
      </div>
      <figcaption>
        <span className="key received">Received</span> <span className="key settled">Settled</span>
        <span className="muted small">Whole {overview.currency} per UTC day</span>
      </figcaption>
    </figure>
  );
}
