import { Readable } from 'node:stream';
import type { GatewayContext } from '../context.ts';
import type { Tenant } from '../tenant.ts';
import { csvRow } from './csv.ts';
import { EXPORTS, type ExportKind, type ExportRange, type PageKey } from './exportKinds.ts';

/** Rows read per query: a page is written out before the next is read, so memory stays bounded by one page. */
export const EXPORT_PAGE_SIZE = 1000;

/**
 * The CSV of `kind` for a tenant and range, as a stream pulled by the reply: Readable.from reads the next page only
 * when the consumer (the socket) has taken the previous one, so a slow client holds back the database reads instead
 * of the export piling up in memory. Rows are oldest first; each page starts after the key of the last one, so rows
 * written while the export runs are either included once or not at all, never twice.
 */
export function exportCsv(
  ctx: GatewayContext,
  kind: ExportKind,
  t: Tenant,
  range: ExportRange,
  pageSize = EXPORT_PAGE_SIZE,
): Readable {
  const def = EXPORTS[kind];
  async function* lines(): AsyncGenerator<string> {
    yield csvRow(def.header);
    let after: PageKey | null = null;
    for (;;) {
      const page = await def.page(ctx.db, t, range, after, pageSize);
      if (page.rows.length > 0) yield page.rows.map(csvRow).join('');
      if (page.rows.length < pageSize || !page.last) return;
      after = page.last;
    }
  }
  return Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 });
}
