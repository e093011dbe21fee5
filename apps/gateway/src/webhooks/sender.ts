// One HTTP POST of a webhook, with the rules of the spec: success is a 2xx answer, complete, within the timeout;
// anything else fails (a redirect is never followed: the 3xx is the answer). Connections go only to addresses the
// SSRF guard vetted in the socket's own lookup, over keep-alive agents kept apart per policy (a socket opened under
// the looser test policy is never reused for a live endpoint).
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { guardedLookup, hostOf, parseWebhookUrl, vetAddress, type Resolver, type UrlPolicy } from './ssrfGuard.ts';

export interface SendResult {
  ok: boolean;
  /** null when no answer arrived. */
  statusCode: number | null;
  latencyMs: number;
  /** First bytes of the answer, at most EXCERPT_BYTES of UTF-8; null without an answer. */
  excerpt: string | null;
  /** Why it failed; null on success. */
  error: string | null;
}

export const EXCERPT_BYTES = 1024;
/** Bytes of an answer read (for the excerpt, and to keep the connection reusable); a longer answer is cut off. */
const MAX_READ_BYTES = 64 * 1024;

export interface WebhookSender {
  send(p: {
    url: string;
    body: string;
    headers: Record<string, string>;
    policy: UrlPolicy;
    timeoutMs: number;
    signal?: AbortSignal;
  }): Promise<SendResult>;
  /** Closes pooled connections. */
  close(): void;
}

export function createWebhookSender(opts: { resolver?: Resolver; maxSocketsPerHost?: number } = {}): WebhookSender {
  const agents = new Map<string, http.Agent>();
  const agentFor = (protocol: string, policy: UrlPolicy): http.Agent => {
    const key = `${protocol}|${policy.allowHttp}|${policy.allowLoopback}`;
    let agent = agents.get(key);
    if (!agent) {
      const o = {
        keepAlive: true,
        maxSockets: opts.maxSocketsPerHost ?? 64,
        maxFreeSockets: 64,
        scheduling: 'lifo' as const,
      };
      agent = protocol === 'https:' ? new https.Agent(o) : new http.Agent(o);
      agents.set(key, agent);
    }
    return agent;
  };
  const lookups = new Map<string, ReturnType<typeof guardedLookup>>();
  const lookupFor = (policy: UrlPolicy) => {
    const key = `${policy.allowHttp}|${policy.allowLoopback}`;
    let l = lookups.get(key);
    if (!l) lookups.set(key, (l = guardedLookup(policy, opts.resolver)));
    return l;
  };

  return {
    send({ url: raw, body, headers, policy, timeoutMs, signal }) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const fail = (error: string, statusCode: number | null = null, excerpt: string | null = null): SendResult => ({
        ok: false,
        statusCode,
        latencyMs: elapsed(),
        excerpt,
        error,
      });
      let url: URL;
      try {
        url = parseWebhookUrl(raw, policy);
        const host = hostOf(url);
        // Node connects to an IP literal without calling `lookup`: vet it here.
        if (isIP(host)) vetAddress(host, policy);
      } catch (err) {
        return Promise.resolve(fail((err as Error).message));
      }
      return new Promise<SendResult>((resolve) => {
        let settled = false;
        const finish = (r: SendResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(r);
        };
        const mod = url.protocol === 'https:' ? https : http;
        const req = mod.request(
          {
            protocol: url.protocol,
            hostname: hostOf(url),
            port: url.port || undefined,
            path: `${url.pathname}${url.search}`,
            method: 'POST',
            agent: agentFor(url.protocol, policy),
            lookup: lookupFor(policy),
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            let read = 0;
            res.on('data', (c: Buffer) => {
              if (read < MAX_READ_BYTES) chunks.push(c);
              read += c.length;
              if (read > MAX_READ_BYTES) res.destroy(); // enough for the excerpt; do not buffer an endless answer
            });
            const done = () => {
              const status = res.statusCode ?? 0;
              const excerpt = excerptOf(Buffer.concat(chunks));
              if (status >= 200 && status < 300) {
                finish({ ok: true, statusCode: status, latencyMs: elapsed(), excerpt, error: null });
              } else if (status >= 300 && status < 400) {
                const to = res.headers.location ? ` to ${String(res.headers.location).slice(0, 200)}` : '';
                finish(fail(`redirect (HTTP ${status})${to} not followed`, status, excerpt));
              } else {
                finish(fail(`HTTP ${status}`, status, excerpt));
              }
            };
            res.on('end', done);
            res.on('error', (err: NodeJS.ErrnoException) => finish(fail(describe(err), res.statusCode ?? null)));
            // Cut off on purpose after MAX_READ_BYTES, or the peer closed mid-body: judge by the status line.
            res.on('close', () => {
              if (!res.complete && read > MAX_READ_BYTES) done();
              else if (!res.complete)
                finish(fail('connection closed before the answer was complete', res.statusCode ?? null));
            });
          },
        );
        // The outcome is settled first, then the request torn down: whatever event the teardown emits comes later.
        const timer = setTimeout(() => {
          finish(fail(`timed out after ${timeoutMs} ms`));
          req.destroy();
        }, timeoutMs);
        const onAbort = () => {
          finish(fail('attempt aborted (worker stopping or lease lost)'));
          req.destroy();
        };
        if (signal?.aborted) onAbort();
        else signal?.addEventListener('abort', onAbort, { once: true });
        req.on('error', (err: NodeJS.ErrnoException) => finish(fail(describe(err))));
        req.end(body);
      });
    },
    close() {
      for (const a of agents.values()) a.destroy();
      agents.clear();
    },
  };
}

function describe(err: NodeJS.ErrnoException): string {
  return (err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message).slice(0, 500);
}

/**
 * At most EXCERPT_BYTES of UTF-8 from the start of `buf`, cut at a character boundary; NUL (which PostgreSQL text
 * cannot hold) and undecodable bytes become U+FFFD, which counts as the three bytes it takes.
 */
export function excerptOf(buf: Buffer): string {
  const text = new TextDecoder('utf-8', { fatal: false })
    .decode(buf.subarray(0, EXCERPT_BYTES + 4))
    .replace(/\0/g, '\uFFFD');
  let bytes = 0;
  let end = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > EXCERPT_BYTES) break;
    bytes += n;
    end += ch.length;
  }
  return text.slice(0, end);
}
