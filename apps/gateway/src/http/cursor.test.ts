import { describe, expect, it } from 'vitest';
import { decodeCursor, decodeSeqCursor, encodeCursor } from './cursor.ts';

describe('opaque cursors', () => {
  it('refuse as a 400 naming cursor a forged one whose parts storage cannot hold', () => {
    const any = (parts: unknown[]) => parts;
    expect(decodeCursor(encodeCursor(['k', 'a', 1]), any)).toEqual(['k', 'a', 1]);
    for (const parts of [
      ['k', 'id\u0000'],
      ['k', '\ud800'],
    ]) {
      expect(() => decodeCursor(encodeCursor(parts as string[]), any)).toThrow(
        expect.objectContaining({
          status: 400,
          extra: { details: [{ path: 'cursor', message: 'is not a cursor returned by this list' }] },
        }),
      );
    }
    expect(() => decodeSeqCursor(encodeCursor(['p', '99999999999999999999']), 'p')).toThrow(
      expect.objectContaining({ status: 400 }),
    );
  });
});
