-- Intent creation as one server-side function (payments/createPaymentIntent.ts calls it with one statement).
-- Why a function: PL/pgSQL caches the plans of its statements per connection, so the five inserts are planned once
-- per connection instead of once per request (the statements are unprepared on the wire). Semantics are those of
-- the single statement it replaces: the guard re-checks, in the database, that every vault used is still the
-- merchant's current vault and that the default expiry used (when used) is still the default; if not, nothing is
-- written and the function answers false (the caller reloads its settings and retries). Everything else is
-- written together or not at all: the intent, its deposit addresses, its first timeline entry and its expiry job
-- (the platform jobs table, with the idempotency key payment-expiry:<id>; not due until expires_at, so no NOTIFY).
create function gateway_create_intent(
  p_id text, p_merchant text, p_env text, p_amount numeric, p_currency text, p_decimals smallint,
  p_order_reference text, p_description text, p_methods text[], p_email text, p_success_url text, p_cancel_url text,
  p_metadata jsonb, p_expires_at timestamptz, p_networks text[], p_vaults text[], p_salt text, p_now timestamptz,
  p_default_expiry integer, p_addresses text[], p_tokens text[], p_factories text[], p_expiry_queue text
) returns boolean language plpgsql as $$
declare
  matched integer;
begin
  select count(*) into matched from merchant_vaults v
    join unnest(p_networks, p_vaults) as u(network, address) on v.network = u.network and v.address = u.address
    where v.merchant_id = p_merchant and v.environment = p_env;
  if matched <> cardinality(p_networks) then
    return false;
  end if;
  if p_default_expiry is not null and coalesce((select s.default_expires_in_seconds from merchant_payment_settings s
      where s.merchant_id = p_merchant and s.environment = p_env), 1200) <> p_default_expiry then
    return false;
  end if;
  insert into payment_intents (id, merchant_id, environment, status, amount_units, currency, decimals,
    order_reference, description, checkout_methods, customer_email, success_url, cancel_url, metadata,
    expires_at, created_at, updated_at, status_changed_at)
  values (p_id, p_merchant, p_env, 'AWAITING_PAYMENT', p_amount, p_currency, p_decimals, p_order_reference,
    p_description, p_methods, p_email, p_success_url, p_cancel_url, p_metadata, p_expires_at, p_now, p_now, p_now);
  insert into deposit_addresses (payment_id, network, address, merchant_id, environment, token, vault, factory,
    salt, created_at)
  select p_id, u.network, u.address, p_merchant, p_env, u.token, u.vault, u.factory, p_salt, p_now
  from unnest(p_networks, p_addresses, p_tokens, p_vaults, p_factories) as u(network, address, token, vault, factory);
  insert into payment_timeline (payment_id, status, previous_status, reason, created_at)
  values (p_id, 'AWAITING_PAYMENT', null, 'created', p_now);
  insert into jobs (queue, payload, idempotency_key, run_at, max_attempts)
  values (p_expiry_queue, jsonb_build_object('paymentId', p_id), 'payment-expiry:' || p_id, p_expires_at, 25)
  on conflict (idempotency_key) do nothing;
  return true;
end
$$;
