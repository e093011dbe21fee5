import { describe, expect, it } from 'vitest';
import { decodeCursor, decodeInstantCursor, decodeSeqCursor, encodeCursor } from './cursor.ts';

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

  it('take a seq only as a decimal string within bigint, under the list’s own tag', () => {
    expect(decodeSeqCursor(encodeCursor(['evt', '0']), 'evt')).toBe('0');
    expect(decodeSeqCursor(encodeCursor(['evt', '9223372036854775807']), 'evt')).toBe('9223372036854775807');
    for (const parts of [
      ['evt', '9223372036854775808'],
      ['evt', '9999999999999999999'],
      ['evt', '-1'],
      ['evt', '+1'],
      ['evt', '1e3'],
      ['evt', ' 1'],
      ['evt', 1],
      ['inv', '1'],
      ['evt', '1', 'x'],
    ]) {
      expect(() => decodeSeqCursor(encodeCursor(parts as string[]), 'evt'), JSON.stringify(parts)).toThrow(
        expect.objectContaining({ status: 400 }),
      );
    }
  });

  it('take an instant only as a UTC timestamp PostgreSQL can hold, with a string id', () => {
    expect(decodeInstantCursor(encodeCursor(['re', '2026-01-02T03:04:05.678Z', 're_1']), 're')).toEqual({
      at: new Date('2026-01-02T03:04:05.678Z'),
      id: 're_1',
    });
    for (const parts of [
      ['re', '0000-01-01T00:00:00Z', 'x'],
      ['re', '+275760-09-13T00:00:00.000Z', 'x'],
      ['re', '2026-02-30T00:00:00Z', 'x'],
      ['re', '2026-01-01T00:00:00+01:00', 'x'],
      ['re', '2026-01-01', 'x'],
      ['re', '2026-01-01T00:00:00Z', ''],
      ['re', '2026-01-01T00:00:00Z', 1],
      ['k', '2026-01-01T00:00:00Z', 'x'],
    ]) {
      expect(() => decodeInstantCursor(encodeCursor(parts as string[]), 're'), JSON.stringify(parts)).toThrow(
        expect.objectContaining({ status: 400 }),
      );
    }
  });
});
