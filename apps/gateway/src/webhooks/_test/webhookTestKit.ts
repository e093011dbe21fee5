// Shared setup of the webhook tests: a SecretBox with a fixed test key, a programmable receiver on 127.0.0.1 (the
// "merchant's server"), an INDEPENDENT signature check (written from the spec, sharing no code with signature.ts or
// verifyWebhook.ts), and helpers to emit events and run the delivery runner.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { parseKeyRing, SecretBox, type Database } from '@tender/platform';
import type { Principal } from '../../auth/principal.ts';
import type { GatewayContext } from '../../context.ts';
import { emitEvent } from '../../outbox/events.ts';
import { emptyPlugPoints } from '../../plugPoints.ts';
import { fanOutEvent } from '../fanOut.ts';
import { createDeliveryRunner, type DeliveryRunner, type DeliveryRunnerOptions } from '../createDeliveryRunner.ts';
import type { Environment } from '../../tenant.ts';

export const testSecretBox = () => new SecretBox(parseKeyRing(`wt1:${'ab'.repeat(32)}`));

/** The merchant's owner signed in to the dashboard (test mode), for calling domain operations directly. */
export const ownerSession = (merchantId: string): Principal => ({
  merchantId,
  environment: 'test',
  role: 'owner',
  kind: 'session',
  keyId: null,
  sessionId: 'sess_test',
  userId: null,
  ip: null,
});

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  at: number;
}

/** What the receiver does with a request; default: 200 "ok". */
export type Behavior = (req: ReceivedRequest, res: http.ServerResponse) => void;

export interface Receiver {
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** Behaviours for the next requests, in order; after them, `fallback`. */
  queue: Behavior[];
  fallback: Behavior;
  /** Resolves once `n` requests have arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

export const ok: Behavior = (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
export const status =
  (code: number, body = `status ${code}`, headers: Record<string, string> = {}): Behavior =>
  (_req, res) =>
    res.writeHead(code, { 'content-type': 'text/plain', ...headers }).end(body);

export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const sockets = new Set<Socket>();
  const r: Receiver = {
    url: '',
    port: 0,
    requests,
    queue: [],
    fallback: ok,
    async waitFor(n, timeoutMs = 20_000) {
      if (requests.length < n) {
        await new Promise<void>((resolve, reject) => {
          const t = setTimeout(
            () => reject(new Error(`receiver: ${requests.length} of ${n} requests after ${timeoutMs} ms`)),
            timeoutMs,
          );
          waiters.push({
            n,
            resolve: () => {
              clearTimeout(t);
              resolve();
            },
          });
        });
      }
      return requests.slice(0, n);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rec: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      requests.push(rec);
      (r.queue.shift() ?? r.fallback)(rec, res);
      for (const w of [...waiters]) {
        if (requests.length >= w.n) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  r.port = (server.address() as AddressInfo).port;
  r.url = `http://127.0.0.1:${r.port}${path}`;
  return r;
}

/**
 * The receiver side of the spec, written independently of the gateway's code: parse `t=…,v1=…`, recompute
 * HMAC-SHA256(secret, `${t}.${raw body}`) in hex, and compare with each v1. Returns the matching v1 count.
 */
export function independentlyVerify(header: string | string[] | undefined, rawBody: Buffer, secret: string): number {
  if (typeof header !== 'string') return 0;
  const fields = header.split(',').map((kv) => kv.split('=') as [string, string]);
  const t = fields.find(([k]) => k === 't')?.[1];
  if (!t) return 0;
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'));
  mac.update(Buffer.concat([Buffer.from(`${t}.`, 'utf8'), rawBody]));
  const expected = mac.digest('hex');
  return fields.filter(([k, v]) => k === 'v1' && v === expected).length;
}

/** The outbox as the gateway plugs it: webhooks fan out each event (runtime.ts, registerPlugs). */
const OUTBOX_WITH_WEBHOOKS = { plugs: { ...emptyPlugPoints(), outboxSubscribers: [fanOutEvent] } };

/** Emits one outbox event (and so fans it out) in its own transaction, as a payment transition would. */
export function emitTestEvent(
  db: Database,
  tenant: { merchantId: string; environment: Environment },
  type = 'payment.confirmed',
  object: Record<string, unknown> = { id: 'pi_test', object: 'payment_intent', order_reference: 'order-1' },
): Promise<string> {
  return db.tx((tx) =>
    emitEvent(OUTBOX_WITH_WEBHOOKS, tx, {
      merchantId: tenant.merchantId,
      environment: tenant.environment,
      type,
      paymentId: null,
      object,
      createdAt: new Date(),
    }),
  );
}

/** A delivery runner polling fast (retries in tests are milliseconds apart). */
export async function startDeliveryRunner(
  ctx: GatewayContext,
  opts: DeliveryRunnerOptions = {},
): Promise<{ runner: DeliveryRunner; stop(): Promise<void> }> {
  const runner = createDeliveryRunner(ctx, {
    random: () => 0.5,
    pollMs: 20,
    leaseMs: 5_000,
    concurrency: 8,
    logger: { warn: () => {}, error: (obj, msg) => console.error(msg, obj) },
    ...opts,
  });
  await runner.start();
  return {
    runner,
    async stop() {
      await runner.stop({ timeoutMs: 5_000 });
      runner.close();
    },
  };
}

/** Polls `fn` until it returns a value that is not undefined. */
export async function eventually<T>(
  fn: () => Promise<T | undefined>,
  timeoutMs = 20_000,
  what: string | (() => string) = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
