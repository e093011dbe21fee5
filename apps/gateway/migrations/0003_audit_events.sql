-- The merchant's audit log (apps/gateway/src/audit). Append-only: rows are inserted in the transaction of the
-- change they record (so an event exists if and only if the change committed) and never updated.
-- `seq` orders the log (newest first) and backs the opaque pagination cursor.
create table audit_events (
  seq bigint generated always as identity primary key,
  id text not null unique,
  merchant_id text not null references merchants (id),
  -- test / live for actions inside one environment (keys, payments); null for account-wide actions (login).
  environment text check (environment in ('test', 'live')),
  action text not null,
  actor_type text not null check (actor_type in ('user', 'api_key', 'system', 'anonymous')),
  actor_id text,
  target_type text,
  target_id text,
  ip text,
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null
);
create index audit_events_merchant on audit_events (merchant_id, seq desc);
