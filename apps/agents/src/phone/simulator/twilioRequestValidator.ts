import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { TWILIO_OPENAPI_SUBSET } from './twilioOpenApiSubset.ts';

/** A request as it arrived: method, the path under the API's origin, and its query and form parameters. */
export interface ApiRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  form: Record<string, string | string[]>;
}

/** The operation a request matched, with its path parameters (AccountSid, Sid, CountryCode …). */
export interface MatchedOperation {
  /** The OpenAPI path template, e.g. /2010-04-01/Accounts/{AccountSid}/Calls.json */
  template: string;
  method: string;
  operationId: string;
  pathParams: Record<string, string>;
}

export type Validation = { ok: true; op: MatchedOperation } | { ok: false; status: 404 | 405 | 400; message: string };

interface Param {
  name: string;
  in: 'path' | 'query';
  required?: boolean;
  schema: Record<string, unknown>;
}
interface Operation {
  operationId: string;
  parameters?: Param[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}

const FORM = 'application/x-www-form-urlencoded';
const METHODS = ['get', 'post', 'delete'] as const;

/**
 * Validates requests against Twilio's own OpenAPI description (the simulator's subset, twilioOpenApiSubset.ts): the
 * path must be one of its paths, the method one of its operations, and the path, query and form parameters must
 * satisfy the operation's schemas (types coerced from their string form, as Twilio reads them; a repeated form key
 * is an array). The same description checks the simulator's answers (validateResponse), so tests hold both sides to
 * Twilio's contract.
 */
export class TwilioRequestValidator {
  private readonly ajv = new Ajv({ strict: false, coerceTypes: 'array', allErrors: true });
  private readonly responseAjv = new Ajv({ strict: false, allErrors: true });
  private readonly routes: { regex: RegExp; names: string[]; template: string; ops: Record<string, Operation> }[];
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly doc: { components: unknown; paths: Record<string, Record<string, Operation>> };

  constructor(path = TWILIO_OPENAPI_SUBSET) {
    this.doc = JSON.parse(readFileSync(path, 'utf8')) as typeof this.doc;
    // Twilio's own formats: what its API accepts in requests, checked as strictly as the subset needs. In answers
    // they describe rather than constrain (Twilio's own examples carry relative `uri`s and "(808) 925-1571" as a
    // phone-number friendly_name), so answers are checked for shape, types and enums.
    const formats: Record<string, RegExp | ((s: string) => boolean) | true> = {
      uri: (s: string) => /^https?:\/\/[^\s/]+/i.test(s),
      'phone-number': /^\+?[0-9]{2,15}$/,
      'iso-country-code': /^[A-Z]{2}$/,
      'http-method': /^(GET|POST|PUT|DELETE|HEAD)$/i,
    };
    for (const f of ['endpoint', 'twiml', 'date-time-rfc-2822', 'currency', 'uri-map', 'int64', 'date-time'])
      formats[f] = true;
    formats['phone-number-capabilities'] = true;
    for (const [name, check] of Object.entries(formats)) {
      this.ajv.addFormat(name, typeof check === 'function' ? { validate: check } : check);
      this.responseAjv.addFormat(name, true);
    }
    this.ajv.addSchema({ components: this.doc.components }, 'twilio');
    this.responseAjv.addSchema({ components: this.doc.components }, 'twilio');
    this.routes = Object.entries(this.doc.paths).map(([template, item]) => {
      const names: string[] = [];
      const pattern = template
        .split(/(\{[A-Za-z]+\})/)
        .map((part) => {
          const m = /^\{([A-Za-z]+)\}$/.exec(part);
          if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          names.push(m[1]!);
          return '([^/]+)';
        })
        .join('');
      const ops: Record<string, Operation> = {};
      for (const m of METHODS) if (item[m]) ops[m] = item[m];
      return { regex: new RegExp(`^${pattern}$`), names, template, ops };
    });
  }

  validate(req: ApiRequest): Validation {
    const route = this.routes.find((r) => r.regex.test(req.path));
    if (!route) return { ok: false, status: 404, message: `The requested resource ${req.path} was not found` };
    const method = req.method.toLowerCase();
    const op = route.ops[method];
    if (!op) return { ok: false, status: 405, message: `Method ${req.method} is not allowed on ${route.template}` };
    const values = route.regex.exec(req.path)!.slice(1).map(decodeURIComponent);
    const pathParams = Object.fromEntries(route.names.map((n, i) => [n, values[i]!]));

    const check = this.requestValidator(route.template, method, op);
    const data = { path: { ...pathParams }, query: { ...req.query }, form: { ...req.form } };
    if (!check(data)) {
      const problems = (check.errors ?? []).map(
        (e) => `${e.instancePath.replace(/^\//, '') || 'request'} ${e.message}`,
      );
      return { ok: false, status: 400, message: `Invalid request: ${problems.join('; ')}` };
    }
    return { ok: true, op: { template: route.template, method, operationId: op.operationId, pathParams } };
  }

  /** Whether `body` is what Twilio's description says the operation answers with `status` (tests). */
  validateResponse(op: MatchedOperation, status: number, body: unknown): string[] {
    const schema = this.doc.paths[op.template]?.[op.method]?.responses[String(status)]?.content?.['application/json'];
    if (!schema) return status === 204 ? [] : [`no ${status} response is described for ${op.operationId}`];
    const check = this.responseAjv.compile(rebase(schema.schema));
    return check(body) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  }

  private requestValidator(template: string, method: string, op: Operation): ValidateFunction {
    const key = `${method} ${template}`;
    const known = this.compiled.get(key);
    if (known) return known;
    const section = (where: 'path' | 'query') => {
      const ps = (op.parameters ?? []).filter((p) => p.in === where);
      return {
        type: 'object',
        properties: Object.fromEntries(ps.map((p) => [p.name, rebase(p.schema)])),
        required: ps.filter((p) => p.required).map((p) => p.name),
      };
    };
    const form = op.requestBody?.content[FORM]?.schema;
    const fn = this.ajv.compile({
      type: 'object',
      properties: {
        path: section('path'),
        query: section('query'),
        form: form ? rebase(form) : { type: 'object', maxProperties: 0 },
      },
    });
    this.compiled.set(key, fn);
    return fn;
  }
}

/** Points the description's local $refs (#/components/…) at the schema registered as `twilio`. */
function rebase(schema: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(schema).replace(/"\$ref":"#\/components\//g, '"$ref":"twilio#/components/'),
  ) as Record<string, unknown>;
}
