import { AttemptLimiter, type Metrics } from '@tender/platform';

/**
 * What a provider request with a missing or wrong signature may cost: nothing that grows with the attacker's effort.
 * Anyone on the internet can POST to the provider webhooks, so a refusal is
 *  - counted (`tender_agents_provider_requests_refused_total{provider, kind, reason}`), always;
 *  - stored for the operator only as a sample: at most `samplesPerMinute` rows per process and minute, each with a
 *    summary of the request (its size and up to 20 parameter names, each cut to 64 characters), never its values;
 *  - charged to its source address: past `maxPerSourcePerMinute` refusals an address gets 429 for the rest of the
 *    minute, before its body is read (the route's onRequest hook).
 * Bodies are capped by the route's parser (PROVIDER_BODY_LIMIT) before anything is read into memory or written.
 * Genuine provider traffic is signed, so none of this touches it.
 */
export const PROVIDER_BODY_LIMIT = 16 * 1024;

export interface RefusalPolicy {
  /** Throws RATE_LIMITED when the address used up its refusals this minute. */
  admit(ip: string): void;
  /**
   * Counts one refusal against its address and the metric; returns the audit summary to store when this refusal is
   * sampled, null when it is only counted.
   */
  refused(
    r: { provider: string; kind: string; reason: string; ip: string },
    params: Record<string, string>,
  ): Record<string, unknown> | null;
}

export function createRefusalPolicy(
  metrics: Metrics,
  o: { maxPerSourcePerMinute?: number; samplesPerMinute?: number; now?: () => number } = {},
): RefusalPolicy {
  const clock = o.now ? { now: o.now } : {};
  const perSource = new AttemptLimiter({ max: o.maxPerSourcePerMinute ?? 20, windowMs: 60_000, ...clock });
  const samples = new AttemptLimiter({ max: o.samplesPerMinute ?? 10, windowMs: 60_000, maxKeys: 1, ...clock });
  const counter = metrics.counter(
    'tender_agents_provider_requests_refused_total',
    'Provider webhook requests refused for a missing or wrong signature (stored only as a sample)',
    ['provider', 'kind', 'reason'],
  );
  return {
    admit(ip) {
      perSource.check(ip, 'refused provider requests from this address');
    },
    refused(r, params) {
      counter.inc({ provider: r.provider, kind: r.kind, reason: r.reason });
      try {
        perSource.hit(r.ip, 'refused provider requests from this address');
      } catch {
        // Over its budget: the next request of this address is answered 429 by admit(); this one is still a 403.
      }
      try {
        samples.hit('*', 'samples');
      } catch {
        return null;
      }
      const keys = Object.keys(params);
      return {
        sampled: true,
        parameters: keys.length,
        bytes: keys.reduce((n, k) => n + k.length + (params[k]?.length ?? 0), 0),
        names: keys.slice(0, 20).map((k) => k.slice(0, 64)),
      };
    },
  };
}
