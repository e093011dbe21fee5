-- Durable event delivery: leases, wake-ups, expiry, realtime tokens.
--
-- Event delivery protocol (apps/agents/src/events/eventStore.ts states it in full):
--  * A socket claims open events of its tenant (status pending or delivered, no live lease, not expired, attempts
--    below the bound) with FOR UPDATE SKIP LOCKED: the claim sets status delivered, delivered_at (first time only),
--    lease_token = the socket's token, lease_expires_at, attempts + 1. At most one live lease per event at any time,
--    so two sockets never hold one event at once.
--  * The holder renews its live leases while its socket is alive; a closed socket releases them (lease_token null),
--    a crashed process lets them run out. Either way the event stays delivered and is claimed again.
--  * Acknowledged, expired and failed rows carry no lease. Acknowledged rows stay for audit.

-- Why a row became failed (delivery attempts exhausted, frame larger than the socket limit).
alter table agent_events add column last_error text;

-- Renewal and release look events up by the socket's lease token.
create index agent_events_lease on agent_events (lease_token) where lease_token is not null;
-- The expiry sweep: open events by age, and open events with an explicit expiry.
create index agent_events_open_age on agent_events (created_at) where status in ('pending', 'delivered');
create index agent_events_open_expiry on agent_events (expires_at)
  where status in ('pending', 'delivered') and expires_at is not null;

-- Every new event wakes the processes that hold sockets of its tenant: NOTIFY on the namespaced channel
-- `agent_events` (Database.channel: `<schema>__agent_events` outside the public schema) with payload `n:<tenant id>`.
-- A trigger rather than code, so that every writer (inbound mail, telephony, payments) wakes the gateway, and the
-- notification is sent exactly when the inserting transaction commits. PostgreSQL folds identical notifications of
-- one transaction into one, so a batch insert wakes each tenant once.
create function agent_events_notify_insert() returns trigger language plpgsql as $$
begin
  perform pg_notify(
    case when TG_TABLE_SCHEMA = 'public' then 'agent_events' else TG_TABLE_SCHEMA || '__agent_events' end,
    'n:' || new.tenant_id::text
  );
  return null;
end
$$;
create trigger agent_events_notify_insert after insert on agent_events
  for each row execute function agent_events_notify_insert();

-- Realtime tokens (rt_v1_…): short-lived WebSocket credentials. Only the SHA-256 hex is stored. A token
-- authenticates WebSocket sessions of its tenant until expires_at, and only while the access token it was obtained
-- with is not revoked.
create table agent_realtime_tokens (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  tenant_id uuid not null references agent_tenants (id),
  access_token_id uuid not null references agent_access_tokens (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index agent_realtime_tokens_expiry on agent_realtime_tokens (expires_at);
