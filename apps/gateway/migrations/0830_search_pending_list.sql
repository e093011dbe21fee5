-- GET /v1/payments?q=: a GIN index buffers new entries in a pending list (fastupdate) that every search reads in
-- full, up to gin_pending_list_limit (4 MB by default: about 30,000 payments, ~10 ms per search on top of the index
-- scan, and so a search cost that grows with recent inserts until autovacuum merges the list). 64 kB keeps the
-- batching of inserts (a burst of payment creations still updates the trigram entries once per flush, not once
-- per row: every payment of a shop may share most trigrams, and per-row updates would contend on them) and bounds
-- what a search reads to a few hundred rows.
alter index payment_intents_order_ref_trgm set (gin_pending_list_limit = 64);
alter index payment_intents_description_trgm set (gin_pending_list_limit = 64);
