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
  const value = Array.isArray(parts) ? check(parts) : undefined;
  if (value === undefined) {
    throw new GatewayError('VALIDATION_FAILED', 'Request validation failed', {
      details: [{ path: 'cursor', message: 'is not a cursor returned by this list' }],
    });
  }
  return value;
}
