import { decodeCursor as decodeCursorParts, encodeCursor } from '@tender/platform';
import { GatewayError } from './errors.ts';

// The codec is the platform's (base64url of a JSON array of parts); this module adds the gateway's 400. Every list
// decodes its cursor here, through one of the typed decoders below: a cursor is client input (anyone can
// base64-encode any JSON), so each part is checked for the type and the range the list's SQL casts it to
// (`::bigint`, `::timestamptz`). A part PostgreSQL would refuse is a 400 naming `cursor`, never a database error.

export { encodeCursor };

/** Largest value of PostgreSQL's bigint (the seq identity columns and epoch microseconds). */
const BIGINT_MAX = 9_223_372_036_854_775_807n;

/** The value `check` makes of a cursor's parts; anything else is a 400 naming the `cursor` parameter. */
export function decodeCursor<T>(cursor: string, check: (parts: unknown[]) => T | undefined): T {
  const value = decodeCursorParts(cursor, check);
  if (value === undefined) {
    throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
      details: [{ path: 'cursor', message: 'is not a cursor returned by this list' }],
    });
  }
  return value;
}

/**
 * The `seq` (a bigint, as a decimal string) of a cursor made by encodeCursor([tag, seq]), for lists ordered by an
 * identity column: exactly two parts, the list's tag, and a decimal string in 0..2^63-1. A cursor of another list
 * (other tag), a number beyond bigint, a negative, a JSON number or a malformed one is the same 400.
 */
export function decodeSeqCursor(cursor: string, tag: string): string {
  return decodeCursor(cursor, (parts) => {
    const [t, seq] = parts;
    return parts.length === 2 && t === tag && isBigintText(seq) ? seq : undefined;
  });
}

/**
 * The (instant, id) of a cursor made by encodeCursor([tag, createdAt.toISOString(), id]), for lists ordered by
 * (created_at, id): the instant must be an ISO 8601 UTC timestamp PostgreSQL can hold and compare (years 0001 to
 * 9999; JavaScript also takes year 0 and ±275760), the id a non-empty string of at most 100 characters.
 */
export function decodeInstantCursor(cursor: string, tag: string): { at: Date; id: string } {
  return decodeCursor(cursor, (parts) => {
    const [t, at, id] = parts;
    if (parts.length !== 3 || t !== tag || typeof id !== 'string' || id.length < 1 || id.length > 100) return undefined;
    const instant = instantOf(at);
    return instant ? { at: instant, id } : undefined;
  });
}

function isBigintText(v: unknown): v is string {
  return typeof v === 'string' && /^\d{1,19}$/.test(v) && BigInt(v) <= BIGINT_MAX;
}

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

function instantOf(v: unknown): Date | null {
  if (typeof v !== 'string' || !ISO_UTC.test(v)) return null;
  const d = new Date(v);
  const year = d.getUTCFullYear();
  // Date rolls an impossible day over (2026-02-30 is March 2nd): only a timestamp that reads back as written is one.
  if (Number.isNaN(d.getTime()) || year < 1 || year > 9999 || d.toISOString().slice(0, 19) !== v.slice(0, 19)) {
    return null;
  }
  return d;
}
