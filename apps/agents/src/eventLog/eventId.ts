import { randomBytes } from 'node:crypto';

// Event ids are UUIDv7 (RFC 9562) with a counter in `rand_a`: within one process they sort in the order they were
// made, also inside one millisecond. Delivery and listing order by (created_at, event_id), and created_at can tie:
// PGlite's clock has millisecond resolution, so events recorded in one millisecond went out in random UUID order.
let lastMs = 0;
let counter = 0;

export function newEventId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = randomBytes(2).readUInt16BE() & 0x3ff; // a random start leaves room for 3,072 ids in the millisecond
  } else if (++counter > 0xfff) {
    // More than the counter holds in one millisecond: borrow the next one (ids stay ordered and unique).
    lastMs++;
    counter = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
