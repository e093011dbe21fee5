import type { FastifySchemaValidationError } from 'fastify';
import type { ErrorDetail } from './httpError.ts';

/**
 * Turns Ajv errors (allErrors mode) into one detail per failing field, in the order reported.
 * Paths: `amount`, `metadata.key`, `networks[1]`; a missing property names itself; an unknown one too.
 * Headers are prefixed with `header:` so they never collide with a body field.
 */
export function validationDetails(errors: FastifySchemaValidationError[], context: string): ErrorDetail[] {
  const seen = new Set<string>();
  const out: ErrorDetail[] = [];
  for (const e of errors) {
    let path = pointerToPath(e.instancePath);
    const p = e.params as Record<string, unknown>;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      path = join(path, String(p.missingProperty));
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      path = join(path, String(p.additionalProperty));
      message = 'is not a recognised field';
    } else if (e.keyword === 'pattern' && typeof parentDescription(e) === 'string') {
      message = `must be ${parentDescription(e)}`;
    } else if (e.keyword === 'enum') {
      message = `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    }
    if (context === 'headers') path = `header:${path}`;
    if (!path) path = context === 'body' ? '(body)' : `(${context})`;
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message });
  }
  return out;
}

function pointerToPath(pointer: string): string {
  if (!pointer) return '';
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, seg) => (/^\d+$/.test(seg) ? `${acc}[${seg}]` : join(acc, seg)), '');
}

function join(base: string, seg: string): string {
  return base ? `${base}.${seg}` : seg;
}

/** A pattern's schema may carry a human description ("a decimal amount …"), better than echoing the regex. */
function parentDescription(e: FastifySchemaValidationError): unknown {
  return (e as { parentSchema?: { description?: unknown } }).parentSchema?.description;
}
