-- GET /v1/overview reads per-day aggregates instead of scanning every payment and transfer of the window, so its
-- cost depends on the number of days asked for, not on the number of payments.
--
-- Invariant: each aggregate row equals, at every commit, the direct computation over the facts it summarises:
--  * overview_payments(merchant, environment, currency, day, status) = count(*) and sum(amount_units) of
--    payment_intents with that tenant, currency and status created on that UTC day;
--  * overview_flows(merchant, environment, currency, day, kind) = count(*) and sum(amount_units) of chain_transfers
--    of that tenant and kind that are official, final and not removed, whose block_time falls on that UTC day, and
--    whose payment is in that currency.
-- Triggers keep them so in the same transaction as every insert, update or delete of those facts, whoever writes
-- it. Rows are never deleted: a row that falls to zero stays, and readers skip zero counts. Every upsert of a
-- statement takes its rows in key order, and a transition touches its two rows in key order, so that two
-- transactions lock aggregate rows in one order; a deadlock that remains (two multi-payment transactions) is
-- retried like any other (retryTransient).

create table overview_payments (
  merchant_id text not null,
  environment text not null,
  currency text not null,
  day date not null,
  status text not null,
  payments bigint not null,
  amount_units numeric(78,0) not null,
  primary key (merchant_id, environment, currency, day, status)
);

create table overview_flows (
  merchant_id text not null,
  environment text not null,
  currency text not null,
  day date not null,
  kind text not null,
  transfers bigint not null,
  amount_units numeric(78,0) not null,
  primary key (merchant_id, environment, currency, day, kind)
);

create function overview_payments_add(p_merchant text, p_env text, p_currency text, p_day date, p_status text,
  p_n bigint, p_units numeric) returns void language sql as $$
  insert into overview_payments as o (merchant_id, environment, currency, day, status, payments, amount_units)
  values (p_merchant, p_env, p_currency, p_day, p_status, p_n, p_units)
  on conflict (merchant_id, environment, currency, day, status) do update
    set payments = o.payments + excluded.payments, amount_units = o.amount_units + excluded.amount_units
$$;

-- Intents are created in batches (one statement per batch): one grouped upsert per statement.
create function overview_payments_inserted() returns trigger language plpgsql as $$
begin
  insert into overview_payments as o (merchant_id, environment, currency, day, status, payments, amount_units)
  select merchant_id, environment, currency, (created_at at time zone 'UTC')::date, status, count(*), sum(amount_units)
  from new_rows group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5
  on conflict (merchant_id, environment, currency, day, status) do update
    set payments = o.payments + excluded.payments, amount_units = o.amount_units + excluded.amount_units;
  return null;
end
$$;
create trigger overview_payments_inserted after insert on payment_intents
  referencing new table as new_rows for each statement execute function overview_payments_inserted();

create function overview_payments_changed() returns trigger language plpgsql as $$
declare
  old_day date;
  new_day date;
begin
  if tg_op = 'DELETE' then
    perform overview_payments_add(old.merchant_id, old.environment, old.currency,
      (old.created_at at time zone 'UTC')::date, old.status, -1, -old.amount_units);
    return null;
  end if;
  old_day := (old.created_at at time zone 'UTC')::date;
  new_day := (new.created_at at time zone 'UTC')::date;
  if (old.merchant_id, old.environment, old.currency, old_day, old.status)
     < (new.merchant_id, new.environment, new.currency, new_day, new.status) then
    perform overview_payments_add(old.merchant_id, old.environment, old.currency, old_day, old.status, -1, -old.amount_units);
    perform overview_payments_add(new.merchant_id, new.environment, new.currency, new_day, new.status, 1, new.amount_units);
  else
    perform overview_payments_add(new.merchant_id, new.environment, new.currency, new_day, new.status, 1, new.amount_units);
    perform overview_payments_add(old.merchant_id, old.environment, old.currency, old_day, old.status, -1, -old.amount_units);
  end if;
  return null;
end
$$;
create trigger overview_payments_updated after update on payment_intents for each row
  when ((old.merchant_id, old.environment, old.currency, old.created_at, old.status, old.amount_units)
    is distinct from (new.merchant_id, new.environment, new.currency, new.created_at, new.status, new.amount_units))
  execute function overview_payments_changed();
create trigger overview_payments_deleted after delete on payment_intents for each row
  execute function overview_payments_changed();

-- One transfer's contribution (sign +1 or -1) when it counts: official, final and not removed.
create function overview_flows_add(t chain_transfers, p_sign integer) returns void language sql as $$
  insert into overview_flows as o (merchant_id, environment, currency, day, kind, transfers, amount_units)
  select t.merchant_id, t.environment, i.currency, (t.block_time at time zone 'UTC')::date, t.kind, p_sign,
    p_sign * t.amount_units
  from payment_intents i
  where i.id = t.payment_id and t.official and t.final and not t.removed
  on conflict (merchant_id, environment, currency, day, kind) do update
    set transfers = o.transfers + excluded.transfers, amount_units = o.amount_units + excluded.amount_units
$$;

create function overview_flows_changed() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform overview_flows_add(old, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform overview_flows_add(new, 1);
  end if;
  return null;
end
$$;
create trigger overview_flows_inserted after insert on chain_transfers for each row
  when (new.official and new.final and not new.removed)
  execute function overview_flows_changed();
create trigger overview_flows_updated after update on chain_transfers for each row
  when ((old.merchant_id, old.environment, old.payment_id, old.kind, old.block_time, old.amount_units,
         old.official and old.final and not old.removed)
    is distinct from (new.merchant_id, new.environment, new.payment_id, new.kind, new.block_time, new.amount_units,
         new.official and new.final and not new.removed))
  execute function overview_flows_changed();
create trigger overview_flows_deleted after delete on chain_transfers for each row
  when (old.official and old.final and not old.removed)
  execute function overview_flows_changed();

-- The facts recorded before this migration.
insert into overview_payments (merchant_id, environment, currency, day, status, payments, amount_units)
select merchant_id, environment, currency, (created_at at time zone 'UTC')::date, status, count(*), sum(amount_units)
from payment_intents group by 1, 2, 3, 4, 5;

insert into overview_flows (merchant_id, environment, currency, day, kind, transfers, amount_units)
select c.merchant_id, c.environment, i.currency, (c.block_time at time zone 'UTC')::date, c.kind, count(*),
  sum(c.amount_units)
from chain_transfers c join payment_intents i on i.id = c.payment_id
where c.official and c.final and not c.removed
group by 1, 2, 3, 4, 5;
