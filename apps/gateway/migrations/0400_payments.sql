-- Payments (issue 4): settlement settings, payment intents, deposit addresses, chain facts, settlements, the
-- payment timeline and the outgoing-event outbox.
--
-- Conventions:
--  * Money is numeric(78,0) in base units (uint256 fits); never a float.
--  * EVM addresses and hashes are stored lowercase 0x-hex; the API shows addresses EIP-55 checksummed.
--  * environment is 'test' (testnets + devnet, sk_test_ keys) or 'live' (mainnets, sk_live_ keys). Every merchant
--    row carries (merchant_id, environment) and every query filters on both, taken from the credentials.
--  * payment_intents.status and the *_units totals are a cache of deriveStatus(facts) (payments/status.ts),
--    written only by payments/recompute.ts in the transaction that records a new fact.

-- Where a merchant's funds settle: one vault per (environment, network).
create table merchant_vaults (
  merchant_id text not null,
  environment text not null check (environment in ('test', 'live')),
  network text not null,
  address text not null check (address ~ '^0x[0-9a-f]{40}$' and address <> '0x0000000000000000000000000000000000000000'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (merchant_id, environment, network)
);

create table merchant_payment_settings (
  merchant_id text not null,
  environment text not null check (environment in ('test', 'live')),
  default_expires_in_seconds integer not null default 1200 check (default_expires_in_seconds between 300 and 2592000),
  -- Networks an intent gets when it names none; null = every available network with a vault.
  default_networks text[],
  updated_at timestamptz not null default now(),
  primary key (merchant_id, environment)
);

create table payment_intents (
  id text primary key,
  merchant_id text not null,
  environment text not null check (environment in ('test', 'live')),
  status text not null check (status in ('CREATED', 'AWAITING_PAYMENT', 'DETECTED', 'CONFIRMING', 'PAID', 'OVERPAID',
    'SETTLEMENT_PENDING', 'SETTLED', 'EXPIRED', 'UNDERPAID', 'LATE_PAYMENT', 'INVALID_ASSET', 'SETTLEMENT_FAILED',
    'REFUND_REQUESTED', 'PARTIALLY_REFUNDED', 'REFUNDED')),
  amount_units numeric(78,0) not null check (amount_units > 0),
  currency text not null check (currency in ('USDC', 'EURC')),
  decimals smallint not null check (decimals between 0 and 36),
  order_reference text,
  description text,
  checkout_methods text[] not null,
  customer_email text,
  success_url text,
  cancel_url text,
  metadata jsonb not null default '{}'::jsonb,
  opened boolean not null default true,
  expires_at timestamptz not null,
  received_units numeric(78,0) not null default 0,
  final_units numeric(78,0) not null default 0,
  excess_units numeric(78,0) not null default 0,
  settled_units numeric(78,0) not null default 0,
  status_changed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- GET /v1/payments: newest first per tenant, optionally by status; cursor = created_at.
create index payment_intents_list on payment_intents (merchant_id, environment, created_at desc, id desc);
create index payment_intents_status on payment_intents (merchant_id, environment, status, created_at desc);
create index payment_intents_order_ref on payment_intents (merchant_id, environment, order_reference)
  where order_reference is not null;

-- One counterfactual deposit address per (payment, network). The watcher matches every Transfer log's sender and
-- recipient against (network, address) with one indexed lookup per block range, however many intents are open.
create table deposit_addresses (
  payment_id text not null references payment_intents (id),
  network text not null,
  address text not null check (address ~ '^0x[0-9a-f]{40}$'),
  merchant_id text not null,
  environment text not null,
  -- The official token of the intent's currency on this network when the intent was created.
  token text not null,
  vault text not null,
  factory text not null,
  salt text not null,
  created_at timestamptz not null default now(),
  primary key (payment_id, network),
  constraint deposit_addresses_unique unique (network, address)
);
create index deposit_addresses_search on deposit_addresses (address);

-- Transfer logs that touch a deposit address: `incoming` (to it, any token) and `settlement` (from it to the vault).
-- A fact is never deleted: a reorg marks it removed; finality only ever goes from false to true.
create table chain_transfers (
  id bigint generated always as identity primary key,
  network text not null,
  payment_id text not null references payment_intents (id),
  merchant_id text not null,
  environment text not null,
  kind text not null check (kind in ('incoming', 'settlement')),
  deposit_address text not null,
  token text not null,
  official boolean not null,
  from_address text not null,
  to_address text not null,
  amount_units numeric(78,0) not null check (amount_units >= 0),
  block_number bigint not null,
  block_hash text not null,
  block_time timestamptz not null,
  tx_hash text not null,
  log_index integer not null,
  final boolean not null default false,
  removed boolean not null default false,
  observed_at timestamptz not null default now(),
  final_at timestamptz,
  removed_at timestamptz,
  constraint chain_transfers_log unique (network, block_hash, log_index),
  constraint chain_transfers_final_not_removed check (not (final and removed))
);
create index chain_transfers_payment on chain_transfers (payment_id, id);
-- Confirmation tracking and reorg rollback touch only unfinal facts.
create index chain_transfers_pending on chain_transfers (network, block_number) where not final and not removed;
create index chain_transfers_ledger on chain_transfers (merchant_id, environment, id desc);
create index chain_transfers_tx on chain_transfers (tx_hash);

-- One row per network: the watcher's cursor (last processed canonical block) and the lease that makes one watcher
-- active per network across all processes. Every write of a watcher is fenced by its lease token.
create table watcher_cursors (
  network text primary key,
  chain_id bigint not null,
  block_number bigint,
  block_hash text,
  lease_token uuid,
  lease_owner text,
  lease_expires_at timestamptz,
  updated_at timestamptz not null default now()
);

-- Hashes of processed blocks not yet final, to find the common ancestor after a reorg. Pruned below the horizon.
create table watcher_blocks (
  network text not null,
  block_number bigint not null,
  block_hash text not null,
  primary key (network, block_number)
);

-- A sweep of one token from one deposit address into the vault. `purpose` payment = the settlement of a paid
-- intent (drives SETTLEMENT_* states); recovery = late, underpaid or foreign funds moved into the vault.
create table settlements (
  id text primary key,
  payment_id text not null references payment_intents (id),
  merchant_id text not null,
  environment text not null,
  network text not null,
  purpose text not null check (purpose in ('payment', 'recovery')),
  attempt integer not null check (attempt >= 1),
  token text not null,
  deposit_address text not null,
  vault text not null,
  salt text not null,
  -- pending: job queued; submitted: signed and broadcast; succeeded: mined, not reverted; failed: reverted or
  -- could not be sent (a new attempt is scheduled with backoff).
  state text not null check (state in ('pending', 'submitted', 'succeeded', 'failed')),
  relayer text,
  nonce bigint,
  tx_hash text,
  mined_block bigint,
  amount_units numeric(78,0),
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  submitted_at timestamptz,
  finished_at timestamptz,
  constraint settlements_attempt unique (payment_id, network, token, purpose, attempt)
);
create index settlements_payment on settlements (payment_id, created_at);
create index settlements_ledger on settlements (merchant_id, environment, created_at desc);

-- Every signed transaction of a settlement: the first and each fee-bumped replacement (same nonce).
create table settlement_txs (
  tx_hash text primary key,
  settlement_id text not null references settlements (id),
  nonce bigint not null,
  max_fee_per_gas numeric(78,0) not null,
  max_priority_fee_per_gas numeric(78,0) not null,
  raw text not null,
  sent_at_block bigint not null,
  created_at timestamptz not null default now()
);
create index settlement_txs_settlement on settlement_txs (settlement_id, created_at);

-- The relayer's next nonce per network, taken under this row's lock so that two processes never sign two
-- transactions with one nonce.
create table relayer_nonces (
  network text not null,
  address text not null,
  next_nonce bigint not null,
  updated_at timestamptz not null default now(),
  primary key (network, address)
);

-- Every status change of a payment, with the facts that caused it.
create table payment_timeline (
  id bigint generated always as identity primary key,
  payment_id text not null references payment_intents (id),
  status text not null,
  previous_status text,
  reason text not null,
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index payment_timeline_payment on payment_timeline (payment_id, id);

-- Transactional outbox of outgoing events (payment.*, settlement.*). Written in the transaction of the transition
-- that causes it, so an event exists exactly once per transition and never for a rolled-back fact. The webhook
-- issue fans rows out to endpoints (in created_at, id order). data = {object: <the payment as the API returns it>,
-- ...extra such as excess_amount for payment.overpaid}.
create table gateway_events (
  id text primary key,
  merchant_id text not null,
  environment text not null check (environment in ('test', 'live')),
  livemode boolean not null,
  type text not null,
  payment_id text,
  data jsonb not null,
  created_at timestamptz not null default now(),
  seq bigint generated always as identity
);
create index gateway_events_tenant on gateway_events (merchant_id, environment, created_at desc);
create index gateway_events_seq on gateway_events (seq);

-- Stored first responses for Idempotency-Key. A row is inserted before the work, in the same transaction, so a
-- concurrent request with the same key waits on the unique index and then replays the stored response.
create table idempotency_keys (
  merchant_id text not null,
  environment text not null,
  endpoint text not null,
  key text not null,
  request_hash text not null,
  status_code integer not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (merchant_id, environment, endpoint, key)
);
