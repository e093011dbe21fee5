-- Durable jobs (packages/platform/src/jobs).
--
-- Life cycle: queued --claim--> running --complete--> done
--                                  |  \--fail------> queued (retry at run_at) | dead (attempts used up, permanent)
--                                  \--lease expired--> queued (requeued by any runner) | dead (attempts used up)
--
-- Invariants:
--  * A job is claimed only from `queued` with run_at <= now(), under FOR UPDATE SKIP LOCKED, by setting a fresh
--    lease (lease_token, lease_expires_at) and attempts + 1 in the same UPDATE.
--  * Only the holder of the current lease token, while the lease is unexpired, may complete, fail, extend or
--    release a running job (fencing). Every such statement carries `state = 'running' and lease_token = $token
--    and lease_expires_at > now()`; a stale holder changes nothing.
--  * idempotency_key is unique for the life of the row: enqueueing a known key is a no-op. Finished rows are kept
--    (pruned explicitly by pruneJobs) so a key stays known for as long as the caller needs.
create table jobs (
  id bigint generated always as identity primary key,
  queue text not null,
  payload jsonb not null default '{}'::jsonb,
  idempotency_key text not null,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'dead')),
  -- queued: when the job becomes due. Other states: when it last became due (kept for latency accounting).
  run_at timestamptz not null default now(),
  -- Number of claims so far (the current run included while running).
  attempts integer not null default 0 check (attempts >= 0),
  max_attempts integer not null default 10 check (max_attempts >= 1),
  -- Fencing token of the current (running) or last lease.
  lease_token uuid,
  lease_expires_at timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint jobs_idempotency_key unique (idempotency_key),
  constraint jobs_running_has_lease check (state <> 'running' or (lease_token is not null and lease_expires_at is not null)),
  constraint jobs_finished_has_time check ((state in ('done', 'dead')) = (finished_at is not null))
);

-- Claim: due jobs of one queue in run_at order (one index range scan per queue, LIMIT n, SKIP LOCKED).
create index jobs_due on jobs (queue, run_at, id) where state = 'queued';
-- Requeue of expired leases (crashed or stalled workers).
create index jobs_leased on jobs (lease_expires_at) where state = 'running';
-- Metrics (dead per queue) and operator inspection.
create index jobs_dead on jobs (queue, finished_at) where state = 'dead';
-- pruneJobs: finished jobs by age.
create index jobs_done on jobs (finished_at) where state = 'done';
