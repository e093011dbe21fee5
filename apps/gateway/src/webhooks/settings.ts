/** How webhooks are delivered. Deployments set some of these through configuration; tests shorten the rest. */
export interface WebhookSettings {
  /**
   * Delay before each retry after a failed attempt, before jitter: entry i follows attempt i + 1. Its length is the
   * number of retries (8): one attempt plus 8 retries over about 10 hours.
   */
  retryDelaysMs: readonly number[];
  /** Each delay is scaled by a uniform factor in [1 - jitter, 1 + jitter]. */
  jitter: number;
  /** An attempt that has no complete 2xx answer after this long fails (spec: 10 s). */
  timeoutMs: number;
  /** An endpoint whose attempts have all failed for this long is disabled (with an audit entry). */
  disableAfterFailingMs: number;
  /**
   * Test-mode endpoints may use loopback addresses (localhost, 127.0.0.0/8, ::1) and plain http. Live endpoints
   * never may: https and public addresses only. Default: the dev profile allows it, production does not (there the
   * gateway's own host is the loopback, not the merchant's).
   */
  allowLoopbackInTest: boolean;
  /** Endpoints per merchant and environment. */
  maxEndpoints: number;
}

export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [
  30_000, // 30 s: the first retry comes within a minute (at most 36 s with jitter)
  120_000, // 2 min
  600_000, // 10 min
  1_800_000, // 30 min
  3_600_000, // 1 h
  7_200_000, // 2 h
  10_800_000, // 3 h
  12_600_000, // 3.5 h  -> about 10 h 12 min after the first attempt in all
];

/**
 * Deliveries in flight per worker process (WEBHOOK_CONCURRENCY). Large on purpose: the worker batches its database
 * work per event-loop turn, so more deliveries in flight make fewer, larger statements (bench/webhooks: PostgreSQL
 * CPU per delivery about 300 µs at 64 in flight, 160 µs at 512). Connections to one receiving host stay capped by
 * the sender (64), so a merchant's receiver never sees more than that at once.
 */
export const DEFAULT_WEBHOOK_CONCURRENCY = 512;

/** WEBHOOK_DISABLE_AFTER_DAYS: an endpoint with only failures for this long is disabled. */
export const DEFAULT_DISABLE_AFTER_DAYS = 3;

/** What a context may set; the rest takes the defaults. */
export type WebhookOverrides = Partial<WebhookSettings>;

export function resolveWebhookSettings(w: WebhookOverrides, profile: 'dev' | 'production'): WebhookSettings {
  return {
    retryDelaysMs: w.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    jitter: w.jitter ?? 0.2,
    timeoutMs: w.timeoutMs ?? 10_000,
    disableAfterFailingMs: w.disableAfterFailingMs ?? DEFAULT_DISABLE_AFTER_DAYS * 86_400_000,
    allowLoopbackInTest: w.allowLoopbackInTest ?? profile === 'dev',
    maxEndpoints: w.maxEndpoints ?? 16,
  };
}

/**
 * Delay before the retry that follows automatic attempt `attempt` (1-based), with jitter; undefined when that
 * attempt was the last one. `random` in [0, 1).
 */
export function retryDelayMs(
  s: WebhookSettings,
  attempt: number,
  random: () => number = Math.random,
): number | undefined {
  const base = s.retryDelaysMs[attempt - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 - s.jitter + 2 * s.jitter * random()));
}

/** Automatic attempts per delivery: the first plus one per retry delay. */
export const automaticAttempts = (s: WebhookSettings): number => s.retryDelaysMs.length + 1;
