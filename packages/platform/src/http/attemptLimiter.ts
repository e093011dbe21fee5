import { HttpError } from './httpError.ts';

/**
 * Counts attempts per key (a client address) in a fixed window and refuses the key once it used them up, whatever
 * the server-wide rate limit says (it may be off). Per process: N processes allow N times the budget, which is still
 * bounded; a shared limit belongs to Redis, which is optional. Memory is bounded by `maxKeys` (oldest windows go
 * first).
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly opts: { max: number; windowMs: number; maxKeys?: number; now?: () => number }) {}

  /** Throws RATE_LIMITED when `key` used up its budget in the current window; counts nothing. */
  check(key: string, what: string): void {
    const now = this.opts.now?.() ?? Date.now();
    const w = this.windows.get(key);
    if (w && now - w.start < this.opts.windowMs && w.count >= this.opts.max) throw this.limited(w, now, what);
  }

  private limited(w: { start: number }, now: number, what: string): HttpError {
    const retry = Math.max(1, Math.ceil((w.start + this.opts.windowMs - now) / 1000));
    return new HttpError(429, 'RATE_LIMITED', `Too many ${what}; retry after ${retry} s`, {
      headers: { 'retry-after': String(retry) },
    });
  }

  /** Counts one attempt of `key` and returns its count in the window; throws RATE_LIMITED (429) beyond the budget. */
  hit(key: string, what: string): number {
    const now = this.opts.now?.() ?? Date.now();
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.opts.windowMs) {
      if (!w && this.windows.size >= (this.opts.maxKeys ?? 10_000)) {
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      w = { start: now, count: 0 };
      this.windows.delete(key);
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count > this.opts.max) throw this.limited(w, now, what);
    return w.count;
  }
}
