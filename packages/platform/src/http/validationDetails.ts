import type { FastifySchemaValidationError } from 'fastify';
import type { ErrorDetail } from './httpError.ts';
import { patternPhrase } from './validationPhrases.ts';

/**
 * Turns Ajv errors (allErrors mode) into one detail per failing field, in the order reported, each message a phrase
 * written for a person ("must be at least 12 characters", "must be an http(s) URL"), never Ajv's wording or a schema
 * description. Paths: `amount`, `metadata.key`, `networks[1]`; a missing property names itself; an unknown one too.
 * Headers are prefixed with `header:` so they never collide with a body field. The envelopes turn a detail into a
 * sentence naming its field (`detailSentence`): "Password must be at least 12 characters".
 */
export function validationDetails(errors: FastifySchemaValidationError[], context: string): ErrorDetail[] {
  const byPath = new Map<string, Described[]>();
  for (const e of errors) {
    const one = describe(e);
    if (!one) continue;
    let path = one.path;
    if (context === 'headers') path = `header:${path}`;
    if (!path) path = context === 'body' ? '(body)' : `(${context})`;
    const list = byPath.get(path) ?? [];
    list.push(one);
    byPath.set(path, list);
  }
  const out: ErrorDetail[] = [];
  for (const [path, list] of byPath) {
    const types = list.filter((x) => x.type).map((x) => x.message);
    const best = [...list].sort((a, b) => a.rank - b.rank)[0]!;
    // A value of none of a union's types ("a string or null") reads as one phrase.
    const message = best.type && types.length > 1 ? mergeTypes(types) : best.message;
    out.push({ path, message });
  }
  return out;
}

/** Which of a field's several failures is the one to tell: the most basic first (a wrong type hides its length). */
const RANK = {
  required: 0,
  unknown: 1,
  type: 2,
  choice: 3,
  pattern: 4,
  format: 5,
  bound: 6,
  other: 7,
  nullable: 8,
  union: 9,
};

interface Described {
  path: string;
  rank: number;
  message: string;
  /** A wrong type: merged with the union's other types. */
  type?: boolean;
}

function describe(e: FastifySchemaValidationError): Described | null {
  let path = pointerToPath(e.instancePath);
  const p = e.params as Record<string, unknown>;
  const key = (e as { propertyName?: string }).propertyName;
  if (key !== undefined) {
    // A metadata key breaking the rule on keys: name the key, say what a key must be.
    const inner = describe({ ...e, propertyName: undefined } as FastifySchemaValidationError);
    return inner && { path: join(path, key), rank: inner.rank, message: `is a key that ${inner.message}` };
  }
  const n = Number(p.limit);
  switch (e.keyword) {
    case 'required':
      return { path: join(path, String(p.missingProperty)), rank: RANK.required, message: 'is required' };
    case 'additionalProperties':
      path = join(path, String(p.additionalProperty));
      return { path, rank: RANK.unknown, message: 'is not a recognised field' };
    case 'type':
      // A nullable field's "must be null" branch only matters when nothing else is wrong with the value.
      return {
        path,
        rank: p.type === 'null' ? RANK.nullable : RANK.type,
        message: `must be ${typePhrase(String(p.type))}`,
        type: true,
      };
    case 'enum':
      return { path, rank: RANK.choice, message: `must be one of ${(p.allowedValues as unknown[]).join(', ')}` };
    case 'const':
      return { path, rank: RANK.choice, message: `must be ${String(p.allowedValue)}` };
    case 'pattern':
      return { path, rank: RANK.pattern, message: patternPhrase(String(p.pattern)) };
    case 'format':
      return { path, rank: RANK.format, message: formatPhrase(String(p.format)) };
    case 'minLength':
      return { path, rank: RANK.bound, message: n <= 1 ? 'must not be empty' : `must be at least ${n} characters` };
    case 'maxLength':
      return { path, rank: RANK.bound, message: `must be at most ${n} character${n === 1 ? '' : 's'}` };
    case 'minimum':
      return { path, rank: RANK.bound, message: `must be at least ${n}` };
    case 'maximum':
      return { path, rank: RANK.bound, message: `must be at most ${n}` };
    case 'exclusiveMinimum':
      return { path, rank: RANK.bound, message: `must be greater than ${n}` };
    case 'exclusiveMaximum':
      return { path, rank: RANK.bound, message: `must be less than ${n}` };
    case 'multipleOf':
      return { path, rank: RANK.bound, message: `must be a multiple of ${String(p.multipleOf)}` };
    case 'minItems':
      return {
        path,
        rank: RANK.bound,
        message: n <= 1 ? 'must list at least one item' : `must list at least ${n} items`,
      };
    case 'maxItems':
      return { path, rank: RANK.bound, message: `must list at most ${n} item${n === 1 ? '' : 's'}` };
    case 'uniqueItems':
      return { path, rank: RANK.bound, message: 'must not list the same item twice' };
    case 'minProperties':
      return { path, rank: RANK.bound, message: n <= 1 ? 'must not be empty' : `must have at least ${n} keys` };
    case 'maxProperties':
      return { path, rank: RANK.bound, message: `must have at most ${n} key${n === 1 ? '' : 's'}` };
    case 'propertyNames':
      return null; // its key's own failure is reported (above)
    case 'anyOf':
    case 'oneOf':
      return { path, rank: RANK.union, message: 'is not one of the accepted forms' };
    default:
      return { path, rank: RANK.other, message: 'is invalid' };
  }
}

const TYPES: Record<string, string> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

function typePhrase(type: string): string {
  return type
    .split(',')
    .map((t) => TYPES[t] ?? t)
    .join(' or ');
}

function mergeTypes(messages: string[]): string {
  const phrases = [...new Set(messages.map((m) => m.replace(/^must be /, '')))];
  return `must be ${phrases.slice(0, -1).join(', ')} or ${phrases[phrases.length - 1]}`;
}

const FORMATS: Record<string, string> = {
  uri: 'must be a URL such as https://example.com/path',
  url: 'must be a URL such as https://example.com/path',
  email: 'must be an email address such as name@example.com',
  'date-time': 'must be a date and time such as 2026-01-31T12:00:00Z',
  date: 'must be a date such as 2026-01-31',
  uuid: 'must be a UUID',
  hostname: 'must be a host name such as example.com',
  ipv4: 'must be an IPv4 address',
  ipv6: 'must be an IPv6 address',
};

function formatPhrase(format: string): string {
  return FORMATS[format] ?? `must be a valid ${format}`;
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

/** Parameters whose name reads better as the API spells it than capitalised ("to must be later than from"). */
const VERBATIM = new Set(['id', 'q', 'to', 'from', 'cursor']);

/**
 * The name a sentence gives a field: a plain word capitalised ("Password", "Amount"), an API parameter as the API
 * spells it (`success_url`, `metadata.order`, `networks[1]`), a header or the whole body named as such.
 */
export function fieldLabel(path: string): string {
  if (path.startsWith('header:')) return `The ${path.slice('header:'.length)} header`;
  if (path === '(body)') return 'The request body';
  if (path === '(querystring)') return 'The query string';
  if (path === '(params)') return 'The path';
  if (/^[a-z]+$/.test(path) && !VERBATIM.has(path)) return path[0]!.toUpperCase() + path.slice(1);
  return path;
}

/** A detail written as what its field does wrong ("is required", "must be…", "not found", "names another…"). */
const PREDICATE = /^(is|are|must|has|have|was|were|not|names|differs|exceeds|contains|cannot|does|did|needs|already)\b/;

/**
 * One detail as a sentence a person reads: its field named, then what is wrong ("Password must be at least 12
 * characters"). A message already written as a sentence (a capital letter, or anything not a predicate: "the total
 * must be greater than 0", "10.0.0.1 is a private address…") is kept as it is.
 */
export function detailSentence(d: ErrorDetail): string {
  if (!PREDICATE.test(d.message)) return d.message;
  return `${fieldLabel(d.path)} ${d.message}`;
}

/** The details as the envelopes render them: `path` kept, `message` a sentence. */
export function renderedDetails(details: readonly ErrorDetail[]): ErrorDetail[] {
  return details.map((d) => ({ path: d.path, message: detailSentence(d) }));
}

/** A validation failure's top-level message: its first three problems as sentences, then how many more. */
export function validationMessage(details: readonly ErrorDetail[]): string {
  if (details.length === 0) return 'The request is not valid';
  const shown = details.slice(0, 3).map(detailSentence).join('; ');
  const more = details.length - 3;
  return more > 0 ? `${shown}; and ${more} more problem${more === 1 ? '' : 's'}` : shown;
}
