-- Batched intent creation: concurrent POST /v1/payment-intents requests of one process are written together, one
-- statement and one commit per batch (payments/intentBatcher.ts), the way a database groups commits. Same rules
-- per intent as gateway_create_intent: the guard re-checks each intent's vaults and default expiry in the database;
-- an intent whose guard fails is not written and its id is returned (its request reloads settings and retries).
-- A batch is one statement: any error writes nothing, and the batcher then writes each intent on its own.
create function gateway_create_intents(p jsonb, p_expiry_queue text) returns setof text language plpgsql as $$
begin
  return query
  with input as (
    select * from jsonb_to_recordset(p) as x(
      id text, merchant_id text, environment text, amount numeric, currency text, decimals smallint,
      order_reference text, description text, methods text[], email text, success_url text, cancel_url text,
      metadata jsonb, expires_at timestamptz, created_at timestamptz, default_expiry integer, salt text, deposits jsonb)
  ), deps as (
    select i.id, d.* from input i,
      jsonb_to_recordset(i.deposits) as d(network text, address text, token text, vault text, factory text)
  ), ok as (
    select i.* from input i
    where (select count(*) from deps d join merchant_vaults v
             on v.merchant_id = i.merchant_id and v.environment = i.environment and v.network = d.network
            and v.address = d.vault
           where d.id = i.id) = jsonb_array_length(i.deposits)
      and (i.default_expiry is null or coalesce((select s.default_expires_in_seconds from merchant_payment_settings s
             where s.merchant_id = i.merchant_id and s.environment = i.environment), 1200) = i.default_expiry)
  ), intents as (
    insert into payment_intents (id, merchant_id, environment, status, amount_units, currency, decimals,
      order_reference, description, checkout_methods, customer_email, success_url, cancel_url, metadata,
      expires_at, created_at, updated_at, status_changed_at)
    select id, merchant_id, environment, 'AWAITING_PAYMENT', amount, currency, decimals, order_reference,
      description, methods, email, success_url, cancel_url, metadata, expires_at, created_at, created_at, created_at
    from ok
    returning 1
  ), addresses as (
    insert into deposit_addresses (payment_id, network, address, merchant_id, environment, token, vault, factory,
      salt, created_at)
    select ok.id, d.network, d.address, ok.merchant_id, ok.environment, d.token, d.vault, d.factory, ok.salt,
      ok.created_at
    from ok join deps d on d.id = ok.id
    returning 1
  ), expiry as (
    insert into jobs (queue, payload, idempotency_key, run_at, max_attempts)
    select p_expiry_queue, jsonb_build_object('paymentId', ok.id), 'payment-expiry:' || ok.id, ok.expires_at, 25
    from ok
    on conflict (idempotency_key) do nothing
    returning 1
  )
  select i.id from input i
  where not exists (select 1 from ok where ok.id = i.id);
  -- (Data-modifying CTEs run to completion whether or not the final select reads them.)
end
$$;
