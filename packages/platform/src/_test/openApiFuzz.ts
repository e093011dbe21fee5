import fc from 'fast-check';
import type { App } from '../http/createHttpServer.ts';

/**
 * Fuzzes every operation of an OpenAPI 3.1 document served by `app`: for each route, `runs` requests whose path
 * parameters, query strings and JSON bodies are generated from the route's own schemas (fast-check), then some
 * of their strings replaced by hostile ones (NUL, lone surrogates, out-of-range dates, huge, traversal, …), or the
 * whole body replaced by arbitrary JSON. Every answer must be below 500 (a 503 only with one of `allowed503`
 * codes: a service the deployment says is unavailable), and every error must pass `checkError`.
 * Seeded: the same seed replays the same requests.
 */

export interface FuzzOptions {
  app: App;
  /** The OpenAPI document (as served). */
  doc: OpenApiDoc;
  /** Header sets to send (credentials); one is picked per request. */
  headers: () => Record<string, string>[];
  runs: number;
  seed: number;
  /** Asserts that an error answer is in the API's envelope with the request id; returns a problem or null. */
  checkError(status: number, body: unknown, requestIdHeader: string | undefined): string | null;
  allowed503: (code: string | undefined) => boolean;
  /** Operations not to call (e.g. logout, which would end the fuzzer's own session). */
  skip?: (method: string, path: string) => boolean;
  /** Real values for path parameters by name (ids of existing resources), mixed with generated ones. */
  knownValues?: Record<string, string[]>;
  /**
   * Values swept through every query parameter of that name, one request each (e.g. forged `cursor`s: base64url
   * of wrong-shaped JSON, which random strings almost never are).
   */
  querySweep?: Record<string, readonly string[]>;
}

export interface FuzzReport {
  cases: number;
  operations: number;
  byStatus: Record<string, number>;
  failures: string[];
}

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** Swept through every parameter and top-level body field of every operation, besides the random cases. */
export const UNSTORABLE_STRINGS: readonly string[] = ['a\u0000b', '\ud800', 'x\udfffy', '0000-01-01T00:00:00Z'];

export const HOSTILE_STRINGS: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '0000-01-01T00:00:00Z',
  '0000-01-01',
  '10000-01-01T00:00:00Z',
  '2026-02-30T00:00:00Z',
  '-1',
  '1e309',
  '99999999999999999999999999999999999999999999',
  "'; drop table payments; --",
  '../../../etc/passwd',
  '%00',
  '\u202eevil',
  '😀',
  '',
  ' ',
  'null',
  '00000000-0000-0000-0000-000000000000',
  'pi_00000000000000000000000000',
  'x'.repeat(5000),
  // Forged opaque cursors (base64url of JSON or text) carrying what SQL cannot take.
  b64(JSON.stringify(['k', '0000-01-01T00:00:00Z', 'x'])),
  b64(JSON.stringify(['k', '+275760-09-13T00:00:00.000Z', 'id\u0000'])),
  b64(JSON.stringify(['p', '99999999999999999999999'])),
  b64(`${'9'.repeat(20)}|${'-'.repeat(36)}`),
];

function b64(s: string): string {
  return Buffer.from(s, 'utf8').toString('base64url');
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export async function fuzzOpenApi(o: FuzzOptions): Promise<FuzzReport> {
  const report: FuzzReport = { cases: 0, operations: 0, byStatus: {}, failures: [] };
  const rng = mulberry32(o.seed);
  const resolve = (s: Schema | undefined): Schema | undefined => {
    if (!s?.$ref) return s;
    const name = s.$ref.replace(/^#\/components\/schemas\//, '');
    return resolve(o.doc.components?.schemas?.[name]);
  };
  for (const [path, item] of Object.entries(o.doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op || o.skip?.(method.toUpperCase(), path)) continue;
      report.operations++;
      const params = op.parameters ?? [];
      const bodySchema = resolve(op.requestBody?.content?.['application/json']?.schema);
      const arb = fc.record({
        path: fc.record(
          Object.fromEntries(
            params
              .filter((p) => p.in === 'path')
              .map((p) => {
                const known = o.knownValues?.[p.name] ?? [];
                const generated = valueOf(resolve(p.schema), resolve, 0);
                return [p.name, known.length ? fc.oneof(fc.constantFrom(...known), generated) : generated];
              }),
          ),
        ),
        query: fc.record(
          Object.fromEntries(
            params.filter((p) => p.in === 'query').map((p) => [p.name, valueOf(resolve(p.schema), resolve, 0)]),
          ),
          { requiredKeys: [] },
        ),
        body: bodySchema ? valueOf(bodySchema, resolve, 0) : fc.constant(undefined),
        mutation: fc.constantFrom('none', 'hostile', 'hostile', 'hostile', 'json', 'hostile-path'),
        hostile: fc.constantFrom(...HOSTILE_STRINGS),
        pick: fc.nat(),
      });
      const samples = fc.sample(arb, { numRuns: o.runs, seed: o.seed + report.operations });
      // The sweep: one valid-looking sample, each unstorable string in each slot in turn.
      const base = samples[0];
      const sweep: typeof samples = [];
      if (base) {
        const slots: { where: 'path' | 'query' | 'body'; p: (string | number)[] }[] = [
          ...params.filter((p) => p.in === 'path').map((p) => ({ where: 'path' as const, p: [p.name] })),
          ...params.filter((p) => p.in === 'query').map((p) => ({ where: 'query' as const, p: [p.name] })),
          ...Object.keys(bodySchema?.properties ?? {}).map((k) => ({ where: 'body' as const, p: [k] })),
        ];
        for (const p of params.filter((p) => p.in === 'query')) {
          for (const value of o.querySweep?.[p.name] ?? []) {
            sweep.push({ ...base, mutation: 'none', query: { ...base.query, [p.name]: value } });
          }
        }
        for (const slot of slots) {
          for (const hostile of UNSTORABLE_STRINGS) {
            sweep.push({
              ...base,
              mutation: 'none',
              path: slot.where === 'path' ? { ...base.path, [slot.p[0]!]: hostile } : base.path,
              query: slot.where === 'query' ? { ...base.query, [slot.p[0]!]: hostile } : base.query,
              body:
                slot.where === 'body'
                  ? setAt(base.body && typeof base.body === 'object' ? base.body : {}, slot.p, hostile)
                  : base.body,
            });
          }
        }
      }
      for (const s of [...samples, ...sweep]) {
        let body = s.body;
        const pathValues: Record<string, unknown> = { ...s.path };
        const query: Record<string, unknown> = { ...s.query };
        if (s.mutation === 'hostile') {
          const targets = [
            ...stringSlots(body, []).map((p) => ({ where: 'body' as const, p })),
            ...Object.keys(query).map((k) => ({ where: 'query' as const, p: [k] })),
            ...params.filter((p) => p.in === 'query').map((p) => ({ where: 'query' as const, p: [p.name] })),
          ];
          const t = targets[s.pick % Math.max(1, targets.length)];
          if (t?.where === 'body') body = setAt(body, t.p, s.hostile);
          else if (t?.where === 'query') query[String(t.p[0])] = s.hostile;
        } else if (s.mutation === 'hostile-path') {
          const names = Object.keys(pathValues);
          if (names.length) pathValues[names[s.pick % names.length]!] = s.hostile;
        } else if (s.mutation === 'json') {
          body = fc.sample(fc.jsonValue(), { numRuns: 1, seed: s.pick })[0];
        }
        const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodePart(String(pathValues[name] ?? 'x')));
        const qs = Object.entries(query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${encodePart(k)}=${encodePart(typeof v === 'string' ? v : JSON.stringify(v))}`)
          .join('&');
        const headerSets = o.headers();
        const headers = { ...headerSets[Math.floor(rng() * headerSets.length)] };
        const hasBody = body !== undefined && method !== 'get' && method !== 'delete';
        const res = await o.app.inject({
          method: method.toUpperCase() as 'GET',
          url: qs ? `${url}?${qs}` : url,
          headers: hasBody ? { ...headers, 'content-type': 'application/json' } : headers,
          ...(hasBody ? { payload: JSON.stringify(body) } : {}),
        });
        report.cases++;
        report.byStatus[res.statusCode] = (report.byStatus[res.statusCode] ?? 0) + 1;
        const where = `${method.toUpperCase()} ${qs ? `${url}?${qs}` : url}`.slice(0, 300);
        let parsed: unknown;
        try {
          parsed = res.body ? JSON.parse(res.body) : undefined;
        } catch {
          parsed = undefined;
        }
        const code = (parsed as { error?: { code?: string } } | undefined)?.error?.code;
        if (res.statusCode >= 500 && !(res.statusCode === 503 && o.allowed503(code))) {
          report.failures.push(
            `${res.statusCode} ${code ?? ''} for ${where} body ${JSON.stringify(body)?.slice(0, 200)}`,
          );
        } else if (res.statusCode >= 400) {
          const requestId = res.headers['request-id'];
          const problem = o.checkError(res.statusCode, parsed, typeof requestId === 'string' ? requestId : undefined);
          if (problem) report.failures.push(`${res.statusCode} not in the envelope (${problem}) for ${where}`);
        }
      }
    }
  }
  return report;
}

/** An arbitrary for the values a schema admits (mostly valid; formats and patterns honoured where cheap). */
function valueOf(
  schema: Schema | undefined,
  resolve: (s: Schema | undefined) => Schema | undefined,
  depth: number,
): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (!s || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if ('const' in s) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const variants = s.anyOf ?? s.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => valueOf(v, resolve, depth + 1)));
  if (s.allOf?.length) return valueOf(s.allOf[0], resolve, depth + 1);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((t) => valueOf({ ...s, type: t }, resolve, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringOf(s);
    case 'integer':
      return fc.integer({ min: s.minimum ?? -1_000_000, max: s.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueOf(s.items, resolve, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, Math.max(s.minItems ?? 0, 4)),
      });
    case 'object': {
      const props = s.properties ?? {};
      const required = s.required ?? [];
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valueOf(v, resolve, depth + 1)])), {
        requiredKeys: required.filter((k) => k in props),
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(s: Schema): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? 40, Math.max(min, 40));
  switch (s.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'email':
      return fc.emailAddress();
    case 'uri':
    case 'url':
      return fc.webUrl();
  }
  if (s.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= min && v.length <= (s.maxLength ?? Infinity));
    } catch {
      // a pattern JavaScript cannot compile: plain strings
    }
  }
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

/** Paths of the string values inside a generated value. */
function stringSlots(v: unknown, at: (string | number)[]): (string | number)[][] {
  if (typeof v === 'string') return [at];
  if (Array.isArray(v)) return v.flatMap((x, i) => stringSlots(x, [...at, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => stringSlots(x, [...at, k]));
  return [];
}

function setAt(v: unknown, path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (Array.isArray(v)) {
    const copy = [...(v as unknown[])];
    copy[head as number] = setAt(copy[head as number], rest, value);
    return copy;
  }
  const copy = { ...((v ?? {}) as Record<string, unknown>) };
  copy[String(head)] = setAt(copy[String(head)], rest, value);
  return copy;
}

/** Percent-encodes a URL part; a lone surrogate (which encodeURIComponent refuses) as the bytes a client would send. */
function encodePart(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < s.length &&
      s.charCodeAt(i + 1) >= 0xdc00 &&
      s.charCodeAt(i + 1) <= 0xdfff
    ) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out +=
        `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(s[i]!);
    }
  }
  return out;
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Runs per route: FUZZ_RUNS when set (to run more on demand), else the bounded default. */
export function fuzzRuns(defaultRuns: number): number {
  const n = Number(process.env.FUZZ_RUNS);
  return Number.isInteger(n) && n > 0 ? n : defaultRuns;
}

/** Seed: FUZZ_SEED when set (to replay a failure), else the fixed default. */
export function fuzzSeed(defaultSeed: number): number {
  const n = Number(process.env.FUZZ_SEED);
  return Number.isInteger(n) ? n : defaultSeed;
}
