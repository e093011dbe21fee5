-- Payment links and invoices, and intents that are not open for payment yet (status CREATED).
--
--  * A payment link holds the terms of the intents made from it; each customer visit that goes on to pay gets its
--    own intent (payment_intents.payment_link_id), so no two customers share a deposit address. `active` is the
--    one mutable field; the terms never change, so a process may cache them and re-check only `active` in SQL.
--  * An invoice owns exactly one payment intent (amount = the invoice total). Invoice numbers are per merchant and
--    environment, taken from invoice_counters under its row lock in the transaction that inserts the invoice: a
--    rolled-back creation rolls its number back too, so numbers have no gaps and no duplicates.

create table payment_links (
  id text primary key,
  merchant_id text not null,
  environment text not null check (environment in ('test', 'live')),
  name text not null check (char_length(name) between 1 and 120),
  amount_units numeric(78,0) not null check (amount_units > 0),
  currency text not null check (currency in ('USDC', 'EURC')),
  decimals smallint not null check (decimals between 0 and 36),
  description text,
  -- null: the merchant's default networks when each intent is created.
  networks text[],
  checkout_methods text[] not null,
  success_url text,
  intent_expires_in_seconds integer not null check (intent_expires_in_seconds between 300 and 604800),
  active boolean not null default true,
  seq bigint generated always as identity,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index payment_links_list on payment_links (merchant_id, environment, seq desc);

alter table payment_intents add column payment_link_id text references payment_links (id);
alter table payment_intents add column invoice_id text;
create index payment_intents_link on payment_intents (payment_link_id, created_at desc, id desc)
  where payment_link_id is not null;

create table invoice_counters (
  merchant_id text not null,
  environment text not null check (environment in ('test', 'live')),
  last_number bigint not null check (last_number >= 0),
  primary key (merchant_id, environment)
);

create table invoices (
  id text primary key,
  merchant_id text not null,
  environment text not null check (environment in ('test', 'live')),
  number bigint not null check (number >= 1),
  customer_name text not null,
  customer_email text not null,
  memo text,
  currency text not null check (currency in ('USDC', 'EURC')),
  decimals smallint not null,
  -- [{description, quantity, unit_amount_units, amount_units}] in the order given; amounts as integer strings.
  line_items jsonb not null,
  total_units numeric(78,0) not null check (total_units > 0),
  due_at timestamptz not null,
  payment_intent_id text not null references payment_intents (id),
  voided_at timestamptz,
  -- Delivery of the invoice mail: not_configured (no SMTP relay), queued (job enqueued with the invoice), sent
  -- (the relay accepted it), failed (the relay refused it on every attempt), skipped (voided or paid before the
  -- mail went out).
  email_state text not null check (email_state in ('not_configured', 'queued', 'sent', 'failed', 'skipped')),
  emailed_at timestamptz,
  seq bigint generated always as identity,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  constraint invoices_number unique (merchant_id, environment, number)
);
create index invoices_list on invoices (merchant_id, environment, seq desc);

-- The batched intent writer (0404) learns three optional fields per intent: `opened` (false: the intent is
-- CREATED, not open for payment yet), `payment_link_id` and `invoice_id`. A link intent is written only while its
-- link is active (re-checked here, in the statement that writes it); otherwise its id is returned like a stale-
-- settings refusal and the caller re-reads the link. Intents without these fields are written exactly as before.
create or replace function gateway_create_intents(p jsonb, p_expiry_queue text) returns setof text language plpgsql as $$
begin
  return query
  with input as (
    select * from jsonb_to_recordset(p) as x(
      id text, merchant_id text, environment text, amount numeric, currency text, decimals smallint,
      order_reference text, description text, methods text[], email text, success_url text, cancel_url text,
      metadata jsonb, expires_at timestamptz, created_at timestamptz, default_expiry integer, salt text, deposits jsonb,
      opened boolean, payment_link_id text, invoice_id text)
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
      and (i.payment_link_id is null or exists (select 1 from payment_links l where l.id = i.payment_link_id
             and l.merchant_id = i.merchant_id and l.environment = i.environment and l.active))
  ), intents as (
    insert into payment_intents (id, merchant_id, environment, status, amount_units, currency, decimals,
      order_reference, description, checkout_methods, customer_email, success_url, cancel_url, metadata,
      opened, payment_link_id, invoice_id, expires_at, created_at, updated_at, status_changed_at)
    select id, merchant_id, environment, case when opened is false then 'CREATED' else 'AWAITING_PAYMENT' end,
      amount, currency, decimals, order_reference, description, methods, email, success_url, cancel_url, metadata,
      coalesce(opened, true), payment_link_id, invoice_id, expires_at, created_at, created_at, created_at
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
    -- A CREATED intent has no expiry job yet: its clock starts when it is opened (payments/openPaymentIntent.ts).
    insert into jobs (queue, payload, idempotency_key, run_at, max_attempts)
    select p_expiry_queue, jsonb_build_object('paymentId', ok.id), 'payment-expiry:' || ok.id, ok.expires_at, 25
    from ok where ok.opened is not false
    on conflict (idempotency_key) do nothing
    returning 1
  )
  select i.id from input i
  where not exists (select 1 from ok where ok.id = i.id);
end
$$;
