import { unstorableReason } from '@tender/platform';
import { GatewayError } from './errors.ts';

/**
 * Opaque pagination cursors: base64url of a small JSON array the list operation chose. Clients pass back what
 * they were given; anything else is a 400 naming the `cursor` parameter.
 */
export function encodeCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts), 'utf8').toString('base64url');
}

export function decodeCursor<T>(cursor: string, check: (parts: unknown[]) => T | undefined): T {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parts = undefined;
  }
  // A part storage cannot hold (NUL, a lone surrogate) would be a database error in the list query: refused here.
  const storable = Array.isArray(parts) && parts.every((p) => typeof p !== 'string' || unstorableReason(p) === null);
  const value = storable ? check(parts as unknown[]) : undefined;
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
