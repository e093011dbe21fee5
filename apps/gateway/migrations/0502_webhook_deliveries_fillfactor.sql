-- Room on every page for each delivery row to be rewritten once in place (a HOT update: no index entry written).
--
-- The attempt log updates each delivery after its first attempt, and it does so for a whole batch of deliveries
-- in one statement (deliveryWorker.ts, writeAttempts). Deliveries are created in order, so a batch rewrites most
-- rows of the same few pages in one transaction, where the old versions cannot be pruned yet: every row of a page
-- needs room for its new version at once. At fillfactor 80 (0501) a page had room for about a fifth of its rows,
-- and 72 % of these updates went to another page with four index entries each (pg_stat_user_tables). A row is
-- about 200 bytes either way, so half a page free is what fits them all.
alter table webhook_deliveries set (fillfactor = 50);
