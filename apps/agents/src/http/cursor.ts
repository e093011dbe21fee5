import { decodeCursor as decodeCursorParts, encodeCursor as encodeCursorParts } from '@tender/platform';
import { AgentError } from './errors.ts';

/**
 * Opaque keyset cursors: the platform's cursor (base64url of a JSON array) of [<epoch microseconds>, <uuid>].
 * Microseconds, not a JS Date, because PostgreSQL timestamps are finer than milliseconds and a rounded cursor would
 * skip or repeat rows.
 * SQL side: `(extract(epoch from t) * 1000000)::bigint` produces it and
 * `timestamptz 'epoch' + ($n::bigint * interval '1 microsecond')` reads it back exactly.
 */
export function encodeCursor(epochMicros: string, id: string): string {
  return encodeCursorParts([epochMicros, id]);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function decodeCursor(cursor: string): { us: string; id: string } {
  // At most 16 digits (before the year 2286): a longer count overflows bigint or timestamptz in SQL, and an id that
  // is not a uuid fails its cast; both would be database errors for what is a client's bad input.
  const value = decodeCursorParts(cursor, (parts) => valid(parts)) ?? decodeLegacy(cursor);
  if (!value)
    throw new AgentError('VALIDATION_FAILED', 'Request validation failed: cursor is not a cursor this API returned');
  return value;
}

function valid(parts: unknown[]): { us: string; id: string } | undefined {
  const [us, id] = parts;
  return parts.length === 2 &&
    typeof us === 'string' &&
    /^\d{1,16}$/.test(us) &&
    typeof id === 'string' &&
    UUID.test(id)
    ? { us, id }
    : undefined;
}

/** Cursors issued before the platform's format (base64url of `<us>|<uuid>`) keep working for clients mid-listing. */
function decodeLegacy(cursor: string): { us: string; id: string } | undefined {
  const [us, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  return rest.length === 0 && us !== undefined && id !== undefined ? valid([us, id]) : undefined;
}

export const CURSOR_SQL = (column: string) => `(extract(epoch from ${column}) * 1000000)::bigint::text`;
export const FROM_CURSOR_SQL = (param: string) =>
  `(timestamptz 'epoch' + (${param}::bigint * interval '1 microsecond'))`;
