// CSV as RFC 4180 writes it, safe to open in a spreadsheet.

/** A cell value: text, a number, a boolean, a date (written as ISO 8601 UTC) or nothing (an empty cell). */
export type CsvValue = string | number | bigint | boolean | Date | null | undefined;

// A cell a spreadsheet would read as a formula (=, +, -, @, or a tab / carriage return that some strip first).
const FORMULA_START = /^[=+\-@\t\r]/;
// A number as this file writes them (amounts, counts): left as it is, so "-1.5" stays a number and not text.
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell. Text that a spreadsheet would run as a formula gets a leading apostrophe (OWASP's CSV injection rule),
 * unless it is a plain number; a cell holding a comma, a quote or a line break is quoted, inner quotes doubled.
 */
export function csvCell(v: CsvValue): string {
  if (v === null || v === undefined) return '';
  let s = v instanceof Date ? v.toISOString() : String(v);
  if (typeof v === 'string' && FORMULA_START.test(s) && !PLAIN_NUMBER.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line, CRLF-terminated as RFC 4180 says. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
