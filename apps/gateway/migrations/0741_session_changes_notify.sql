-- Long-lived responses (the live event stream, http/credentialWatch.ts) re-check the credential they were opened
-- with as soon as it may have changed. API keys already NOTIFY on api_key_changes (0005). Sessions NOTIFY their id
-- on session_changes when they end (logout), their lifetime changes or they are deleted, and when their user's
-- role or account changes (or the user is deleted), since a session acts with its user's role. Delivered at commit,
-- so a listener that re-reads the row sees the change. Channel naming follows Database.channel(): schema-prefixed
-- outside `public`.
create function gateway_session_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify(
    case when TG_TABLE_SCHEMA = 'public' then 'session_changes' else TG_TABLE_SCHEMA || '__session_changes' end,
    old.id
  );
  return null;
end
$$;

create trigger sessions_changed after update of revoked_at, expires_at, user_id, merchant_id or delete on sessions
  for each row execute function gateway_session_changed();

create function gateway_user_sessions_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify(
    case when TG_TABLE_SCHEMA = 'public' then 'session_changes' else TG_TABLE_SCHEMA || '__session_changes' end,
    s.id
  )
  from sessions s
  where s.user_id = old.id and s.revoked_at is null;
  return null;
end
$$;

create trigger users_sessions_changed after update of role, merchant_id or delete on users
  for each row execute function gateway_user_sessions_changed();
