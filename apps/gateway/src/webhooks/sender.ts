// One HTTP POST of a webhook, with the rules of the spec: success is a 2xx answer, complete, within the timeout;
// anything else fails (a redirect is never followed: the 3xx is the answer). Connections go only to addresses the
// SSRF guard vetted in the socket's own lookup, over keep-alive connection pools kept apart per policy (a connection
// opened under the looser test policy is never reused for a live endpoint).
//
// The client is undici's dispatcher (an Agent per policy: one keep-alive Pool per receiving origin), driven through
// its handler interface, not node:http: bench/webhooks/clients.ts measured 117 µs of CPU per POST with node:http's
// keep-alive Agent against 78 µs with undici, and the sending process's CPU is what a delivery costs. undici follows
// no redirect unless asked (no redirect interceptor here), and its sockets are net/tls sockets opened with the
// guard's `lookup`, exactly as node:http's were.
import { performance } from 'node:perf_hooks';
import type { IncomingHttpHeaders } from 'node:http';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import {
  guardedLookup,
  hostOf,
  parseWebhookUrl,
  vetAddress,
  WebhookUrlError,
  type Resolver,
  type UrlPolicy,
} from './ssrfGuard.ts';

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
    /** Calls the attempt off (runner stopping, lease lost). A delivery run fits. */
    abort?: AbortHook;
  }): Promise<SendResult>;
  /**
   * An attempt to `url` made now would wait longer than `maxWaitMs` for a connection to its host: the attempts
   * already waiting there, times the host's recent exchange time, over its connections. One slow host must not hold
   * every delivery slot of a worker while other merchants' deliveries wait behind it: a caller with other work
   * should give this attempt back for a while (the delivery worker hands the delivery back). A fast host with a long queue is
   * not crowded. False for a URL that would fail anyway.
   */
  crowded(url: string, policy: UrlPolicy): boolean;
  /** Closes pooled connections. */
  close(): void;
}

/**
 * What an attempt watches for being called off: a delivery run fits. Not an AbortSignal on purpose: creating one and
 * adding a listener costs ~10 µs and GC pressure per delivery (measured in bench/webhooks).
 */
export interface AbortHook {
  readonly aborted: boolean;
  onAbort(listener: () => void): () => void;
}

export function createWebhookSender(
  opts: { resolver?: Resolver; maxSocketsPerHost?: number; maxWaitMs?: number } = {},
): WebhookSender {
  const maxPerHost = opts.maxSocketsPerHost ?? 64;
  const maxWaitMs = opts.maxWaitMs ?? 1_000;
  // Everything per policy (allowHttp, allowLoopback): sockets opened under the looser test policy are never reused
  // for a live endpoint, and a URL vetted under one policy says nothing of another.
  const perPolicy = new Map<string, PolicyTools>();
  const toolsFor = (policy: UrlPolicy): PolicyTools => {
    const key = `${policy.allowHttp}|${policy.allowLoopback}`;
    let t = perPolicy.get(key);
    if (!t) {
      const lookup = guardedLookup(policy, opts.resolver);
      t = {
        policy,
        // Pipelining 1: one request at a time per connection, as node:http. Every socket resolves through the
        // guard's lookup (net.connect / tls.connect take it from `connect`).
        agent: new Agent({ connections: maxPerHost, pipelining: 1, connect: { lookup } }),
        lookup,
        targets: new Map(),
        gates: new Map(),
        exchangeMs: new Map(),
      };
      perPolicy.set(key, t);
    }
    return t;
  };

  return {
    send({ url, body, headers, policy, timeoutMs, abort }) {
      const tools = toolsFor(policy);
      let target: Target;
      try {
        target = targetFor(tools, url);
      } catch (err) {
        return Promise.resolve(new Attempt().fail((err as Error).message));
      }
      if (abort?.aborted) return Promise.resolve(new Attempt().fail(ABORTED));
      // undici sets content-length from the string body and host from the origin.
      const options: Dispatcher.DispatchOptions = {
        origin: target.origin,
        path: target.path,
        method: 'POST',
        headers,
        body,
      };
      const gate = gateOf(tools, target.hostKey, maxPerHost);
      return new Promise<SendResult>((resolve) => {
        const attempt = new Attempt(resolve, gate);
        if (abort) attempt.unsubscribe = abort.onAbort(() => attempt.cancel(ABORTED));
        attempt.enter(() => attempt.dispatch(tools.agent, options, timeoutMs));
      });
    },
    crowded(url, policy) {
      const tools = toolsFor(policy);
      let target: Target;
      try {
        target = targetFor(tools, url);
      } catch {
        return false;
      }
      const waiting = tools.gates.get(target.hostKey)?.waitingCount ?? 0;
      return (waiting / maxPerHost) * (tools.exchangeMs.get(target.hostKey) ?? 0) > maxWaitMs;
    },
    close() {
      // Closes every connection now; attempts still running end with an error (their outcome is the caller's).
      for (const t of perPolicy.values()) t.agent.destroy().catch(() => {});
      perPolicy.clear();
    },
  };
}

interface Target {
  /** scheme://host[:port], as undici keys its pools. */
  origin: string;
  path: string;
  /** Names the receiving host's gate. */
  hostKey: string;
}

interface PolicyTools {
  policy: UrlPolicy;
  agent: Agent;
  lookup: LookupFunction;
  /** Parsed and vetted URLs, bounded; see targetFor. */
  targets: Map<string, Target | WebhookUrlError>;
  gates: Map<string, HostGate>;
  /** Recent time of one exchange per host (moving average, ms), kept while its gate is idle; bounded. */
  exchangeMs: Map<string, number>;
}

/** The receiving host's gate: made on first use, forgotten when idle. */
function gateOf(tools: PolicyTools, hostKey: string, max: number): HostGate {
  let g = tools.gates.get(hostKey);
  if (!g) {
    g = new HostGate(
      max,
      () => tools.gates.delete(hostKey),
      (ms) => {
        const before = tools.exchangeMs.get(hostKey);
        if (before === undefined && tools.exchangeMs.size >= 10_000) tools.exchangeMs.clear();
        tools.exchangeMs.set(hostKey, before === undefined ? ms : before + (ms - before) / 8);
      },
    );
    tools.gates.set(hostKey, g);
  }
  return g;
}

/**
 * A webhook URL parsed and vetted under the tools' policy, cached: the outcome depends only on the URL text and the
 * policy (names are vetted again in every connection's lookup, so caching the parse does not cache a DNS answer).
 */
function targetFor(tools: PolicyTools, raw: string): Target {
  let t = tools.targets.get(raw);
  if (t === undefined) {
    try {
      const url = parseWebhookUrl(raw, tools.policy);
      const host = hostOf(url);
      // Node connects to an IP literal without calling `lookup`: vet it here.
      if (isIP(host)) vetAddress(host, tools.policy);
      const https = url.protocol === 'https:';
      t = {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        hostKey: `${https}|${host}|${url.port}`,
      };
    } catch (err) {
      if (!(err instanceof WebhookUrlError)) throw err;
      t = err;
    }
    if (tools.targets.size >= 10_000) tools.targets.clear();
    tools.targets.set(raw, t);
  }
  if (t instanceof WebhookUrlError) throw t;
  return t;
}

const ABORTED = 'attempt aborted (worker stopping or lease lost)';

/**
 * At most `max` attempts at once to one receiving host; the others wait here in arrival order, before their request
 * exists. A worker has more deliveries in flight than a host gets connections: waiting in the HTTP agent's queue
 * instead would start the 10 s timeout (and the logged latency) before the request is even sent.
 */
class HostGate {
  private active = 0;
  /** FIFO of waiting starts from `head` on; a withdrawn one has `start` null. */
  private waiting: { start: (() => void) | null }[] = [];
  private head = 0;

  constructor(
    private readonly max: number,
    private readonly onIdle: () => void,
    /** Hears how long each exchange took, from dispatch to its end (success or not). */
    private readonly onExchange: (ms: number) => void,
  ) {}

  /** Attempts waiting for a slot (an attempt withdrawn meanwhile still counts until its turn comes). */
  get waitingCount(): number {
    return this.waiting.length - this.head;
  }

  /** Runs `start` now if a slot is free, else when one frees up; returns what withdraws it while it waits. */
  enter(start: () => void): () => void {
    if (this.active < this.max) {
      this.active++;
      start();
      return () => {};
    }
    const entry = { start: start as (() => void) | null };
    this.waiting.push(entry);
    return () => {
      entry.start = null;
    };
  }

  /** Gives a slot back after an exchange of `exchangeMs`: the next waiting start takes it. */
  leave(exchangeMs: number): void {
    this.onExchange(exchangeMs);
    this.active--;
    while (this.head < this.waiting.length) {
      const next = this.waiting[this.head++]!.start;
      if (this.head >= 1024 && this.head * 2 >= this.waiting.length) {
        this.waiting = this.waiting.slice(this.head); // drop the consumed prefix now and then
        this.head = 0;
      }
      if (next) {
        this.active++;
        next();
        return;
      }
    }
    this.waiting = [];
    this.head = 0;
    if (this.active === 0) this.onIdle();
  }
}

/**
 * One attempt's state, and undici's handler of its request. A class rather than closures: this runs once per
 * delivery, and every named closure costs a property definition under tsx (esbuild keepNames), measurable at
 * thousands of deliveries per second.
 */
class Attempt implements Dispatcher.DispatchHandler {
  private started = performance.now();
  private settled = false;
  private chunks: Buffer[] = [];
  private read = 0;
  /** The final status line's code and Location, once the answer's head arrived. */
  private status: number | null = null;
  private location: string | undefined;
  /** undici's handle on the request, from the moment it is written to a connection. */
  private controller: Dispatcher.DispatchController | undefined;
  private timer: NodeJS.Timeout | undefined;
  /**
   * undici is done with the request (answered, failed or aborted; or it never took it). The gate's slot is given back
   * only then, not when the outcome is settled: an attempt that timed out while its connection was being made is
   * still in undici's pool until that connection exists, and the gate keeps the pool from queuing more than it has
   * connections for.
   */
  private ended = false;
  private released = false;
  /** Holds a connection slot of its host's gate (which `finish` gives back); else `withdraw` leaves the queue. */
  private holding = false;
  private withdraw: (() => void) | undefined;
  unsubscribe: (() => void) | undefined;

  constructor(
    private readonly resolve?: (r: SendResult) => void,
    private readonly gate?: HostGate,
  ) {}

  /** Waits for a connection slot of its host, then runs `dispatch` (at once when one is free). */
  enter(dispatch: () => void): void {
    this.withdraw = this.gate!.enter(() => {
      this.holding = true;
      dispatch();
    });
  }

  /** Sends the request: the timeout and the latency start here, not while waiting at the gate. */
  dispatch(agent: Agent, options: Dispatcher.DispatchOptions, timeoutMs: number): void {
    this.started = performance.now();
    // The outcome is settled first, then the request torn down: whatever event the teardown emits comes later.
    this.timer = setTimeout(() => this.cancel(`timed out after ${timeoutMs} ms`), timeoutMs);
    try {
      agent.dispatch(options, this); // a refused option (e.g. a header undici rejects) arrives in onResponseError
    } catch (err) {
      this.ended = true;
      this.finish(this.fail(describe(err as NodeJS.ErrnoException)));
    }
  }

  elapsed(): number {
    return Math.round(performance.now() - this.started);
  }

  fail(error: string, statusCode: number | null = null, excerpt: string | null = null): SendResult {
    return { ok: false, statusCode, latencyMs: this.elapsed(), excerpt, error };
  }

  finish(r: SendResult): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    if (!this.holding) this.withdraw?.();
    this.release();
    this.resolve?.(r);
  }

  /** Gives the gate's slot back once the outcome is settled and undici is done with the request. */
  private release(): void {
    if (!this.holding || !this.settled || !this.ended || this.released) return;
    this.released = true;
    this.gate!.leave(this.elapsed());
  }

  /**
   * Ends the attempt with `error`. A request undici has written is aborted (its connection closed); one still waiting
   * for its connection is aborted in onRequestStart, before a byte of it is written.
   */
  cancel(error: string): void {
    this.finish(this.fail(error));
    this.controller?.abort(new Error(error));
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.settled) controller.abort(new Error('attempt ended before its request was written'));
  }

  onResponseStart(_c: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200) return; // an informational answer; the final one follows
    this.status = statusCode;
    const location = headers.location;
    this.location = location === undefined ? undefined : String(location);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.read < MAX_READ_BYTES) this.chunks.push(chunk);
    this.read += chunk.length;
    if (this.read > MAX_READ_BYTES) {
      // Enough for the excerpt; do not buffer an endless answer: judged by its status line, then cut off.
      this.judge();
      controller.abort(new Error('answer longer than the bytes read of it'));
    }
  }

  onResponseEnd(): void {
    this.ended = true;
    this.judge();
    this.release();
  }

  onResponseError(_c: Dispatcher.DispatchController | undefined, err: Error): void {
    this.ended = true;
    if (this.status === null) this.finish(this.fail(describe(err as NodeJS.ErrnoException)));
    else this.finish(this.fail('connection closed before the answer was complete', this.status));
    this.release();
  }

  /** 2xx succeeds; a redirect is the answer, never followed; anything else fails. */
  private judge(): void {
    const status = this.status ?? 0;
    const excerpt = excerptOf(this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks));
    if (status >= 200 && status < 300) {
      this.finish({ ok: true, statusCode: status, latencyMs: this.elapsed(), excerpt, error: null });
    } else if (status >= 300 && status < 400) {
      const to = this.location ? ` to ${this.location.slice(0, 200)}` : '';
      this.finish(this.fail(`redirect (HTTP ${status})${to} not followed`, status, excerpt));
    } else {
      this.finish(this.fail(`HTTP ${status}`, status, excerpt));
    }
  }
}

function describe(err: NodeJS.ErrnoException): string {
  return (err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message).slice(0, 500);
}

/** Stateless between calls (no `stream` option), so one instance serves every excerpt. */
const utf8 = new TextDecoder('utf-8', { fatal: false });

/**
 * At most EXCERPT_BYTES of UTF-8 from the start of `buf`, cut at a character boundary; NUL (which PostgreSQL text
 * cannot hold) and undecodable bytes become U+FFFD, which counts as the three bytes it takes.
 */
export function excerptOf(buf: Buffer): string {
  const text = utf8.decode(buf.subarray(0, EXCERPT_BYTES + 4)).replace(/\0/g, '\uFFFD');
  if (Buffer.byteLength(text) <= EXCERPT_BYTES) return text; // the usual short answer: nothing to cut
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
