import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';

describe('keyset cursors', () => {
  it('round-trip, and refuse as a 400 what SQL could not cast (an overflowing count, an id that is not a uuid)', () => {
    const id = '0b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4';
    expect(decodeCursor(encodeCursor('1763900000000000', id))).toEqual({ us: '1763900000000000', id });
    const forged = (raw: string) => Buffer.from(raw, 'utf8').toString('base64url');
    const parts = (...p: unknown[]) => JSON.stringify(p);
    for (const raw of [
      parts('9'.repeat(20), id),
      parts('1', '-'.repeat(36)),
      parts('1', `${id}\u0000`),
      parts('1', id, 'x'),
      parts(1, id),
      `9${'9'.repeat(20)}|${id}`,
      `1|${id}|x`,
      '',
    ]) {
      expect(() => decodeCursor(forged(raw))).toThrow(
        expect.objectContaining({ status: 400, code: 'VALIDATION_FAILED' }),
      );
    }
    // A cursor issued before the platform's format (base64url of `<us>|<uuid>`) still pages on.
    expect(decodeCursor(forged(`1763900000000000|${id}`))).toEqual({ us: '1763900000000000', id });
  });
});
