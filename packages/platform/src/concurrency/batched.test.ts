import { describe, expect, it } from 'vitest';
import { batched } from './batched.ts';

describe('batched', () => {
  it('gathers the calls of one turn into one call, answering each in order', async () => {
    const calls: number[][] = [];
    const double = batched(async (xs: number[]) => {
      calls.push(xs);
      return xs.map((x) => x * 2);
    });
    expect(await Promise.all([1, 2, 3].map(double))).toEqual([2, 4, 6]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('runs at most maxInFlight batches; what arrives meanwhile goes into the next, split by maxBatch and distinct', async () => {
    const calls: string[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const write = batched(
      async (xs: string[]) => {
        calls.push(xs);
        if (calls.length === 1) await gate;
        return xs;
      },
      { maxInFlight: 1, maxBatch: 3, distinct: (x) => x[0]! },
    );
    const first = write('a1');
    await new Promise((r) => setImmediate(r));
    const rest = ['b1', 'c1', 'b2', 'd1', 'e1'].map(write);
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual([['a1']]); // the second waits for the first
    release();
    expect(await Promise.all([first, ...rest])).toEqual(['a1', 'b1', 'c1', 'b2', 'd1', 'e1']);
    // b2 never shares a batch with b1; at most 3 per batch.
    expect(calls).toEqual([['a1'], ['b1', 'c1', 'd1'], ['b2', 'e1']]);
  });

  it('rejects every call of a batch whose fn failed, and goes on with the next', async () => {
    let fail = true;
    const f = batched(async (xs: number[]) => {
      if (fail) throw new Error('boom');
      return xs;
    });
    const out = await Promise.allSettled([f(1), f(2)]);
    expect(out.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await f(3)).toBe(3);
  });
});
