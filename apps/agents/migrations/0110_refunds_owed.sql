-- Refunds owed to payers: a payment settled on chain for an operation that failed afterwards in a way no retry can
-- fix (storage refused the input, a constraint can never hold). The paid request is completed with an error
-- response naming the refund, so retries get that answer instead of failing forever; the operator pays the refund
-- back (a transfer of amount_units of asset on network to wallet_address) and records it in refunded_at/refund_tx.
--
-- Invariants:
--  * at most one refund per paid request (paid_request_id is unique): a retry never owes twice;
--  * the row is written in the transaction that completes the paid request, so a refund is owed exactly when the
--    payer was told so.
create table agent_refunds_owed (
  id uuid primary key default gen_random_uuid(),
  paid_request_id uuid not null references agent_paid_requests (id),
  wallet_address text not null check (wallet_address ~ '^0x[0-9a-f]{40}$'),
  amount_units numeric(78, 0) not null check (amount_units > 0),
  asset text not null,
  network text not null,
  settlement_tx text,
  service_id text not null,
  -- The request id of the HTTP request that failed (req_…), to find its log lines.
  request_id text not null,
  reason text not null,
  created_at timestamptz not null default now(),
  refunded_at timestamptz,
  refund_tx text,
  constraint agent_refunds_owed_request unique (paid_request_id),
  constraint agent_refunds_owed_refund_has_tx check (refunded_at is null or refund_tx is not null)
);
-- The operator's worklist: refunds still owed, oldest first.
create index agent_refunds_owed_open on agent_refunds_owed (created_at) where refunded_at is null;
