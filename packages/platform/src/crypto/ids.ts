import { createHash, hash, randomFillSync, timingSafeEqual } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

// CSPRNG bytes drawn 4 KiB at a time: one randomBytes call per id cost ~20 µs (a syscall each), measurable on the
// request path (two ids per request). Every byte is used once and then overwritten by the next refill.
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

function randomByte(): number {
  if (poolAt === pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  return pool[poolAt++]!;
}

/** `length` base62 characters from the CSPRNG (rejection sampling keeps every character uniform). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const b = randomByte();
    if (b < 248) out += ALPHABET[b % 62];
  }
  return out;
}

/** `pi_…`, `req_…`: a prefix and 24 base62 characters (~143 bits). */
export function newId(prefix: string, length = 24): string {
  return `${prefix}_${randomBase62(length)}`;
}

/**
 * A bearer secret (API key, session token, access token): prefix + 40 base62 characters (~238 bits).
 * Only `hashToken(secret)` is stored.
 */
export function newSecretToken(prefix: string): string {
  return `${prefix}${randomBase62(40)}`;
}

/** SHA-256 hex of a high-entropy token. Fine for lookup: tokens are random, not passwords. */
export function hashToken(token: string): string {
  // The one-shot hash: no Hash object per call (this runs on every API-key request).
  return hash('sha256', token, 'hex');
}

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** Constant-time comparison of two strings of possibly different length. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
