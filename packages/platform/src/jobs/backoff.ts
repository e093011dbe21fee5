/**
 * Delay in milliseconds before the next run of a job whose run number `attempts` (1-based, the run that just
 * failed) failed with `error`.
 */
export type BackoffFn = (attempts: number, error: unknown) => number;

export interface ExponentialBackoffOptions {
  /** Delay ceiling before jitter for the first retry. Default 1 s. */
  baseMs?: number;
  /** Cap on the delay. Default 1 h. */
  maxMs?: number;
  /**
   * `full`: uniform in [0, d]. `equal`: d/2 + uniform in [0, d/2] (never less than half). `none`: exactly d.
   * Jitter spreads retries of jobs that failed together (an outage) so they do not return together. Default `equal`.
   */
  jitter?: 'full' | 'equal' | 'none';
  /** Source of randomness in [0, 1); injectable for tests. */
  random?: () => number;
}

/** d = min(maxMs, baseMs * 2^(attempts - 1)), then jitter. */
export function exponentialBackoff(opts: ExponentialBackoffOptions = {}): BackoffFn {
  const baseMs = opts.baseMs ?? 1_000;
  const maxMs = opts.maxMs ?? 3_600_000;
  const jitter = opts.jitter ?? 'equal';
  const random = opts.random ?? Math.random;
  if (!(baseMs >= 0) || !(maxMs >= 0)) throw new RangeError('exponentialBackoff: baseMs and maxMs must be >= 0');
  return (attempts) => {
    // 2^(attempts-1) overflows to Infinity for large attempts; min() keeps it at maxMs.
    const d = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
    switch (jitter) {
      case 'none':
        return d;
      case 'full':
        return Math.floor(random() * d);
      case 'equal':
        return Math.floor(d / 2 + random() * (d / 2));
    }
  };
}

/** The backoff used when a queue does not define its own. */
export const defaultBackoff: BackoffFn = exponentialBackoff();
