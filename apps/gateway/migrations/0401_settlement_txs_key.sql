-- A failed attempt's transaction may be signed again, byte for byte, by the next attempt (same nonce, fees and
-- call when nothing changed): the same transaction then belongs to both attempts. Key by (settlement, hash).
alter table settlement_txs drop constraint settlement_txs_pkey;
alter table settlement_txs add primary key (settlement_id, tx_hash);
create index settlement_txs_hash on settlement_txs (tx_hash);
