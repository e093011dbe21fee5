import { describe, expect, it } from 'vitest';
import { isTransientDbError, retryTransient } from './retryTransient.ts';

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe('retryTransient', () => {
  it('runs again after a deadlock or serialization failure, and returns the first success', async () => {
    const errors = [pgError('40P01'), pgError('40001')];
    let calls = 0;
    const v = await retryTransient(async () => {
      calls++;
      const e = errors.shift();
      if (e) throw e;
      return 'ok';
    });
    expect([v, calls]).toEqual(['ok', 3]);
  });

  it('gives up after the given number of tries, and never retries other errors', async () => {
    let calls = 0;
    await expect(
      retryTransient(async () => {
        calls++;
        throw pgError('40P01');
      }, 2),
    ).rejects.toThrow('pg 40P01');
    expect(calls).toBe(2);
    calls = 0;
    await expect(
      retryTransient(async () => {
        calls++;
        throw pgError('23505');
      }),
    ).rejects.toThrow('pg 23505');
    expect(calls).toBe(1);
    expect(isTransientDbError(new Error('x'))).toBe(false);
    expect(isTransientDbError(null)).toBe(false);
  });
});
