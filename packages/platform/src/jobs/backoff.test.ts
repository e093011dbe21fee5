import { describe, expect, it } from 'vitest';
import { exponentialBackoff } from './backoff.ts';

describe('exponentialBackoff', () => {
  it('doubles from the base and stops at the cap (no jitter)', () => {
    const b = exponentialBackoff({ baseMs: 100, maxMs: 1_000, jitter: 'none' });
    expect([1, 2, 3, 4, 5, 6, 100, 5_000].map((a) => b(a, null))).toEqual([
      100, 200, 400, 800, 1_000, 1_000, 1_000, 1_000,
    ]);
  });

  it('full jitter spans [0, d): the extremes of the random source map to the ends', () => {
    expect(exponentialBackoff({ baseMs: 100, jitter: 'full', random: () => 0 })(3, null)).toBe(0);
    expect(exponentialBackoff({ baseMs: 100, jitter: 'full', random: () => 0.999999 })(3, null)).toBe(399);
  });

  it('equal jitter never goes below half of d', () => {
    expect(exponentialBackoff({ baseMs: 100, jitter: 'equal', random: () => 0 })(3, null)).toBe(200);
    expect(exponentialBackoff({ baseMs: 100, jitter: 'equal', random: () => 0.999999 })(3, null)).toBe(399);
    const real = exponentialBackoff({ baseMs: 1_000, maxMs: 60_000 });
    for (let i = 0; i < 1_000; i++) {
      const d = real(4, null);
      expect(d).toBeGreaterThanOrEqual(4_000);
      expect(d).toBeLessThan(8_000);
    }
  });
});
