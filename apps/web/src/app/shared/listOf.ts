// The gateway answers every list in one envelope: `{ object: 'list', data: [...], next_cursor }`.

/**
 * The items of a list envelope that may not have loaded yet (none until then), and whether it loaded empty: a page
 * says "none yet" only for a list it has, never while it is still loading or after a failed load.
 */
export function listOf<T>(envelope: { data: readonly T[] } | null | undefined): {
  items: readonly T[];
  empty: boolean;
} {
  return { items: envelope?.data ?? [], empty: !!envelope && envelope.data.length === 0 };
}
