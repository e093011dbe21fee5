import { describe, expect, it } from 'vitest';
import { listOf } from './app/shared/listOf.ts';

describe('listOf', () => {
  it('says "empty" only for a list that loaded with no item', () => {
    expect(listOf(null)).toEqual({ items: [], empty: false });
    expect(listOf(undefined)).toEqual({ items: [], empty: false });
    expect(listOf({ data: [] })).toEqual({ items: [], empty: true });
    expect(listOf({ data: [1, 2] })).toEqual({ items: [1, 2], empty: false });
  });
});
