-- A webhook delivery is its own job: the delivery row is leased, scheduled and claimed directly
-- (webhooks/claimDeliveries.ts, createDeliveryRunner.ts), and no row of `jobs` exists for it any more. One job row
-- per delivery cost about as much database time as the whole HTTP exchange; the delivery row was written per
-- attempt anyway, so the lease and the schedule ride on that write.
--
-- Columns:
--  * due_at: when a runner should next take the row; null when there is nothing to do (succeeded or failed, and no
--    manual retry asked for). A claim takes due rows whose lease is not live: an expired lease (its runner died) is
--    simply claimable again, with no requeue step. A leased row is always due (constraint below), so a dead run's
--    delivery always comes back; the claim does not touch due_at, so that its update stays HOT (no index entry
--    written: only the lease columns and run_count change, none of them indexed).
--  * lease_token, lease_expires_at: the current run's lease. Every write a run makes on its delivery is fenced by the
--    token (a claim always sets a fresh one, so an equal token proves no other run took the row since).
--  * run_count: runs started for the automatic schedule, counted at claim, so runs lost to crashes count (a delivery
--    never gets more than its automatic attempts however often workers die; the schedule position is this count).
--    Runs that sent nothing (deferred: crowded host, configuration fault) or were stopped mid-send are handed back.
--  * manual_retry_at_attempt: a manual retry asked for and not yet made, keyed by the delivery's attempt_count when
--    it was asked: asking again before it ran asks for the same attempt.
alter table webhook_deliveries
  add column due_at timestamptz,
  add column lease_token uuid,
  add column lease_expires_at timestamptz,
  add column run_count integer not null default 0 check (run_count >= 0),
  add column manual_retry_at_attempt integer check (manual_retry_at_attempt >= 0),
  add constraint webhook_deliveries_lease check ((lease_token is null) = (lease_expires_at is null)),
  add constraint webhook_deliveries_leased_is_due check (lease_token is null or due_at is not null);

-- The claim: due rows in (due_at, id) order. Partial, so finished deliveries (the bulk of the table) are not in it.
-- Rows under a live lease stay in it and are skipped by the claim's filter: at most the runners' slots (hundreds),
-- which costs less than writing an index entry per claim would.
create index webhook_deliveries_due on webhook_deliveries (due_at, id) where due_at is not null;

-- Upgrade: carry the in-flight jobs of the old queue over, so that nothing pending is lost.
--  * an automatic job (queued, or running: its run is counted, and if it never logged, the next run logs it as
--    interrupted) makes its delivery due at its run_at (a running one: now) with its run count;
update webhook_deliveries d
   set due_at = j.due_at, run_count = j.attempts
  from (select payload ->> 'deliveryId' as id,
               min(case when state = 'running' then now() else run_at end) as due_at, max(attempts) as attempts
          from jobs
         where queue = 'gateway.webhook-delivery' and state in ('queued', 'running')
           and coalesce((payload ->> 'manual')::boolean, false) = false
         group by 1) j
 where d.id = j.id;
--  * a manual job becomes a manual retry request, due now;
update webhook_deliveries d
   set manual_retry_at_attempt = d.attempt_count, due_at = least(coalesce(d.due_at, now()), now())
  from jobs j
 where j.queue = 'gateway.webhook-delivery' and j.state in ('queued', 'running')
   and coalesce((j.payload ->> 'manual')::boolean, false) and d.id = j.payload ->> 'deliveryId';
--  * a pending delivery left without a job (its job had gone dead) resumes its schedule.
update webhook_deliveries
   set due_at = coalesce(next_attempt_at, now()), run_count = greatest(run_count, auto_attempt_count)
 where status = 'pending' and due_at is null;
-- The queue is gone: its dead jobs say nothing the delivery log does not.
delete from jobs where queue = 'gateway.webhook-delivery';
