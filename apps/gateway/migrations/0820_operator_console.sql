-- The operator console (src/operator/).
--
-- A suspended merchant: its API keys and sessions are refused (403 MERCHANT_SUSPENDED) and its hosted pages open no
-- payment, while payments already paid still settle (the watcher and the sweeps never read these columns).
alter table merchants add column suspended_at timestamptz;
alter table merchants add column suspended_reason text;
alter table merchants add constraint merchants_suspension_reason
  check ((suspended_at is null) = (suspended_reason is null));

-- Every operator action, reads of merchants' data included (who looked, and when); the columns of the agents'
-- agent_operator_audit, so both are written by the platform's auditOperatorAction.
create table gateway_operator_audit (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  operator text not null,
  action text not null,
  target text,
  details jsonb not null default '{}'::jsonb,
  remote_ip text
);
create index gateway_operator_audit_at on gateway_operator_audit (at desc, id desc);

-- How an incident ended. Null: the chain agreed with the recorded facts again (the watcher resolved it).
--  * applied_chain: the operator re-read the chain and applied it: the facts above the agreed block were rolled back
--    and the payments re-derived; the watcher reads the blocks above it again.
--  * kept_database: the operator kept the recorded facts of (agreed_block, recorded_block]; the watcher no longer
--    compares them with the chain (chainAgreement.ts) and goes on from its cursor on the chain as it is.
alter table chain_incidents add column resolution text
  check (resolution is null or resolution in ('applied_chain', 'kept_database'));
alter table chain_incidents add column resolved_by text;
