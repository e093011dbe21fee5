/**
 * Canonical JSON: the JSON text of a value with every object's keys sorted (by UTF-16 code units, as
 * `Array.prototype.sort` orders strings) and no whitespace, so that two equal values give the same text whatever
 * their key order. Request hashes stored in the database (gateway `idempotency_keys.request_hash`, agents
 * `paid_requests.request_hash`) are SHA-256 of this text: its output for any input must never change.
 *
 * `undefined`:
 *  - an object member whose value is `undefined` is OMITTED (as JSON.stringify does). The agents' request binding
 *    relies on it: `{ params, query, body: undefined }` of a GET hashes as `{"params":…,"query":…}`.
 *  - `undefined` as an array element, or as the whole value, is `null` (as JSON.stringify does in arrays).
 * The gateway's former copy wrote an `undefined` member as `null`; its only input is a parsed JSON request body,
 * which can hold no `undefined`, so omitting changes none of its hashes.
 *
 * Also as before in both copies: `toJSON` is not consulted (a Date is `{}`), a bigint throws (JSON.stringify's
 * TypeError), and a function or symbol is treated like `undefined`.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members: string[] = [];
    for (const key of Object.keys(value).sort()) {
      const member: unknown = (value as Record<string, unknown>)[key];
      if (omitted(member)) continue;
      members.push(`${JSON.stringify(key)}:${canonicalJson(member)}`);
    }
    return `{${members.join(',')}}`;
  }
  // JSON.stringify answers undefined (not a string) for undefined, functions and symbols.
  return JSON.stringify(value) ?? 'null';
}

/** Values JSON has no text for: dropped as object members, `null` elsewhere. */
function omitted(v: unknown): boolean {
  return v === undefined || typeof v === 'function' || typeof v === 'symbol';
}
