-- Customer receipts (apps/gateway/src/receipts/): a mail to the payment's customer_email when the payment is
-- confirmed, a merchant setting per environment that is on unless turned off (PATCH /v1/settlement-settings
-- customer_receipts). One row per payment, written by the payment transition that confirms it (the plug point), so a
-- payment gets at most one receipt whatever the retries, reorgs or duplicate jobs; the job marks it sent.
alter table merchant_payment_settings add column customer_receipts boolean not null default true;

create table payment_receipts (
  payment_id text primary key references payment_intents (id) on delete cascade,
  merchant_id text not null,
  email text not null,
  created_at timestamptz not null,
  sent_at timestamptz
);
