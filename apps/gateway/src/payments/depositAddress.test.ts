import { computeDepositAddress, depositSalt } from '@tender/evm';
import fc from 'fast-check';
import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { depositAddressFor } from './depositAddress.ts';

describe('depositAddressFor', () => {
  it('equals @tender/evm computeDepositAddress (lower case) for any factory, vault and payment id', () => {
    const addr = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((b) => getAddress(`0x${Buffer.from(b).toString('hex')}`));
    fc.assert(
      fc.property(addr, addr, fc.string({ minLength: 1, maxLength: 40 }), (factory, vault, id) => {
        fc.pre(vault !== '0x0000000000000000000000000000000000000000');
        const salt = depositSalt(id);
        const expected = computeDepositAddress({ factory, vault, salt }).toLowerCase();
        expect(depositAddressFor(factory, vault, salt)).toBe(expected);
        // Cached second time round: same answer.
        expect(depositAddressFor(factory, vault, salt)).toBe(expected);
      }),
      { numRuns: 200 },
    );
  });
});
