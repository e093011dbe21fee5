import fc from 'fast-check';
import { getAddress, keccak256, stringToBytes, type Hex } from 'viem';
import { describe, expect, it } from 'vitest';
import { checksumAddress, keccak256Hex, keccak256Utf8 } from './fastKeccak.ts';

const hex = (b: Uint8Array): Hex => `0x${Buffer.from(b).toString('hex')}`;

describe('fastKeccak', () => {
  it('keccak256Utf8 equals viem keccak256 of the UTF-8 bytes, for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (s) => {
        expect(keccak256Utf8(s)).toBe(keccak256(stringToBytes(s)));
      }),
    );
  });

  it('keccak256Hex equals viem keccak256, for any bytes (empty and multi-block included)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (b) => {
        expect(keccak256Hex(hex(b))).toBe(keccak256(hex(b)));
      }),
    );
  });

  it('checksumAddress equals viem getAddress, from lower or upper case', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (b) => {
        const a = hex(b);
        expect(checksumAddress(a)).toBe(getAddress(a));
        expect(checksumAddress(`0x${a.slice(2).toUpperCase()}`)).toBe(getAddress(a));
      }),
    );
  });
});
