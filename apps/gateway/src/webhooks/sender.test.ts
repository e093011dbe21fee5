import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender, type AbortHook } from './sender.ts';
import { urlPolicy } from './ssrfGuard.ts';

/** A receiver that answers each POST 200 after `delayMs`, counting how many it holds at once. */
describe('webhook sender: connections per host', () => {
  let server: http.Server;
  let port = 0;
  let open = 0;
  let peak = 0;
  let received: string[] = [];
  const delayMs = 150;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push(body);
        open++;
        peak = Math.max(peak, open);
        setTimeout(() => {
          open--;
          res.end('ok');
        }, delayMs);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    // The HTTP client's one-off start in this process (undici compiles its WebAssembly parser on the first
    // connection), so that the latencies below are exchanges only.
    const warm = createWebhookSender();
    await send(warm, 'warm-up');
    warm.close();
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const send = (sender: ReturnType<typeof createWebhookSender>, body: string, abort?: AbortHook) =>
    sender.send({
      url: `http://127.0.0.1:${port}/hook`,
      body,
      headers: { 'content-type': 'application/json' },
      policy: urlPolicy('test', true),
      // Longer than one answer, shorter than the wait of the last ones: waiting must not count.
      timeoutMs: delayMs * 3,
      ...(abort ? { abort } : {}),
    });

  it('holds attempts beyond the limit before sending them: none times out waiting, latency is the exchange only', async () => {
    received = [];
    peak = 0;
    const sender = createWebhookSender({ maxSocketsPerHost: 2 });
    try {
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const r = await send(sender, `{"n":${i}}`);
          return { ...r, elapsedMs: performance.now() - started };
        }),
      );
      expect(results.map((r) => r.ok)).toEqual(Array(8).fill(true));
      expect(peak).toBe(2);
      // The last two waited for three rounds of two answers, each at least delayMs (a timer never fires early):
      // that wait is in their elapsed time and not in their latency, however slow the machine.
      for (const r of results.slice(6)) expect(r.elapsedMs - r.latencyMs).toBeGreaterThanOrEqual(delayMs * 3 - 5);
      // In arrival order.
      expect(received).toEqual(Array.from({ length: 8 }, (_, i) => `{"n":${i}}`));
    } finally {
      sender.close();
    }
  });

  it('an attempt called off while it waits is never sent, and frees nothing it did not hold', async () => {
    received = [];
    const sender = createWebhookSender({ maxSocketsPerHost: 1 });
    let callOff: (() => void) | undefined;
    const hook: AbortHook = {
      aborted: false,
      onAbort: (l) => {
        callOff = l;
        return () => (callOff = undefined);
      },
    };
    try {
      const first = send(sender, 'first');
      const second = send(sender, 'second', hook);
      const third = send(sender, 'third');
      callOff?.();
      const [a, b, c] = await Promise.all([first, second, third]);
      expect(a.ok).toBe(true);
      expect(b).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/aborted/) });
      expect(c.ok).toBe(true);
      expect(received).toEqual(['first', 'third']);
    } finally {
      sender.close();
    }
  });
});

/** Answers that end badly or never end: the sender reads what it needs and judges by the status line. */
describe('webhook sender: answers', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/endless') {
          // 200 and a body that never ends: 16 KiB chunks until the client goes away.
          res.writeHead(200, { 'content-type': 'text/plain' });
          const chunk = 'x'.repeat(16 * 1024);
          const pump = () => {
            while (!res.destroyed && res.write(chunk));
            if (!res.destroyed) res.once('drain', pump);
          };
          pump();
        } else if (req.url === '/cut') {
          // Promises 100 bytes, sends 10, then drops the connection.
          res.writeHead(200, { 'content-length': '100' });
          res.write('0123456789', () => res.socket?.destroy());
        } else if (req.url === '/redirect') {
          res.writeHead(307, { location: 'http://10.0.0.1/internal' }).end('moved');
        } else {
          res.writeHead(500).end('boom');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const send = (sender: ReturnType<typeof createWebhookSender>, path: string) =>
    sender.send({
      url: `http://127.0.0.1:${port}${path}`,
      body: '{}',
      headers: { 'content-type': 'application/json' },
      policy: urlPolicy('test', true),
      timeoutMs: 30_000,
    });

  it('an endless 2xx answer is cut off after its first bytes and succeeds by its status line', async () => {
    const sender = createWebhookSender();
    try {
      const r = await send(sender, '/endless');
      expect(r).toMatchObject({ ok: true, statusCode: 200, error: null });
      expect(r.excerpt).toBe('x'.repeat(1024));
    } finally {
      sender.close();
    }
  });

  it('an answer whose connection drops mid-body fails with its status', async () => {
    const sender = createWebhookSender();
    try {
      const r = await send(sender, '/cut');
      expect(r).toMatchObject({
        ok: false,
        statusCode: 200,
        error: 'connection closed before the answer was complete',
      });
    } finally {
      sender.close();
    }
  });

  it('a redirect is the answer, never followed; a 5xx fails with its excerpt', async () => {
    const sender = createWebhookSender();
    try {
      expect(await send(sender, '/redirect')).toMatchObject({
        ok: false,
        statusCode: 307,
        excerpt: 'moved',
        error: 'redirect (HTTP 307) to http://10.0.0.1/internal not followed',
      });
      expect(await send(sender, '/fail')).toMatchObject({
        ok: false,
        statusCode: 500,
        excerpt: 'boom',
        error: 'HTTP 500',
      });
    } finally {
      sender.close();
    }
  });
});
