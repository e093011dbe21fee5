-- Durable jobs. A job is claimed by setting a lease (token + expiry) under FOR UPDATE SKIP LOCKED; only the holder
-- of the current lease token may complete or fail it (fencing). An expired lease makes the job claimable again.
create table jobs (
  id bigint generated always as identity primary key,
  queue text not null,
  payload jsonb not null default '{}'::jsonb,
  idempotency_key text not null,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'dead')),
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 10,
  lease_token uuid,
  lease_expires_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint jobs_idempotency_key unique (idempotency_key)
);
-- Claim order: due queued jobs first by run_at; running jobs whose lease expired are reclaimed.
create index jobs_claim_queued on jobs (queue, run_at) where state = 'queued';
create index jobs_claim_expired on jobs (queue, lease_expires_at) where state = 'running';
