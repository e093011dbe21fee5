-- Agent services: tenants and access tokens, x402 paid requests, email, durable events.
--
-- Money: USDT base units (6 decimals) as numeric(78,0), never floats.
-- Wallet addresses are stored lower-case hex (0x + 40), so equality is plain text equality.

-- A tenant is a paying wallet. It is created by its first completed paid provisioning call.
create table agent_tenants (
  id uuid primary key default gen_random_uuid(),
  wallet_address text not null check (wallet_address ~ '^0x[0-9a-f]{40}$'),
  created_at timestamptz not null default now(),
  -- Set exactly once, in the transaction that stores the first provisioning response; the token is shown once.
  first_token_issued_at timestamptz,
  constraint agent_tenants_wallet unique (wallet_address)
);

-- Access tokens (at_v1_…): only the SHA-256 hex is stored. No automatic expiry; revoked_at ends one.
create table agent_access_tokens (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references agent_tenants (id),
  token_hash text not null check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  constraint agent_access_tokens_hash unique (token_hash)
);
create index agent_access_tokens_tenant on agent_access_tokens (tenant_id);

-- One row per paid request (x402). Life cycle:
--   pending  --verify+settle-->  settled  --perform+store-->  completed
--      \--verification or definitive settlement failure--> row deleted (nothing was charged; key reusable)
--   A pending row taken over after a lost lease (crash, timeout) may already have been settled: the taker reads
--   the EIP-3009 authorization state on chain before settling, and a failed settlement is checked the same way.
--
-- Invariants:
--  * (wallet_address, idempotency_key) is unique: a key belongs to one paying wallet (the tenant) and is bound to
--    one service, one request hash and one payment proof for its whole life.
--  * proof_hash is unique: one payment proof (network, asset, payer, EIP-3009 nonce) pays for one request only.
--  * Settlement is attempted only by the holder of the current lease (lease_token, lease_expires_at > now()); a
--    row leaves pending for settled at most once; and an EIP-3009 nonce transfers at most once on chain, so the
--    payer is charged at most once per row whatever crashes in between.
--  * completed rows keep the stored response; a replay returns it without settling or performing again.
create table agent_paid_requests (
  id uuid primary key default gen_random_uuid(),
  wallet_address text not null check (wallet_address ~ '^0x[0-9a-f]{40}$'),
  idempotency_key text not null,
  service_id text not null,
  request_hash text not null,
  proof_hash text not null,
  amount_units numeric(78, 0) not null check (amount_units > 0),
  network text not null,
  asset text not null,
  state text not null check (state in ('pending', 'settled', 'completed')),
  lease_token uuid,
  lease_expires_at timestamptz,
  payment_payload jsonb not null,
  settlement jsonb,
  settlement_tx text,
  settled_at timestamptz,
  response_status integer,
  response_body jsonb,
  completed_at timestamptz,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  constraint agent_paid_requests_key unique (wallet_address, idempotency_key),
  constraint agent_paid_requests_proof unique (proof_hash),
  constraint agent_paid_requests_settled_has_tx check (state not in ('settled', 'completed') or settled_at is not null),
  constraint agent_paid_requests_completed_has_response check (state <> 'completed' or response_body is not null)
);

-- An address on the email domain belongs to the first tenant that claims it, forever: deleting a mailbox never
-- lets another tenant receive mail meant for it.
create table agent_email_addresses (
  local_part text primary key,
  tenant_id uuid not null references agent_tenants (id),
  claimed_at timestamptz not null default now()
);

create table agent_mailboxes (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references agent_tenants (id),
  local_part text not null references agent_email_addresses (local_part),
  display_name text not null,
  outbound_signature text,
  -- The paid request that created it: makes creation idempotent when a retry performs the operation again.
  created_by_request uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  deleted_by_request uuid,
  constraint agent_mailboxes_created_by unique (created_by_request)
);
-- At most one active mailbox per address.
create unique index agent_mailboxes_active_address on agent_mailboxes (local_part) where deleted_at is null;
create index agent_mailboxes_tenant on agent_mailboxes (tenant_id, created_at, id) where deleted_at is null;

-- Stored messages, inbound (one row per active recipient mailbox) and outbound (in the sending mailbox).
create table agent_email_messages (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references agent_tenants (id),
  mailbox_id uuid not null references agent_mailboxes (id),
  direction text not null check (direction in ('inbound', 'outbound')),
  -- RFC 5322 Message-ID (without angle brackets); a delivery of a known id to the same mailbox is a duplicate.
  message_id_header text not null,
  from_address text not null,
  to_addresses jsonb not null default '[]'::jsonb,
  cc_addresses jsonb not null default '[]'::jsonb,
  subject text not null default '',
  text_body text,
  html_body text,
  headers jsonb not null default '{}'::jsonb,
  attachments jsonb not null default '[]'::jsonb,
  size_bytes integer not null default 0,
  -- Inbound: SPF and DKIM results as verified on receipt ({spf: {...}, dkim: [...]}).
  auth_results jsonb,
  -- Outbound: delivery state per the transport (queued until sent; sent once the relay or inbound accepted it).
  delivery_state text check (delivery_state in ('queued', 'sent')),
  delivery_info jsonb,
  created_by_request uuid,
  received_at timestamptz not null default now(),
  constraint agent_email_messages_dedupe unique (mailbox_id, direction, message_id_header),
  constraint agent_email_messages_created_by unique (created_by_request)
);
create index agent_email_messages_list on agent_email_messages (tenant_id, received_at desc, id desc);
create index agent_email_messages_mailbox on agent_email_messages (mailbox_id, received_at desc, id desc);

-- Durable events (the events issue delivers them over the WebSocket and REST replay).
-- Invariants:
--  * dedupe_key is unique: recording the same fact twice creates one event (idempotent creation).
--  * Ordered by (created_at, event_id).
--  * Delivery leases (lease_token, lease_expires_at) fence concurrent deliverers.
--  * payload never carries a message body or attachment.
create table agent_events (
  event_id uuid primary key,
  tenant_id uuid not null references agent_tenants (id),
  type text not null,
  status text not null default 'pending'
    check (status in ('pending', 'delivered', 'acknowledged', 'expired', 'failed')),
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  acknowledged_at timestamptz,
  source text not null,
  service text,
  resource_id text,
  agent_id text,
  payload jsonb not null,
  attempts integer not null default 0,
  lease_token uuid,
  lease_expires_at timestamptz,
  expires_at timestamptz,
  dedupe_key text not null,
  constraint agent_events_dedupe unique (dedupe_key)
);
create index agent_events_tenant_order on agent_events (tenant_id, created_at, event_id);
create index agent_events_open on agent_events (tenant_id, created_at, event_id)
  where status in ('pending', 'delivered');
