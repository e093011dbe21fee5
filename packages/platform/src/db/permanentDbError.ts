/**
 * SQLSTATEs that running the same statement with the same values again can never fix: the value itself is
 * refused. Class 22 (data exception: a NUL byte, an invalid byte sequence, a date out of range, a value too long),
 * not_null_violation (23502), check_violation (23514) and class 54 (program limit exceeded: an index row too big).
 * Anything else (a lost connection, a deadlock, a unique violation that a retry may answer differently) is not
 * known to be permanent.
 */
export function isPermanentDbError(err: unknown): boolean {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return false;
  return code.startsWith('22') || code === '23502' || code === '23514' || code.startsWith('54');
}
