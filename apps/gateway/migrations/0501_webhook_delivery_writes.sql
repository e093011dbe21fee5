-- The delivery hot path writes each delivery row once per attempt and appends one attempt row (deliveryWorker.ts,
-- writeAttempts). Make both as cheap as the invariants allow:
--  * delivery updates stay HOT (heap-only, no index entry rewritten): no index may cover a column an attempt changes,
--    so the status index goes (listing by status filters the per-tenant list index instead), and pages keep room
--    for the new row versions;
--  * attempts need no foreign-key check: the one statement that inserts them takes each delivery id from the row it
--    has just updated (so the delivery exists, locked by that statement), and deliveries are never deleted. The
--    per-row referential-integrity trigger cost more than the insert itself.
drop index webhook_deliveries_status;
alter table webhook_deliveries set (fillfactor = 80);
alter table webhook_attempts drop constraint webhook_attempts_delivery_id_fkey;
