// The dashboard's one table: a real <table> on a wide screen; below 560 px each row becomes a card whose cells are
// labelled with their column (dashboard.css `.data-table`), so nothing is cut off at 360 px and no row scrolls
// sideways. Every list of rows in the dashboard renders through it.
import type { ReactNode } from 'react';

export interface Column<T> {
  /** Column heading; also the label a cell carries on a card. */
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned, tabular figures (amounts, counts). */
  num?: boolean;
  /** The card's title cell: shown first and unlabelled on a card. */
  primary?: boolean;
}

export function DataTable<T>({
  label,
  rows,
  columns,
  rowKey,
  className = '',
}: {
  /** Names the table for screen readers ("Payments"). */
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  className?: string;
}) {
  if (rows.length === 0) return null;
  return (
    <div className="table-wrap" role="region" aria-label={`${label} table`} tabIndex={0}>
      <table className={`rows-table data-table ${className}`.trim()}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.num ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td
                  key={c.header}
                  data-label={c.header}
                  className={[c.num ? 'num' : '', c.primary ? 'primary' : ''].filter(Boolean).join(' ') || undefined}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
