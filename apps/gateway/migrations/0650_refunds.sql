-- Refund requests and the on-chain transfers that fulfil them.
--
-- A refund is a NEW transfer of the payment's official token from the merchant's vault (on a network where the
-- payment received final funds) to the recipient. Its facts are Transfer logs, stored in chain_transfers with
-- kind 'refund' beside the payment's own facts, so that the watcher's finality and reorg rollback (by block number)
-- apply to them unchanged: a refund transfer is final at the network's confirmation depth, and an unfinal one whose
-- block is orphaned is marked removed like any other fact.
--
-- refund_requests.status is a cache of deriveRefundStatus(facts) (refunds/refundStatus.ts), written only by
-- refunds/recomputeRefunds.ts, in the transaction that records the fact (with the payment's own recompute).

create table refund_requests (
  id text primary key,
  merchant_id text not null,
  environment text not null check (environment in ('test', 'live')),
  payment_id text not null references payment_intents (id),
  amount_units numeric(78,0) not null check (amount_units > 0),
  currency text not null check (currency in ('USDC', 'EURC')),
  decimals smallint not null,
  recipient text not null check (recipient ~ '^0x[0-9a-f]{40}$'),
  reason text,
  -- pending: waiting for the merchant's transfer; confirming: a matching transfer is seen, not final;
  -- completed: a matching transfer is final; cancelled: withdrawn by the merchant while pending.
  status text not null check (status in ('pending', 'confirming', 'completed', 'cancelled')),
  cancelled_at timestamptz,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refund_requests_list on refund_requests (merchant_id, environment, created_at desc, id desc);
create index refund_requests_payment on refund_requests (payment_id, created_at);
-- The watcher matches every recipient of a block range against open requests: O(addresses in the range).
create index refund_requests_open on refund_requests (recipient) where status = 'pending';

alter table chain_transfers drop constraint chain_transfers_kind_check;
alter table chain_transfers add constraint chain_transfers_kind_check
  check (kind in ('incoming', 'settlement', 'refund'));
-- The refund a 'refund' transfer fulfils (null for the other kinds).
alter table chain_transfers add column refund_id text references refund_requests (id);
-- How a refund transfer was found: 'proof' (POST …/proof) or 'watcher' (seen without a proof).
alter table chain_transfers add column refund_source text check (refund_source in ('proof', 'watcher'));
alter table chain_transfers add constraint chain_transfers_refund_link
  check ((kind = 'refund') = (refund_id is not null) and (kind = 'refund') = (refund_source is not null));
-- One transfer (transaction and log index) fulfils one refund only. A transfer orphaned by a reorg no longer
-- counts; if its transaction is mined again, it is recorded again (new block hash) for the same refund.
create unique index chain_transfers_refund_log on chain_transfers (network, tx_hash, log_index)
  where kind = 'refund' and not removed;
create index chain_transfers_refund on chain_transfers (refund_id) where refund_id is not null;
