-- refund.completed is announced once per refund request. A devnet that lost the block of a completed refund (its
-- state file older than the database) rolls the transfer back and the request is pending again; when a transfer
-- fulfils it again, the request completes again without a second refund.completed (its receivers were told once,
-- and a new event id would be a second refund to them). The rollback itself is logged and recorded in
-- chain_incidents (watcher/rollBackDevnet.ts).
alter table refund_requests add column completion_announced_at timestamptz;
update refund_requests set completion_announced_at = completed_at where status = 'completed';
