-- Owner dashboard (wallet sign-in) and operator admin.
--
-- Owner sign-in is Sign-In with Ethereum (EIP-4361). A nonce is issued by the service, bound to the domain and chain
-- of this deployment, and consumed by exactly one successful verification:
--  * only the SHA-256 hex of a nonce is stored; the nonce itself is never looked up by anything but its hash;
--  * consumed_at is set by one conditional update (consumed_at is null and expires_at > now()), so two concurrent
--    verifications of one message cannot both win, and an expired nonce never signs anyone in.
create table agent_owner_nonces (
  nonce_hash text primary key check (nonce_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  consumed_at timestamptz
);
create index agent_owner_nonces_expiry on agent_owner_nonces (expires_at);

-- Owner sessions (os_v1_…): a dashboard credential, never an agent credential. Only the SHA-256 hex is stored; a
-- session expires (expires_at) and ends at sign-out (ended_at). Agent access tokens never open the dashboard and
-- owner sessions never call the agent API.
create table agent_owner_sessions (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  tenant_id uuid not null references agent_tenants (id),
  wallet_address text not null check (wallet_address ~ '^0x[0-9a-f]{40}$'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ended_at timestamptz
);
create index agent_owner_sessions_tenant on agent_owner_sessions (tenant_id);
create index agent_owner_sessions_expiry on agent_owner_sessions (expires_at);

-- Which access token replaced which (audit of the owner's replacement flow).
alter table agent_access_tokens add column replaced_by uuid references agent_access_tokens (id);
alter table agent_access_tokens add column revoked_by text check (revoked_by in ('owner', 'operator'));

-- A suspended tenant's calls are refused before any challenge (TENANT_SUSPENDED) until an operator resumes it.
alter table agent_tenants add column suspended_at timestamptz;
alter table agent_tenants add column suspended_reason text;

-- Operator switches per catalog service: a disabled service answers 503 before any challenge in every process.
-- Absent row = as configured. Processes read this table at start, on NOTIFY and on a timer.
create table agent_service_switches (
  service_id text primary key,
  disabled boolean not null,
  reason text,
  updated_at timestamptz not null default now(),
  updated_by text not null
);

-- Every operator action, in order. Never updated or deleted by the service.
create table agent_operator_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  operator text not null,
  action text not null,
  target text,
  details jsonb not null default '{}'::jsonb,
  remote_ip text
);
create index agent_operator_audit_at on agent_operator_audit (at desc, id desc);

-- Owner replacement flow and operator reads: a tenant's paid requests by wallet, newest first.
create index agent_paid_requests_wallet on agent_paid_requests (wallet_address, created_at desc);
