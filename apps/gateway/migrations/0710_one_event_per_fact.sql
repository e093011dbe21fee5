-- One event per fact (payments/paymentFacts.ts): the events of a payment are read back, under its row lock, to know
-- which facts it has announced. One index by payment serves that read and GET /v1/payments/{id}'s events.
create index gateway_events_payment on gateway_events (payment_id, seq) where payment_id is not null;

-- The refund states lie over UNDERPAID and LATE_PAYMENT as well as SETTLED, so the status alone no longer says
-- whether a refunded payment was paid. `confirmed`: final on-time funds covered the amount (the paid family), written
-- by the status writer with the status (payments/recompute.ts); invoices read it (a void invoice is paid only by
-- funds that were on time).
alter table payment_intents add column confirmed boolean not null default false;
update payment_intents set confirmed = true
where status in ('PAID', 'OVERPAID', 'SETTLEMENT_PENDING', 'SETTLED', 'SETTLEMENT_FAILED', 'REFUND_REQUESTED',
  'PARTIALLY_REFUNDED', 'REFUNDED');
