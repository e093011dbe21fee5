import { unstorableReason } from './storableText.ts';

/**
 * Opaque pagination cursors: base64url of a JSON array of parts (strings or numbers) that the list operation chose,
 * e.g. `['evt', '42']` or `['k', createdAt, id]`. Clients pass back what they were given; the list checks the parts
 * it reads back, since a client can forge any string.
 */
export function encodeCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

/**
 * The value `check` makes of a cursor's parts, or undefined when the cursor is not base64url of a JSON array, holds
 * a string storage cannot hold (NUL, a lone surrogate: a database error in the list query, not a client's 400), or
 * `check` refuses its parts. Callers turn undefined into their own 400 naming the cursor.
 */
export function decodeCursor<T>(cursor: string, check: (parts: unknown[]) => T | undefined): T | undefined {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts)) return undefined;
  const array: unknown[] = parts;
  if (!array.every((p) => typeof p !== 'string' || unstorableReason(p) === null)) return undefined;
  return check(array);
}
