import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log/logger.ts';
import { type App, createHttpServer } from './createHttpServer.ts';
import { HttpError } from './httpError.ts';

const envelope = {
  render: (e: HttpError, requestId: string) => ({
    error: {
      code: e.code,
      message: e.message,
      request_id: requestId,
      ...(e.extra.details ? { details: e.extra.details } : {}),
    },
  }),
};

describe('http kit', () => {
  let app: App;
  beforeAll(async () => {
    app = await createHttpServer({
      logger: createLogger({ level: 'silent' }),
      envelope,
      requestIdPrefix: 'req',
      bodyLimit: 1024,
      rateLimit: { max: 1000, timeWindowMs: 60_000 },
      openapi: { path: '/openapi.json', info: { title: 't', version: '2026-10-01' } },
    });
    app.post(
      '/things',
      {
        schema: {
          body: Type.Object(
            {
              amount: Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,6})?$' }),
              name: Type.String({ minLength: 1, maxLength: 5 }),
              tags: Type.Optional(Type.Array(Type.String({ maxLength: 2 }))),
            },
            { additionalProperties: false },
          ),
          querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }),
        },
      },
      async (req, reply) => reply.code(201).send({ ok: true, body: req.body, limit: req.query.limit ?? null }),
    );
    app.get(
      '/things/:id',
      {
        schema: {
          params: Type.Object({ id: Type.String({ maxLength: 40 }) }),
          querystring: Type.Object({
            q: Type.Optional(Type.String()),
            from: Type.Optional(Type.String({ format: 'date-time' })),
          }),
        },
      },
      async (req) => ({ id: req.params.id }),
    );
    app.get('/boom', async () => {
      throw new Error('secret internals');
    });
    app.get('/forbidden', async () => {
      throw new HttpError(403, 'FORBIDDEN', 'no');
    });
    app.get('/limited', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('accepts a valid body and coerces query strings', async () => {
    const r = await app.inject({ method: 'POST', url: '/things?limit=5', payload: { amount: '1.5', name: 'ab' } });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ ok: true, limit: 5 });
    expect(r.headers['request-id']).toMatch(/^req_/);
  });

  it('names every failing field in one 400', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/things?limit=0',
      payload: { amount: 12, name: '', tags: ['abc'], extra: 1 },
    });
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    const paths = body.error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['amount', 'name', 'tags[0]', 'extra']));
    expect(body.error.request_id).toBe(r.headers['request-id']);
  });

  it('refuses NUL and lone surrogates anywhere in body, path and query, naming the field', async () => {
    const body = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"amount":"1","name":"a\\u0000","tags":["\\ud800"],"meta":{"k\\u0000":"x"}}',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().error.code).toBe('VALIDATION_FAILED');
    expect(body.json().error.details).toEqual([
      { path: 'name', message: 'must not contain the NUL character (U+0000)' },
      { path: 'tags[0]', message: 'must not contain a lone UTF-16 surrogate (U+D800 to U+DFFF)' },
      { path: 'meta.k\\u0000', message: 'is a field name that must not contain the NUL character (U+0000)' },
    ]);
    const path = await app.inject({ method: 'GET', url: '/things/a%00b' });
    expect([path.statusCode, path.json().error.details]).toEqual([
      400,
      [{ path: 'id', message: 'must not contain the NUL character (U+0000)' }],
    ]);
    const query = await app.inject({ method: 'GET', url: '/things/x?q=%00' });
    expect([query.statusCode, query.json().error.details[0].path]).toEqual([400, 'q']);
    const pair = await app.inject({ method: 'POST', url: '/things', payload: { amount: '1', name: 'a\ud83d\ude00' } });
    expect(pair.statusCode).toBe(201);
  });

  it('refuses dates outside years 0001-9999 as a validation error', async () => {
    const zero = await app.inject({ method: 'GET', url: '/things/x?from=0000-01-01T00:00:00Z' });
    expect([zero.statusCode, zero.json().error.details[0].path]).toEqual([400, 'from']);
    const ok = await app.inject({ method: 'GET', url: '/things/x?from=0001-01-01T00:00:00Z' });
    expect(ok.statusCode).toBe(200);
    const bad = await app.inject({ method: 'GET', url: '/things/x?from=2026-02-30T00:00:00Z' });
    expect(bad.statusCode).toBe(400);
  });

  it('reports a missing field and invalid JSON in the envelope', async () => {
    const r = await app.inject({ method: 'POST', url: '/things', payload: { amount: '1' } });
    expect(r.json().error.details).toEqual([{ path: 'name', message: 'is required' }]);
    const bad = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_JSON');
  });

  it('answers 404, 405, 413, 415 and 500 in the envelope', async () => {
    const nf = await app.inject({ method: 'GET', url: '/nope' });
    expect([nf.statusCode, nf.json().error.code]).toEqual([404, 'NOT_FOUND']);
    const na = await app.inject({ method: 'DELETE', url: '/things' });
    expect([na.statusCode, na.json().error.code, na.headers.allow]).toEqual([405, 'METHOD_NOT_ALLOWED', 'POST']);
    const big = await app.inject({ method: 'POST', url: '/things', payload: { amount: '1', name: 'x'.repeat(2000) } });
    expect([big.statusCode, big.json().error.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const media = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect([media.statusCode, media.json().error.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const boom = await app.inject({ method: 'GET', url: '/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.body).not.toContain('secret internals');
    const fb = await app.inject({ method: 'GET', url: '/forbidden' });
    expect([fb.statusCode, fb.json().error.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('logs an unexpected error at error level with its stack, and a 5xx a route chose (503) without one', async () => {
    const lines: { level: number; msg: string; err?: { stack?: string } }[] = [];
    const logged = await createHttpServer({
      logger: createLogger({ level: 'info', destination: { write: (l: string) => void lines.push(JSON.parse(l)) } }),
      envelope,
      requestIdPrefix: 'req',
      rateLimit: false,
      openapi: { path: '/openapi.json', info: { title: 't', version: '1' } },
    });
    logged.get('/unavailable', async () => {
      throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'not offered');
    });
    logged.get('/boom', async () => {
      throw new Error('bug');
    });
    expect((await logged.inject({ method: 'GET', url: '/unavailable' })).statusCode).toBe(503);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ level: 30 });
    expect((await logged.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    const errors = lines.filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.err?.stack).toContain('bug');
    await logged.close();
  });

  it('rate limits with 429 in the envelope and a Retry-After', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await app.inject({ method: 'GET', url: '/limited' })).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const r = await app.inject({ method: 'GET', url: '/limited' });
    expect(r.json().error.code).toBe('RATE_LIMITED');
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('serves OpenAPI 3.1 from the route schemas and Prometheus metrics', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2026-10-01');
    expect(doc.paths['/things'].post).toBeDefined();
    const m = await app.inject({ method: 'GET', url: '/metrics' });
    expect(m.body).toContain('http_request_duration_seconds_bucket');
  });
});
