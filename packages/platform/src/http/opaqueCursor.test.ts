import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './opaqueCursor.ts';

const any = (parts: unknown[]) => parts;
const forged = (raw: string) => Buffer.from(raw, 'utf8').toString('base64url');

describe('opaque cursors', () => {
  it('round-trip their parts, as base64url of a JSON array', () => {
    expect(decodeCursor(encodeCursor(['k', 'a', 1]), any)).toEqual(['k', 'a', 1]);
    expect(encodeCursor(['evt', '42'])).toBe(forged('["evt","42"]'));
  });

  it('are undefined when not a JSON array, holding what storage cannot hold, or refused by the check', () => {
    for (const cursor of ['', '%%%', forged('{"a":1}'), forged('"s"'), forged('[1,')]) {
      expect(decodeCursor(cursor, any)).toBeUndefined();
    }
    expect(decodeCursor(encodeCursor(['k', 'id\u0000']), any)).toBeUndefined();
    expect(decodeCursor(encodeCursor(['k', '\ud800']), any)).toBeUndefined();
    expect(decodeCursor(encodeCursor(['x', '1']), ([tag]) => (tag === 'k' ? tag : undefined))).toBeUndefined();
  });
});
