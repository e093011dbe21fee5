import { describe, expect, it } from 'vitest';
import { newEventId } from './eventId.ts';

describe('newEventId', () => {
  it('makes RFC 9562 version-7 UUIDs that sort in the order they were made, inside one millisecond too', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => newEventId(1_800_000_000_000 + Math.floor(i / 5_000)));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids); // PostgreSQL orders uuid by bytes, as this string order does
    expect(new Set(ids).size).toBe(ids.length);
    // A clock that steps back (NTP) never makes an id sort before an earlier one.
    const later = newEventId(1_700_000_000_000);
    expect(later > ids[ids.length - 1]!).toBe(true);
  });
});
