-- Small facts about this deployment that must survive restarts and be shared by every process, such as the
-- genesis hash of the devnet the database was created against.
create table system_settings (
  key text primary key,
  value jsonb not null,
  updated_at timestamptz not null default now()
);
