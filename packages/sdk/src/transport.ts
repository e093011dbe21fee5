// One HTTP exchange with the gateway, retried where a retry is safe: 429 (after Retry-After), 5xx and a dropped
// connection. A POST is retried only with an Idempotency-Key, and the same key on every attempt, so a retry after a
// lost answer returns the first result instead of creating a second one.
import { TenderConnectionError, TenderError } from './errors.ts';

export interface TransportOptions {
  apiKey: string;
  /** e.g. http://127.0.0.1:4000 (no trailing /v1). */
  baseUrl: string;
  /** Retries after the first attempt; default 2. */
  maxRetries?: number;
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  /** Acting in live mode with a session token (API keys carry their environment). */
  environment?: 'test' | 'live';
  fetch?: typeof fetch;
  /** Delay before retry `n` (1-based); default exponential from 500 ms with jitter, capped at 8 s. */
  backoffMs?: (n: number) => number;
}

export interface RequestOptions {
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  idempotencyKey?: string | undefined;
  /** Extra headers for this call (e.g. Last-Event-ID). */
  headers?: Record<string, string>;
}

const defaultBackoff = (n: number): number => Math.min(8_000, 500 * 2 ** (n - 1)) * (0.75 + Math.random() / 2);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class Transport {
  readonly baseUrl: string;
  private readonly fetch: typeof fetch;
  constructor(private readonly opts: TransportOptions) {
    this.baseUrl = opts.baseUrl.replace(/\/+$/, '');
    this.fetch = opts.fetch ?? globalThis.fetch;
  }

  url(path: string, query?: Record<string, unknown>): string {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v === undefined || v === null) continue;
      for (const item of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(item));
    }
    return url.toString();
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      authorization: `Bearer ${this.opts.apiKey}`,
      ...(this.opts.environment ? { 'tender-environment': this.opts.environment } : {}),
      ...extra,
    };
  }

  async request<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
    const retryable = method === 'GET' || o.idempotencyKey !== undefined;
    const maxRetries = retryable ? (this.opts.maxRetries ?? 2) : 0;
    const headers = this.headers({
      ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(o.idempotencyKey ? { 'idempotency-key': o.idempotencyKey } : {}),
      ...o.headers,
    });
    const body = o.body !== undefined ? JSON.stringify(o.body) : undefined;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetch(this.url(path, o.query), {
          method,
          headers,
          ...(body !== undefined ? { body } : {}),
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
        });
      } catch (err) {
        if (attempt < maxRetries) {
          await sleep((this.opts.backoffMs ?? defaultBackoff)(attempt + 1));
          continue;
        }
        throw new TenderConnectionError(`${method} ${path}: ${(err as Error).message}`, { cause: err });
      }
      if (res.ok) return (res.status === 204 ? undefined : await res.json()) as T;
      const retry = res.status === 429 || res.status >= 500;
      if (retry && attempt < maxRetries) {
        const after = Number(res.headers.get('retry-after'));
        await res.body?.cancel();
        await sleep(
          Number.isFinite(after) && after > 0 ? after * 1_000 : (this.opts.backoffMs ?? defaultBackoff)(attempt + 1),
        );
        continue;
      }
      const envelope = (await res.json().catch(() => ({}))) as { error?: ConstructorParameters<typeof TenderError>[1] };
      throw new TenderError(res.status, envelope.error ?? { request_id: res.headers.get('request-id') ?? undefined });
    }
  }
}
