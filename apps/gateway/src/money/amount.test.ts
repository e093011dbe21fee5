import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_PATTERN, displayAmount, formatAmount, parseAmount, unitsFromDb } from './amount.ts';

describe('parseAmount / formatAmount', () => {
  it('round-trips base units through the decimal string', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.integer({ min: 0, max: 36 }), (u, d) => {
        expect(parseAmount(formatAmount(u, d), d)).toBe(u);
      }),
    );
  });

  it('canonicalises any valid decimal string and keeps its value', () => {
    const decimalString = fc
      .tuple(fc.stringMatching(/^\d{1,15}$/), fc.option(fc.stringMatching(/^\d{1,6}$/), { nil: undefined }))
      .map(([w, f]) => (f === undefined ? w : `${w}.${f}`));
    fc.assert(
      fc.property(decimalString, (s) => {
        const u = parseAmount(s, 6);
        const canonical = formatAmount(u, 6);
        expect(parseAmount(canonical, 6)).toBe(u);
        expect(canonical).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
        // Same value as exact rational arithmetic on the string.
        const [w, f = ''] = s.split('.');
        expect(u).toBe(BigInt(w!) * 10n ** 6n + BigInt(f.padEnd(6, '0') || '0'));
      }),
    );
  });

  it('is exact where floats are not', () => {
    expect(parseAmount('0.1', 6) + parseAmount('0.2', 6)).toBe(parseAmount('0.3', 6));
    expect(parseAmount('999999999999.999999', 6)).toBe(999_999_999_999_999_999n);
    expect(formatAmount(1n, 6)).toBe('0.000001');
    expect(formatAmount(12_500_000n, 6)).toBe('12.5');
    expect(formatAmount(0n, 6)).toBe('0');
    expect(formatAmount(-1_500_000n, 6)).toBe('-1.5');
    expect(parseAmount('007.50', 6)).toBe(7_500_000n);
  });

  it('rejects what is not a plain amount, and never rounds', () => {
    for (const bad of ['', '.', '1.', '.5', '-1', '+1', '1e6', ' 1', '1 ', '1,000', '0x10', '1.2.3', 'NaN']) {
      expect(() => parseAmount(bad, 6), bad).toThrow();
    }
    expect(() => parseAmount('1.0000001', 6)).toThrow(/7 decimals/);
    expect(() => parseAmount('1', -1)).toThrow();
  });

  it('the spec pattern accepts exactly 1-12 integer digits and 1-6 decimals', () => {
    const re = new RegExp(AMOUNT_PATTERN);
    expect(re.test('1')).toBe(true);
    expect(re.test('123456789012.123456')).toBe(true);
    expect(re.test('1234567890123')).toBe(false);
    expect(re.test('1.1234567')).toBe(false);
    expect(re.test('1.')).toBe(false);
  });

  it('reads numeric columns exactly', () => {
    expect(unitsFromDb('115792089237316195423570985008687907853269984665640564039457584007913129639935')).toBe(
      2n ** 256n - 1n,
    );
    expect(unitsFromDb(null)).toBe(0n);
    expect(() => unitsFromDb('1.5')).toThrow();
  });
});

describe('displayAmount', () => {
  it('groups thousands and shows at least two decimals, keeping every significant digit', () => {
    expect(displayAmount(12_500_000n, 6)).toBe('12.50');
    expect(displayAmount(84_500_000n, 6)).toBe('84.50');
    expect(displayAmount(259_970_001n, 6)).toBe('259.970001');
    expect(displayAmount(1_234_567_000_000n, 6)).toBe('1,234,567.00');
    expect(displayAmount(3n, 0)).toBe('3');
    expect(displayAmount(5n, 1)).toBe('0.5');
    expect(displayAmount(-1_500_000n, 6)).toBe('-1.50');
  });
});
