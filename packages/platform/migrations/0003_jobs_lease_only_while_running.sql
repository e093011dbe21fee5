-- A lease expiry is set exactly while a job is running: every statement that takes a job out of `running` (complete,
-- fail, release, requeue, withJobLease) clears it, and only the claim and the heartbeat set it.
--
-- With this invariant the fence on a running job (src/jobs/leaseFence.ts) leaves `state = 'running'` out, so that no
-- plan for it can come from the partial index jobs_leased. With that clause, whenever the statistics said few jobs
-- run (the usual case for a queue analysed while idle), the planner scanned every running job once per lease of the
-- batch: 512 running jobs times 250 leases per completion statement in bench/webhooks.
alter table jobs add constraint jobs_lease_only_while_running check (lease_expires_at is null or state = 'running');
