-- Telephony: numbers, calls, transcripts, provider webhook audit.
--
-- Status is never stored: numbers and calls keep facts (expiry, release, connection, end) and phone/status.ts
-- derives active / suspended / released and ringing / connected / ended from them.

-- One row per bought number. Facts: expires_at (purchase + 30 days, + 30 days per renewal, written in the
-- transaction that completes the paid renewal, so exactly once per renewal), inbound_seconds (600 per inbound
-- package), released_at (our decision: the owner's release or the end of the grace period), provider_released_at
-- (the provider confirmed the release).
create table agent_phone_numbers (
  id uuid primary key,
  tenant_id uuid not null references agent_tenants (id),
  country text not null check (country in ('US', 'CA')),
  e164 text not null check (e164 ~ '^\+[1-9][0-9]{1,14}$'),
  provider text not null,
  provider_sid text not null,
  agent_name text not null,
  area_code text not null,
  begin_message text,
  language text,
  -- The paid request that bought it: a retry after a failure finds the number instead of buying a second one.
  created_by_request uuid not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  inbound_seconds integer not null default 0 check (inbound_seconds >= 0),
  released_at timestamptz,
  release_reason text check (release_reason in ('owner', 'expired')),
  provider_released_at timestamptz,
  constraint agent_phone_numbers_request unique (created_by_request),
  constraint agent_phone_numbers_provider unique (provider, provider_sid)
);
create index agent_phone_numbers_tenant on agent_phone_numbers (tenant_id, created_at, id);
create index agent_phone_numbers_open on agent_phone_numbers (expires_at) where provider_released_at is null;

-- One row per call. authorised_seconds: outbound 60 or 300 + 60 per extension; inbound the number's remaining
-- allowance when the call arrived. connected_at: the live-conversation socket said setup. The call ends when the
-- provider says so or when our sweep ends it at connected_at + authorised_seconds.
create table agent_phone_calls (
  id uuid primary key,
  tenant_id uuid not null references agent_tenants (id),
  phone_number_id uuid not null references agent_phone_numbers (id),
  direction text not null check (direction in ('inbound', 'outbound')),
  from_e164 text not null,
  to_e164 text not null,
  provider_call_id text,
  authorised_seconds integer not null check (authorised_seconds >= 0),
  initial_greeting text,
  created_by_request uuid,
  created_at timestamptz not null,
  connected_at timestamptz,
  ended_at timestamptz,
  end_reason text,
  provider_status text,
  duration_seconds integer,
  constraint agent_phone_calls_request unique (created_by_request),
  constraint agent_phone_calls_provider unique (provider_call_id)
);
create index agent_phone_calls_number on agent_phone_calls (phone_number_id, direction) where ended_at is not null;
create index agent_phone_calls_live on agent_phone_calls (connected_at) where ended_at is null;

-- Extensions of a call, one per paid request (the completing transaction writes it once).
create table agent_phone_call_extensions (
  request_id uuid primary key,
  call_id uuid not null references agent_phone_calls (id),
  seconds integer not null check (seconds > 0),
  created_at timestamptz not null default now()
);

-- Transcript: the caller's utterances and the spoken answers, in order. Text only; no audio is ever stored.
create table agent_phone_transcript (
  call_id uuid not null references agent_phone_calls (id),
  seq integer not null,
  speaker text not null check (speaker in ('caller', 'agent')),
  text text not null,
  at timestamptz not null,
  primary key (call_id, seq)
);

-- Every provider request we received: accepted ones once per provider event (idempotency: Twilio retries), and
-- refused ones (unsigned, wrongly signed) for the audit.
create table agent_phone_provider_requests (
  id bigint generated always as identity primary key,
  provider text not null,
  kind text not null,
  accepted boolean not null,
  reason text,
  dedupe_key text,
  url text not null,
  remote_address text,
  params jsonb not null,
  received_at timestamptz not null default now()
);
create unique index agent_phone_provider_requests_dedupe on agent_phone_provider_requests (dedupe_key)
  where dedupe_key is not null;
