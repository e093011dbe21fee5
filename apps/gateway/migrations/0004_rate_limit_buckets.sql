-- Rate-limit counters shared by every gateway process (apps/gateway/src/rateLimits): one row per key and fixed
-- window; the limiter weighs the previous window in (sliding-window estimate). Rows older than a day are pruned.
create table rate_limit_buckets (
  key text not null,
  window_start timestamptz not null,
  count integer not null check (count > 0),
  primary key (key, window_start)
);
create index rate_limit_buckets_window on rate_limit_buckets (window_start);
