// The event stream's reconnect policy against a scripted server: what can pass is retried, a refusal ends it.
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { TenderConnectionError, TenderError } from './errors.ts';
import { followEvents } from './eventStream.ts';
import { Transport } from './transport.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** Serves the n-th request (0-based) with `script[n]` (the last one repeats); returns the base URL and the count. */
async function scripted(script: ((res: ServerResponse) => void)[]) {
  const seen = { requests: 0, lastEventIds: [] as (string | undefined)[] };
  server = createServer((req, res) => {
    seen.lastEventIds.push(req.headers['last-event-id'] as string | undefined);
    script[Math.min(seen.requests++, script.length - 1)]!(res);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { baseUrl: `http://127.0.0.1:${port}`, seen };
}

const envelope = (res: ServerResponse, status: number, code: string, message: string) =>
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { type: 'authentication_error', code, message, request_id: 'req_1' } }));
const stream = (res: ServerResponse, body: string) =>
  res.writeHead(200, { 'content-type': 'text/event-stream' }).end(`: connected\n\n${body}`);

describe('following the event stream', () => {
  it('retries a 503, resumes after the last event, and stops at a 401 without trying again', async () => {
    const { baseUrl, seen } = await scripted([
      (res) => envelope(res, 503, 'SERVICE_UNAVAILABLE', 'starting'),
      (res) =>
        stream(
          res,
          'id: evt_1\nevent: payment.completed\ndata: {"id":"evt_1"}\n\n: closed: INVALID_API_KEY: This API key has been revoked\n\n',
        ),
      (res) => envelope(res, 401, 'INVALID_API_KEY', 'This API key has been revoked'),
    ]);
    const t = new Transport({ apiKey: 'sk_test_x', baseUrl });
    const got: string[] = [];
    const error = await (async () => {
      for await (const e of followEvents<{ id: string }>(t, { backoffMs: () => 1 })) got.push(e.id);
    })().then(
      () => null,
      (err: unknown) => err,
    );
    expect(got).toEqual(['evt_1']);
    expect(error).toBeInstanceOf(TenderError);
    expect(error).toMatchObject({ status: 401, code: 'INVALID_API_KEY' });
    expect(seen.requests).toBe(3);
    expect(seen.lastEventIds).toEqual([undefined, undefined, 'evt_1']);
  });

  it('stops at once on a 403', async () => {
    const { baseUrl, seen } = await scripted([(res) => envelope(res, 403, 'PERMISSION_DENIED', 'no read')]);
    const t = new Transport({ apiKey: 'sk_test_x', baseUrl });
    await expect(followEvents(t, { backoffMs: () => 1 }).next()).rejects.toMatchObject({
      status: 403,
      code: 'PERMISSION_DENIED',
    });
    expect(seen.requests).toBe(1);
  });

  it('gives up with backoff on a server that keeps closing the stream at once, instead of looping', async () => {
    const { baseUrl, seen } = await scripted([(res) => stream(res, '')]);
    const t = new Transport({ apiKey: 'sk_test_x', baseUrl });
    const delays: number[] = [];
    await expect(
      followEvents(t, {
        backoffMs: (n) => {
          delays.push(n);
          return 1;
        },
      }).next(),
    ).rejects.toBeInstanceOf(TenderConnectionError);
    expect(seen.requests).toBe(9);
    expect(delays).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
