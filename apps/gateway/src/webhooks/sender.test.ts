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
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => send(sender, `{"n":${i}}`)));
      expect(results.map((r) => r.ok)).toEqual(Array(8).fill(true));
      expect(peak).toBe(2);
      for (const r of results) expect(r.latencyMs).toBeLessThan(delayMs * 2);
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
