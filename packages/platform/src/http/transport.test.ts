import { connect } from 'node:net';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../log/logger.ts';
import { type App, createHttpServer } from './createHttpServer.ts';
import { parseTrustProxy, type HttpTransport } from './httpConfig.ts';
import type { HttpError } from './httpError.ts';

// The listening server's edges: timeouts against a client that stops halfway, the HTTP parser's own errors, and
// which client address rate limits key on behind a proxy. Real sockets where the parser is involved.

const envelope = {
  render: (e: HttpError, requestId: string) => ({ error: { code: e.code, message: e.message, request_id: requestId } }),
};

async function server(transport: Partial<HttpTransport>, rateLimit = { max: 2, timeWindowMs: 60_000 }): Promise<App> {
  const app = await createHttpServer({
    logger: createLogger({ level: 'silent' }),
    envelope,
    requestIdPrefix: 'req',
    rateLimit,
    transport,
    openapi: { path: '/openapi.json', info: { title: 't', version: '1' } },
  });
  app.post('/echo', { schema: { body: Type.Object({ a: Type.String() }) } }, async (req) => req.body);
  app.get('/things/:id', async (req) => ({ id: (req.params as { id: string }).id }));
  app.get('/ip', { config: { rateLimit: false } }, async (req) => ({ ip: req.ip }));
  app.get('/limited', async () => ({ ok: true }));
  return app;
}

/** Sends raw bytes, collects everything the server writes until it closes the connection. */
function raw(port: number, data: string, timeoutMs = 10_000): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const guard = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection still open after ${timeoutMs} ms; got ${JSON.stringify(text)}`));
    }, timeoutMs);
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ text, ms: Date.now() - started });
    });
    socket.write(data);
  });
}

function parse(text: string) {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const status = Number(head.split(' ')[1]);
  const requestId = /request-id: (\S+)/i.exec(head)?.[1];
  return { status, requestId, body: JSON.parse(body) as { error: { code: string; request_id: string } } };
}

describe('listening server', () => {
  let app: App;
  let port: number;
  beforeAll(async () => {
    // The header timeout is left at its default (10 s): it is capped by the shorter request timeout.
    app = await server({ requestTimeoutMs: 1000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('closes a connection whose body stops halfway within the request timeout, answering 408 in the envelope', async () => {
    const r = await raw(
      port,
      'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":"half',
    );
    expect(r.ms).toBeLessThan(3000);
    const p = parse(r.text);
    expect([p.status, p.body.error.code]).toEqual([408, 'REQUEST_TIMEOUT']);
    expect(p.body.error.request_id).toMatch(/^req_/);
    expect(p.requestId).toBe(p.body.error.request_id);
  });

  it('closes a connection whose headers never end', async () => {
    const r = await raw(port, 'GET /ip HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n');
    expect(r.ms).toBeLessThan(3000);
    expect(parse(r.text).body.error.code).toBe('REQUEST_TIMEOUT');
  });

  it('answers oversized headers (431) and unparsable requests (400) in the envelope with a request id', async () => {
    const big = parse((await raw(port, `GET /ip HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`)).text);
    expect([big.status, big.body.error.code]).toEqual([431, 'HEADERS_TOO_LARGE']);
    expect(big.body.error.request_id).toMatch(/^req_/);
    const junk = parse((await raw(port, 'NOT HTTP AT ALL\r\n\r\n')).text);
    expect([junk.status, junk.body.error.code]).toEqual([400, 'BAD_REQUEST']);
    expect(junk.requestId).toBe(junk.body.error.request_id);
  });

  it('answers a malformed URL (400) and an over-long path segment (414) in the envelope with a request id', async () => {
    const bad = await app.inject({ method: 'GET', url: '/things/%E0%A4%A' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'BAD_REQUEST']);
    expect(bad.json().error.request_id).toBe(bad.headers['request-id']);
    const long = await app.inject({ method: 'GET', url: `/things/${'x'.repeat(300)}` });
    expect([long.statusCode, long.json().error.code]).toEqual([414, 'URI_TOO_LONG']);
    expect(long.json().error.request_id).toBe(long.headers['request-id']);
  });

  it('keeps serving ordinary keep-alive requests', async () => {
    const r = await fetch(`http://127.0.0.1:${port}/ip`);
    expect(r.status).toBe(200);
  });
});

describe('trusted proxies', () => {
  const from = (app: App, remoteAddress: string, forwarded: string) =>
    app.inject({ method: 'GET', url: '/limited', remoteAddress, headers: { 'x-forwarded-for': forwarded } });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: every client behind one address shares its bucket', async () => {
    const app = await server({});
    const codes = [];
    for (const client of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      codes.push((await from(app, '10.0.0.1', client)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
    const ip = await app.inject({ method: 'GET', url: '/ip', headers: { 'x-forwarded-for': '9.9.9.9' } });
    expect(ip.json().ip).toBe('127.0.0.1');
    await app.close();
  });

  it('with a hop count, rate limits key on the real client address the proxy forwards', async () => {
    const app = await server({ trustProxy: 1 });
    const codes = [];
    for (const client of ['1.1.1.1', '2.2.2.2', '3.3.3.3'])
      codes.push((await from(app, '10.0.0.1', client)).statusCode);
    expect(codes).toEqual([200, 200, 200]);
    for (let i = 0; i < 2; i++) expect((await from(app, '10.0.0.1', '4.4.4.4')).statusCode).toBe(200);
    expect((await from(app, '10.0.0.1', '4.4.4.4')).statusCode).toBe(429);
    // One hop: a client that forges an extra entry still gets the address the proxy saw.
    expect((await from(app, '10.0.0.1', '6.6.6.6, 5.5.5.5')).statusCode).toBe(200);
    const ip = await app.inject({ method: 'GET', url: '/ip', headers: { 'x-forwarded-for': '6.6.6.6, 5.5.5.5' } });
    expect(ip.json().ip).toBe('5.5.5.5');
    await app.close();
  });

  it('with a CIDR list, only those proxies are believed', async () => {
    const app = await server({ trustProxy: ['10.0.0.0/8'] });
    const trusted = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '7.7.7.7' },
    });
    expect(trusted.json().ip).toBe('7.7.7.7');
    const stranger = await app.inject({
      method: 'GET',
      url: '/ip',
      remoteAddress: '8.8.8.8',
      headers: { 'x-forwarded-for': '7.7.7.7' },
    });
    expect(stranger.json().ip).toBe('8.8.8.8');
    await app.close();
  });

  it('TRUST_PROXY parses false, hop counts and address lists, and refuses true and junk', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,::1')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/hop count/);
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow();
    expect(() => parseTrustProxy('proxy.local')).toThrow();
  });
});
