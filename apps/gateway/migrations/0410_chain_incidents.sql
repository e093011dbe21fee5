-- Disagreements between the recorded chain facts and the chain itself, found by watcher/chainAgreement.ts.
--  * devnet: the local chain lost blocks (its state file is older than the database after a crash). The facts above
--    the last block both agree on were rolled back and the payments re-derived; the row is resolved at once and
--    stays as the record of what was undone.
--  * any other network: a reorganisation deeper than the confirmation depth, or a node on another fork. Final facts
--    are never rolled back; the network is degraded (/public/status, /metrics) and its watcher stops recording
--    until the chain agrees again, which resolves the row.
create table chain_incidents (
  id bigint generated always as identity primary key,
  network text not null,
  kind text not null check (kind in ('devnet_rollback', 'deep_reorg')),
  -- The newest recorded block that is still canonical (everything recorded above it is not).
  agreed_block bigint not null,
  -- The newest block recorded before the incident, and the chain's head when it was found.
  recorded_block bigint not null,
  head_block bigint not null,
  transfers integer not null default 0,
  final_transfers integer not null default 0,
  settlements integer not null default 0,
  payments integer not null default 0,
  detected_at timestamptz not null default now(),
  resolved_at timestamptz
);
-- At most one open incident per network; /public/status reads the open ones.
create unique index chain_incidents_open on chain_incidents (network) where resolved_at is null;
