-- Fewer index writes per created intent (the hot path), with no query left without a plan:
--  * payment_intents_status: status filters are served by payment_intents_list (tenant, newest first, LIMIT), and
--    without an index on status every status change can be a HOT update.
--  * payment_intents_order_ref: `q` matches order references by substring (ILIKE), which a btree cannot serve.
--  * deposit_addresses_search: a search by deposit address probes deposit_addresses_unique (network, address) once
--    per network id instead.
drop index payment_intents_status;
drop index payment_intents_order_ref;
drop index deposit_addresses_search;

-- The creation entry of the timeline is implied by the intent row (created_at, AWAITING_PAYMENT); the timeline
-- stores changes only. Reads synthesise the first entry (payments/queries.ts).
create or replace function gateway_create_intent(
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
  insert into jobs (queue, payload, idempotency_key, run_at, max_attempts)
  values (p_expiry_queue, jsonb_build_object('paymentId', p_id), 'payment-expiry:' || p_id, p_expires_at, 25)
  on conflict (idempotency_key) do nothing;
  return true;
end
$$;
