import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { newId } from '../crypto/ids.ts';
import { isDatabaseUnavailable } from '../db/databaseUnavailable.ts';
import { HttpError, KitErrorCode } from './httpError.ts';
import { DEFAULT_TRANSPORT, type HttpTransport } from './httpConfig.ts';
import { Metrics } from './metrics.ts';
import { lazyChildLoggerFactory } from './lazyChildLogger.ts';
import { unstorableFields } from './storableText.ts';
import { validationDetails, validationMessage } from './validationDetails.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** Each API renders errors in its own envelope; the kit decides status and code, the envelope the body. */
export interface ErrorEnvelope {
  render(err: HttpError, requestId: string): unknown;
}

export interface HttpServerOptions {
  logger: Logger;
  envelope: ErrorEnvelope;
  /** Prefix of generated request ids (`req` gives `req_…`). */
  requestIdPrefix: string;
  /** Response header carrying the request id. */
  requestIdHeader?: string;
  bodyLimit?: number;
  /** Default rate limit per client IP; routes may set their own `config.rateLimit`. False disables. */
  rateLimit?: { max: number; timeWindowMs: number } | false;
  openapi: {
    path: string;
    info: { title: string; version: string; description?: string };
    components?: Record<string, unknown>;
    tags?: { name: string; description?: string }[];
  };
  metrics?: Metrics;
  /** Timeouts and proxy trust of the listening server (see httpConfig.ts); the defaults there when absent. */
  transport?: Partial<HttpTransport>;
}

/**
 * A Fastify server with Tender's conventions: request ids, strict schema validation naming every failing field,
 * every error (401/403/404/405/413/415/429/5xx included) in the API's own envelope, body size limit, rate limits,
 * OpenAPI 3.1 generated from the route schemas, and Prometheus metrics.
 */
export async function createHttpServer(opts: HttpServerOptions): Promise<App & { metrics: Metrics }> {
  const metrics = opts.metrics ?? new Metrics();
  const given: HttpTransport = { ...DEFAULT_TRANSPORT, ...opts.transport };
  // Node refuses a header timeout longer than the request timeout (the request includes its headers).
  const transport = { ...given, headersTimeoutMs: Math.min(given.headersTimeoutMs, given.requestTimeoutMs) };
  // `send` is used by frameworkErrors, which Fastify may call before the handlers below are declared.
  const send = (reply: FastifyReply, req: FastifyRequest, err: HttpError) => {
    for (const [k, v] of Object.entries(err.extra.headers ?? {})) reply.header(k, v);
    return reply.code(err.status).type('application/json; charset=utf-8').send(opts.envelope.render(err, req.id));
  };
  const app = Fastify({
    loggerInstance: opts.logger,
    // Request logging is ours (one line per response, without bodies or headers): see the onResponse hook.
    logController: new LogController({ disableRequestLogging: true }),
    // req.log is made only when something is logged (pino's child per request costs on every request).
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: opts.bodyLimit ?? 1024 * 1024,
    genReqId: () => newId(opts.requestIdPrefix),
    // Whose address a request comes from: the socket's, or (behind trusted proxies only) X-Forwarded-For's. Rate
    // limits key on it, so trusting a proxy that is not there would let any client pick its own bucket.
    trustProxy: typeof transport.trustProxy === 'number' ? trustHops(transport.trustProxy) : transport.trustProxy,
    // A request must arrive whole (headers and body) within requestTimeoutMs and its headers within
    // headersTimeoutMs, or the connection is answered 408 and closed: a client that stops halfway cannot hold a
    // connection. An upgraded WebSocket is no longer a request, so neither applies to it; nor does connectionTimeout
    // (not set), which would close idle sockets, WebSockets included.
    requestTimeout: transport.requestTimeoutMs,
    keepAliveTimeout: transport.keepAliveTimeoutMs,
    http: {
      headersTimeout: transport.headersTimeoutMs,
      // Node checks the two timeouts above on this interval (30 s by default, which would double them).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(transport.headersTimeoutMs / 4))),
    },
    // Errors before routing (a malformed URL, a path parameter over maxParamLength) in the envelope.
    frameworkErrors: (error, req, anyReply) => {
      // The option is generic over every route type; only these four methods are used, the same on all of them.
      const reply = anyReply as unknown as Pick<FastifyReply, 'code' | 'header' | 'type' | 'send'>;
      const err =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new HttpError(414, KitErrorCode.uriTooLong, 'A path segment is longer than 200 characters')
          : new HttpError(400, KitErrorCode.badRequest, 'The URL is malformed (an invalid percent-encoding)');
      return reply
        .code(err.status)
        .header(opts.requestIdHeader ?? 'request-id', req.id)
        .type('application/json; charset=utf-8')
        .send(opts.envelope.render(err, req.id));
    },
    clientErrorHandler: answerClientError(opts),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // JSON only: anything else is a 415 in the envelope rather than a string handed to a route.
  app.removeContentTypeParser('text/plain');

  // Bodies are validated strictly (no type coercion, unknown fields rejected where the schema says so);
  // query strings, params and headers are strings on the wire, so they are coerced.
  const strict = makeAjv(false);
  const coercing = makeAjv('array');
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
  app.setSchemaErrorFormatter((errors, dataVar) => {
    const details = validationDetails(errors, dataVar);
    return new HttpError(400, KitErrorCode.validation, validationMessage(details), { details });
  });

  // A second router, fed every route, answers "which other methods exist for this path?" for 405s.
  const allRoutes = FindMyWay({ ignoreTrailingSlash: false });
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethod[];
    for (const m of methods) {
      if (m === 'HEAD' || allRoutes.hasRoute(m, route.url)) continue;
      allRoutes.on(m, route.url, () => {});
    }
  });

  // Strings that storage can never hold (NUL, lone surrogates) are refused for every route, in body, path and
  // query alike, before any handler runs: a route that charges before it writes (x402) must never take a payment
  // for input it cannot store, and no route may answer a 500 for them.
  // The hooks every request runs are callback hooks, not async ones: no promise per hook and request.
  app.addHook('preValidation', (req, _reply, done) => {
    const details = [...unstorableFields(req.params), ...unstorableFields(req.query), ...unstorableFields(req.body)];
    if (details.length) done(new HttpError(400, KitErrorCode.validation, validationMessage(details), { details }));
    else done();
  });

  const requestIdHeader = opts.requestIdHeader ?? 'request-id';
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(requestIdHeader, req.id);
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.httpDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, seconds);
    req.log.info(
      { method: req.method, route, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });

  app.setErrorHandler((error: FastifyError | HttpError, req, reply) => {
    const err = toHttpError(error);
    // A 5xx that a route chose to answer (503 unavailable, 502 provider failure) is an expected outcome: the
    // response line records it. Only an unexpected error is logged at error level, with its stack.
    if (err.status >= 500 && !(error instanceof HttpError)) req.log.error({ err: error }, 'unhandled error');
    return send(reply, req, err);
  });

  app.setNotFoundHandler((req, reply) => send(reply, req, notFoundError(allRoutes, req)));

  if (opts.rateLimit !== false) {
    const rl = opts.rateLimit ?? { max: 600, timeWindowMs: 60_000 };
    await app.register(rateLimit, {
      global: true,
      max: rl.max,
      timeWindow: rl.timeWindowMs,
      // Thrown from a hook, so it reaches the error handler and the envelope like any other error.
      errorResponseBuilder: (_req, ctx) =>
        new HttpError(429, KitErrorCode.rateLimited, `Too many requests; retry after ${Math.ceil(ctx.ttl / 1000)} s`, {
          headers: { 'retry-after': String(Math.ceil(ctx.ttl / 1000)) },
        }),
    });
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: opts.openapi.info,
      components: opts.openapi.components ?? {},
      ...(opts.openapi.tags ? { tags: opts.openapi.tags } : {}),
    },
    hideUntagged: false,
  });
  app.get(opts.openapi.path, { schema: { hide: true }, config: { rateLimit: false } }, async () => app.swagger());
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (_req, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });

  return Object.assign(app, { metrics }) as unknown as App & { metrics: Metrics };
}

/** Errors of the HTTP parser itself (no request object exists yet): answered on the socket in the envelope. */
function answerClientError(opts: HttpServerOptions) {
  return (err: NodeJS.ErrnoException, socket: Duplex) => {
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const id = newId(opts.requestIdPrefix);
    const e = clientError(err);
    if (socket.writable) {
      const body = JSON.stringify(opts.envelope.render(e, id));
      socket.write(
        `HTTP/1.1 ${e.status} ${STATUS_CODES[e.status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n${opts.requestIdHeader ?? 'request-id'}: ${id}\r\n` +
          `Connection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

/** 405 with Allow when other methods exist for the path (asked of the router of every route), 404 otherwise. */
function notFoundError(allRoutes: ReturnType<typeof FindMyWay>, req: FastifyRequest): HttpError {
  const path = req.url.split('?')[0] ?? '/';
  const allowed = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter(
    (m) => m !== req.method && allRoutes.find(m as HTTPMethod, path),
  );
  if (allowed.length) {
    return new HttpError(
      405,
      KitErrorCode.methodNotAllowed,
      `${req.method} is not allowed on ${path}; use ${allowed.join(', ')}`,
      {
        headers: { allow: allowed.join(', ') },
      },
    );
  }
  return new HttpError(404, KitErrorCode.notFound, `No route ${req.method} ${path}`);
}

function makeAjv(coerceTypes: false | 'array') {
  const ajv = new Ajv({
    allErrors: true,
    verbose: true,
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  addFormats.default(ajv);
  // PostgreSQL has no year 0 (ISO 0000 is 1 BC) and the APIs speak of real instants: a date outside years
  // 0001-9999 is a validation error, never a database error.
  const dateTime = ajv.formats['date-time'];
  const date = ajv.formats.date;
  ajv.addFormat('date-time', { type: 'string', validate: (s: string) => inYears(s) && checks(dateTime, s) });
  ajv.addFormat('date', { type: 'string', validate: (s: string) => inYears(s) && checks(date, s) });
  return ajv;
}

function inYears(s: string): boolean {
  return /^\d{4}-/.test(s) && s.slice(0, 4) !== '0000';
}

/** Runs an ajv-formats definition (a regex, a function or an object with `validate`). */
function checks(format: unknown, s: string): boolean {
  if (!format) return true;
  if (format instanceof RegExp) return format.test(s);
  if (typeof format === 'function') return Boolean((format as (s: string) => boolean)(s));
  const v = (format as { validate?: unknown }).validate;
  if (v instanceof RegExp) return v.test(s);
  return typeof v === 'function' ? Boolean((v as (s: string) => boolean)(s)) : true;
}

/** Trusts the last `hops` proxies: X-Forwarded-For is read from the right, `hops` entries deep. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** An HTTP parser error (before any request exists) as a kit error. */
function clientError(err: NodeJS.ErrnoException): HttpError {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new HttpError(408, KitErrorCode.requestTimeout, 'The request did not arrive in time; send it whole');
    case 'HPE_HEADER_OVERFLOW':
      return new HttpError(431, KitErrorCode.headersTooLarge, 'The request line and headers are larger than 16 KiB');
    default:
      return new HttpError(400, KitErrorCode.badRequest, 'The request is not valid HTTP/1.1');
  }
}

/** Maps everything Fastify and its plugins throw onto the kit's codes. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const e = error as FastifyError;
  if (e.validation) {
    const details = validationDetails(e.validation, e.validationContext ?? 'body');
    return new HttpError(400, KitErrorCode.validation, validationMessage(details), { details });
  }
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, KitErrorCode.payloadTooLarge, 'Request body is larger than the limit');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, KitErrorCode.unsupportedMediaType, 'Content-Type must be application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError(400, KitErrorCode.invalidJson, 'Body is empty but Content-Type is application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, KitErrorCode.invalidJson, 'Body is not valid JSON');
  }
  if (e instanceof SyntaxError || (e.statusCode === 400 && /JSON/i.test(e.message))) {
    return new HttpError(400, KitErrorCode.invalidJson, 'Body is not valid JSON');
  }
  if (e.statusCode === 429) return new HttpError(429, KitErrorCode.rateLimited, 'Too many requests');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return new HttpError(e.statusCode, 'BAD_REQUEST', e.message);
  }
  // No database connection within the connect timeout: the service, not the request, is at fault, and a retry in a
  // moment may well succeed.
  if (isDatabaseUnavailable(error)) {
    return new HttpError(503, KitErrorCode.serviceUnavailable, 'The database is not reachable now; retry shortly', {
      headers: { 'retry-after': '2' },
    });
  }
  return new HttpError(500, KitErrorCode.internal, 'An internal error occurred; it has been logged');
}
