import { decodeCursor as decodeCursorParts, encodeCursor } from '@tender/platform';
import { GatewayError } from './errors.ts';

// The codec is the platform's (base64url of a JSON array of parts); this module adds the gateway's 400.
export { encodeCursor };

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
 * identity column; a cursor of another list (other tag) or a malformed one is the same 400.
 */
export function decodeSeqCursor(cursor: string, tag: string): string {
  return decodeCursor(cursor, ([t, seq]) =>
    t === tag && typeof seq === 'string' && /^\d{1,19}$/.test(seq) ? seq : undefined,
  );
}
