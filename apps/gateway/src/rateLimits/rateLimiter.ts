import { sha256Hex, type Sql } from '@tender/platform';
import { GatewayError } from '../http/errors.ts';

/** At most `limit` events per `windowSeconds` (sliding). */
export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  /** Whether the event just counted (hit) or the next one (peek) stays within the rule. */
  allowed: boolean;
  /** Seconds until the next event would be allowed; 0 when it is allowed now. */
  retryAfterSeconds: number;
}

/**
 * A rate limiter on PostgreSQL, so every gateway process shares the counts. Each key has one counter per fixed
 * window; the estimate weighs the previous window by how much of it still overlaps the sliding window
 * (`prev × (1 − elapsed/window) + current`), which smooths the double burst a plain fixed window allows at the
 * boundary. Counting happens outside the caller's transaction on purpose: a rejected or failed attempt must
 * still count.
 *
 * Keys are `<scope>:<sha-256 of the subject>` (see `limitKey`), so the table holds no email address or IP.
 */
export async function hitRateLimit(sql: Sql, key: string, rule: RateRule, now: Date): Promise<RateDecision> {
  const w = windowOf(rule, now);
  const [row] = await sql.query<{ cur: number; prev: number }>(
    `with up as (
       insert into rate_limit_buckets (key, window_start, count) values ($1, $2, 1)
       on conflict (key, window_start) do update set count = rate_limit_buckets.count + 1
       returning count
     )
     select (select count from up) as cur,
            coalesce((select count from rate_limit_buckets where key = $1 and window_start = $3), 0) as prev`,
    [key, w.start, w.prevStart],
  );
  // Old windows are dead weight; prune now and then rather than needing a scheduler.
  if (Math.random() < 0.01) await pruneRateLimitBuckets(sql, new Date(now.getTime() - 86_400_000));
  return decide(rule, w.elapsed, Number(row?.prev ?? 0), Number(row?.cur ?? 1), 0);
}

/** Whether one more event would be allowed, without counting one (for limits that count failures only). */
export async function peekRateLimit(sql: Sql, key: string, rule: RateRule, now: Date): Promise<RateDecision> {
  const w = windowOf(rule, now);
  const rows = await sql.query<{ window_start: Date; count: number }>(
    'select window_start, count from rate_limit_buckets where key = $1 and window_start in ($2, $3)',
    [key, w.start, w.prevStart],
  );
  const at = (d: Date) => Number(rows.find((r) => r.window_start.getTime() === d.getTime())?.count ?? 0);
  return decide(rule, w.elapsed, at(w.prevStart), at(w.start), 1);
}

/** Counts one event and throws 429 RATE_LIMITED (with Retry-After) when it exceeds the rule. */
export async function enforceRateLimit(sql: Sql, key: string, rule: RateRule, now: Date, what: string): Promise<void> {
  const d = await hitRateLimit(sql, key, rule, now);
  if (!d.allowed) throw rateLimitedError(d, what);
}

/** Throws 429 RATE_LIMITED when one more event would exceed the rule; counts nothing. */
export async function checkRateLimit(sql: Sql, key: string, rule: RateRule, now: Date, what: string): Promise<void> {
  const d = await peekRateLimit(sql, key, rule, now);
  if (!d.allowed) throw rateLimitedError(d, what);
}

export function rateLimitedError(d: RateDecision, what: string): GatewayError {
  const s = Math.max(1, d.retryAfterSeconds);
  return new GatewayError('RATE_LIMITED', `Too many ${what}; retry after ${s} s`, {
    headers: { 'retry-after': String(s) },
  });
}

/** `login:ip:<hash>`: a bucket key that does not store the subject (email, IP) itself. */
export function limitKey(scope: string, subject: string): string {
  return `${scope}:${sha256Hex(subject).slice(0, 32)}`;
}

export async function pruneRateLimitBuckets(sql: Sql, before: Date): Promise<void> {
  await sql.query('delete from rate_limit_buckets where window_start < $1', [before]);
}

function windowOf(rule: RateRule, now: Date) {
  const ms = rule.windowSeconds * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), prevStart: new Date(start - ms), elapsed: (now.getTime() - start) / 1000 };
}

/**
 * `extra` is 0 when `cur` already includes the event being judged, 1 when judging a hypothetical next event.
 * Exported for the unit test of the arithmetic.
 */
export function decide(rule: RateRule, elapsed: number, prev: number, cur: number, extra: 0 | 1): RateDecision {
  const w = rule.windowSeconds;
  const estimate = prev * (1 - elapsed / w) + cur + extra;
  if (estimate <= rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  // The next event is allowed once the estimate has room for it: estimate(t) + 1 <= limit.
  const room = rule.limit - 1;
  let wait: number;
  if (cur <= room && prev > 0) {
    // Still inside this window: the previous window's weight decays linearly.
    const t = w * (1 - (room - cur) / prev) - elapsed;
    wait = t < w - elapsed ? t : nextWindowWait(w, elapsed, cur, room);
  } else {
    wait = nextWindowWait(w, elapsed, cur, room);
  }
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait)) };
}

/** In the next window this window's count becomes the decaying "previous" one. */
function nextWindowWait(w: number, elapsed: number, cur: number, room: number): number {
  const intoNext = cur > room ? w * (1 - room / cur) : 0;
  return w - elapsed + intoNext;
}
