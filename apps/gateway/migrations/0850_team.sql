-- Team management (apps/gateway/src/team). A person (a `users` row: email, password, identity links) may belong to
-- several merchants; `merchant_members` says which, with what role. It is the source of truth for roles: a session
-- acts with the role of its user's membership in the session's merchant, and a session whose membership is gone
-- has ended.
--
-- `users.merchant_id` and `users.role` stay as they were: the user's home merchant (where they signed up, or the
-- merchant whose invitation created them) and their role there, kept equal to the home membership's role by the
-- triggers below in both directions, so existing data and code that reads them keep working. Every existing user
-- gets the membership of their home merchant here; a user inserted later gets it from the insert trigger.
create table merchant_members (
  merchant_id text not null references merchants (id),
  user_id text not null references users (id) on delete cascade,
  role text not null check (role in ('owner', 'admin', 'developer', 'read_only')),
  created_at timestamptz not null,
  primary key (merchant_id, user_id)
);
create index merchant_members_user on merchant_members (user_id);

insert into merchant_members (merchant_id, user_id, role, created_at)
  select merchant_id, id, role, created_at from users;

create function gateway_user_home_membership() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    insert into merchant_members (merchant_id, user_id, role, created_at)
      values (new.merchant_id, new.id, new.role, new.created_at)
      on conflict (merchant_id, user_id) do nothing;
  else
    update merchant_members set role = new.role
     where merchant_id = new.merchant_id and user_id = new.id and role is distinct from new.role;
  end if;
  return null;
end
$$;
create trigger users_home_membership after insert or update of role on users
  for each row execute function gateway_user_home_membership();

create function gateway_membership_home_role() returns trigger language plpgsql as $$
begin
  update users set role = new.role where id = new.user_id and merchant_id = new.merchant_id and role is distinct from new.role;
  return null;
end
$$;
create trigger merchant_members_home_role after update of role on merchant_members
  for each row when (old.role is distinct from new.role) execute function gateway_membership_home_role();

-- A membership's role change or removal changes what its sessions may do: tell the credential watchers
-- (http/credentialWatch.ts), as 0741 does for users.
create function gateway_membership_sessions_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify(
    case when TG_TABLE_SCHEMA = 'public' then 'session_changes' else TG_TABLE_SCHEMA || '__session_changes' end,
    s.id
  )
  from sessions s
  where s.user_id = old.user_id and s.merchant_id = old.merchant_id and s.revoked_at is null;
  return null;
end
$$;
create trigger merchant_members_sessions_changed after update of role or delete on merchant_members
  for each row execute function gateway_membership_sessions_changed();

-- Invitations to join a merchant (team/). Only the SHA-256 hash of the mailed token is stored; token_hash stays null
-- until the job builds the mail (a retried job mints a new token, so only the last mail sent works).
-- An invitation is usable while accepted_at and revoked_at are null and now < expires_at (7 days from creation).
create table team_invitations (
  id text primary key,
  merchant_id text not null references merchants (id),
  email text not null,
  role text not null check (role in ('owner', 'admin', 'developer', 'read_only')),
  token_hash text unique,
  invited_by text references users (id) on delete set null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  mailed_at timestamptz,
  accepted_at timestamptz,
  accepted_by text references users (id) on delete set null,
  revoked_at timestamptz,
  revoked_by text references users (id) on delete set null
);
create index team_invitations_merchant on team_invitations (merchant_id, created_at desc);
create index team_invitations_open on team_invitations (merchant_id, lower(email))
  where accepted_at is null and revoked_at is null;
