-- Clients that have signed in with the right password hold a device token (only its SHA-256 hash is stored). On
-- login it exempts that client from the per-account failure limit, so strangers who fill that limit cannot lock the
-- owner out; the client's own failures are then limited per device instead.
create table login_devices (
  token_hash text primary key,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null,
  last_used_at timestamptz not null,
  expires_at timestamptz not null
);
create index login_devices_user on login_devices (user_id);
