import type { ErrorDetail } from './httpError.ts';

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Why a string cannot be stored as PostgreSQL `text` or `jsonb`, or null when it can. PostgreSQL refuses the NUL
 * character in both, and a lone UTF-16 surrogate has no UTF-8 encoding (one driver refuses it, the other silently
 * replaces it with U+FFFD, so what is stored would differ from what was sent). Either way the value can never be
 * stored, so it is refused as input, before anything is charged or written.
 */
export function unstorableReason(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(s)) return 'must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF)';
  return null;
}

/**
 * Every string (and object key) of a parsed request part that storage cannot hold, one detail per field, named
 * the way validation details are (`metadata.k`, `to[1]`). Walks at most `limit` nodes: parsed bodies are bounded by
 * the body limit, and the bound keeps a pathological document from costing more than its parse did.
 */
export function unstorableFields(value: unknown, root = '', limit = 100_000): ErrorDetail[] {
  // Every request passes here: first a walk that builds no paths; only a part that holds a suspect string (a NUL or
  // any surrogate) is walked again to name its fields.
  if (!suspect(value, { budget: limit })) return [];
  const out: ErrorDetail[] = [];
  let budget = limit;
  const walk = (v: unknown, path: string): void => {
    if (--budget < 0 || out.length >= 20) return;
    if (typeof v === 'string') {
      const reason = unstorableReason(v);
      if (reason) out.push({ path: path || '(value)', message: reason });
      return;
    }
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, `${path}[${i}]`));
      return;
    }
    if (v && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        const child = path ? `${path}.${printable(k)}` : printable(k);
        const reason = unstorableReason(k);
        if (reason) out.push({ path: child, message: `is a field name that ${reason}` });
        walk(item, child);
      }
    }
  };
  walk(value, root);
  return out;
}

// eslint-disable-next-line no-control-regex -- the NUL character is exactly what is looked for
const SUSPECT = /[\u0000\ud800-\udfff]/;

/** Whether a string (or key) within the first `budget` nodes, walked as unstorableFields walks, may be unstorable. */
function suspect(v: unknown, left: { budget: number }): boolean {
  if (--left.budget < 0) return false;
  if (typeof v === 'string') return SUSPECT.test(v);
  if (Array.isArray(v)) {
    for (const item of v) if (suspect(item, left)) return true;
    return false;
  }
  if (v && typeof v === 'object') {
    for (const k in v) {
      if (!Object.prototype.hasOwnProperty.call(v, k)) continue;
      if (SUSPECT.test(k) || suspect((v as Record<string, unknown>)[k], left)) return true;
    }
  }
  return false;
}

/** A field name safe to echo in an error message (its unstorable characters escaped). */
function printable(key: string): string {
  // eslint-disable-next-line no-control-regex -- the NUL character is exactly what is escaped here
  return key.replace(/[\u0000\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
