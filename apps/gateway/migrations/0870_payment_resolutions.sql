-- Resolving payments that need a decision.
--
-- accepted_units: the merchant accepted an underpayment for this amount (the final on-time funds at the moment of
-- acceptance); the status reducer then treats it as the amount asked for (payments/status.ts). Null: not accepted.
alter table payment_intents add column accepted_units numeric(78,0) check (accepted_units is null or accepted_units > 0);

-- attention: why the payment needs a person (null: it does not), kept by payments/attention.ts in every recompute:
-- underpaid, late_payment, settlement_failed, overpaid (excess not returned), invalid_asset (foreign funds not
-- returned). The dashboard's "Needs attention" is GET /v1/payments?needs_attention=true.
alter table payment_intents add column attention text
  check (attention is null or attention in ('underpaid', 'late_payment', 'settlement_failed', 'overpaid', 'invalid_asset'));
create index payment_intents_attention on payment_intents (merchant_id, environment, created_at desc, id desc)
  where attention is not null;

-- What a refund request returns: payment (part of the payment), excess (only an overpayment's excess: the payment's
-- status stays as it is), foreign_asset (a foreign token received by the payment, returned in that token; token and
-- network name it, decimals are the token's).
alter table refund_requests add column kind text not null default 'payment'
  check (kind in ('payment', 'excess', 'foreign_asset'));
alter table refund_requests add column token text check (token is null or token ~ '^0x[0-9a-f]{40}$');
alter table refund_requests add column network text;
alter table refund_requests add constraint refund_requests_foreign_token
  check ((kind = 'foreign_asset') = (token is not null) and (kind = 'foreign_asset') = (network is not null));

-- Payments that needed a person before this migration keep needing one (the next recompute refines the reason).
update payment_intents set attention = case status
    when 'UNDERPAID' then 'underpaid' when 'LATE_PAYMENT' then 'late_payment'
    when 'SETTLEMENT_FAILED' then 'settlement_failed' when 'INVALID_ASSET' then 'invalid_asset' else 'overpaid' end
  where status in ('UNDERPAID', 'LATE_PAYMENT', 'SETTLEMENT_FAILED', 'INVALID_ASSET', 'OVERPAID')
    or (confirmed and excess_units > 0 and status not in ('PARTIALLY_REFUNDED', 'REFUNDED'));
