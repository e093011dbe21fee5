-- Signed webhooks (issue 5): merchant endpoints, one delivery per (event, endpoint), and every attempt.
--
-- Flow: emitEvent (outbox/events.ts) inserts a gateway_events row and, in the same transaction, one
-- webhook_deliveries row per enabled endpoint subscribed to the type plus the delivery job of each (jobs table,
-- queue gateway.webhook-delivery). An event therefore reaches every endpoint that existed when it committed, and a
-- crash at any point loses nothing: the job is leased, and a dead worker's lease expires and the job runs again.
--
-- Invariants:
--  * Tenancy: every row carries (merchant_id, environment) from the credentials; every query filters on both.
--  * A delivery is unique per (event_id, endpoint_id). Once succeeded it stays succeeded (a manual resend that
--    fails does not undo it); a failed delivery becomes succeeded only through a manual retry that works.
--  * webhook_attempts is append-only: one row per HTTP attempt, numbered 1.. per delivery without gaps
--    (webhook_deliveries.attempt_count is the highest number), written in the statement that updates the delivery.
--  * Secrets are never stored in plaintext: SecretBox (AES-256-GCM) with the endpoint id as associated data.

create table webhook_endpoints (
  id text primary key,
  merchant_id text not null,
  environment text not null check (environment in ('test', 'live')),
  url text not null check (length(url) <= 2048),
  description text,
  -- Event types, or '*' for all.
  enabled_events text[] not null check (cardinality(enabled_events) >= 1),
  status text not null default 'enabled' check (status in ('enabled', 'disabled')),
  -- manual: by the merchant; failing: by the service after only failures for the configured time.
  disabled_reason text check (disabled_reason in ('manual', 'failing')),
  disabled_at timestamptz,
  secret_sealed text not null,
  -- The secret before the last rotation; it signs too (a second v1) until previous_secret_expires_at.
  previous_secret_sealed text,
  previous_secret_expires_at timestamptz,
  secret_rotated_at timestamptz,
  -- Start of the current run of failed attempts; null after any success. Drives the automatic disable.
  failing_since timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  deleted_at timestamptz,
  seq bigint generated always as identity,
  constraint webhook_endpoints_disabled check ((status = 'disabled') = (disabled_reason is not null)),
  constraint webhook_endpoints_previous check ((previous_secret_sealed is null) = (previous_secret_expires_at is null))
);
-- Fan-out: the enabled endpoints of one tenant, read in every transaction that emits an event.
create index webhook_endpoints_fanout on webhook_endpoints (merchant_id, environment)
  where status = 'enabled' and deleted_at is null;
create index webhook_endpoints_list on webhook_endpoints (merchant_id, environment, seq desc) where deleted_at is null;

create table webhook_deliveries (
  id text primary key,
  event_id text not null references gateway_events (id),
  endpoint_id text not null references webhook_endpoints (id),
  merchant_id text not null,
  environment text not null check (environment in ('test', 'live')),
  event_type text not null,
  -- pending: an automatic attempt is scheduled; succeeded: some attempt got a 2xx; failed: the retries are used up
  -- (or the endpoint was disabled or deleted before the event got through).
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempt_count integer not null default 0 check (attempt_count >= 0),
  -- Attempts of the automatic schedule (manual retries excluded); compared with the job's run count to notice runs
  -- that a crashed worker never got to log.
  auto_attempt_count integer not null default 0 check (auto_attempt_count >= 0),
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  last_status_code integer,
  last_error text,
  succeeded_at timestamptz,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  seq bigint generated always as identity,
  constraint webhook_deliveries_once unique (event_id, endpoint_id)
);
-- GET /v1/webhook-deliveries: newest first per tenant, optionally by status or endpoint; cursor = seq.
create index webhook_deliveries_list on webhook_deliveries (merchant_id, environment, seq desc);
create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, seq desc);
create index webhook_deliveries_status on webhook_deliveries (merchant_id, environment, status, seq desc);

create table webhook_attempts (
  delivery_id text not null references webhook_deliveries (id),
  attempt integer not null check (attempt >= 1),
  started_at timestamptz not null,
  -- HTTP status of the answer; null when there was none (connection refused, timeout, blocked address).
  status_code integer,
  latency_ms integer check (latency_ms >= 0),
  -- The first bytes of the answer body, at most 1 KiB of UTF-8.
  response_excerpt text check (octet_length(response_excerpt) <= 1024),
  error text,
  manual boolean not null default false,
  primary key (delivery_id, attempt)
);
