-- GET /v1/payments?q=: a substring of the order reference or description is found through trigram indexes
-- (pg_trgm) instead of reading every payment of the merchant. The extension goes into `public` whatever the
-- search_path, so that one database may hold several Tender schemas (the tests do) that share it; the operator
-- classes are named with that schema for the same reason. Queries of at least 3 characters use the indexes;
-- shorter ones read the tenant's payments as before.
create extension if not exists pg_trgm with schema public;
create index payment_intents_order_ref_trgm on payment_intents using gin (order_reference public.gin_trgm_ops);
create index payment_intents_description_trgm on payment_intents using gin (description public.gin_trgm_ops);
