-- API keys (apps/gateway/src/apiKeys). The secret `sk_test_…` / `sk_live_…` is shown once at creation; only its
-- SHA-256 hash is stored, with the last four characters for display. A key works while revoked_at is null.
-- Its environment (test or live) matches its prefix and selects testnets or mainnets for everything it does.
create table api_keys (
  id text primary key,
  merchant_id text not null references merchants (id),
  name text not null,
  environment text not null check (environment in ('test', 'live')),
  role text not null check (role in ('admin', 'developer', 'read_only')),
  token_hash text not null unique,
  last4 text not null,
  -- The user whose session created it; null for keys the system issues (the dev key of `tender start`).
  created_by text references users (id),
  is_dev boolean not null default false,
  created_at timestamptz not null,
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_merchant on api_keys (merchant_id, created_at desc, id desc);
