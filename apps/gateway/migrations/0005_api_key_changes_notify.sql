-- Every process caches API-key lookups for a few seconds (apiKeys/apiKeyCache.ts) so that authenticating a request
-- costs no round trip. Any change to a key's role, environment or revocation NOTIFYs its token hash, whatever code
-- made the change; the notification is delivered at commit and each process drops its cached entry, so a revoked
-- key stops working everywhere at once. (The cache's short expiry covers notifications missed while a process's
-- listening connection was down.) Channel naming follows Database.channel(): schema-prefixed outside `public`.
create function gateway_api_key_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify(
    case when TG_TABLE_SCHEMA = 'public' then 'api_key_changes' else TG_TABLE_SCHEMA || '__api_key_changes' end,
    old.token_hash
  );
  return null;
end
$$;

create trigger api_keys_changed after update of revoked_at, role, environment, token_hash or delete on api_keys
  for each row execute function gateway_api_key_changed();
