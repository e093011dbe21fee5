-- voided: a sweep attempt whose transaction the chain lost (a devnet restored to an older state, see
-- watcher/rollBackDevnet.ts), or that was never sent because its payment is no longer paid after such a rollback.
-- Unlike failed, it is no fact about the settlement: the status reducer ignores it, and no retry follows from it.
alter table settlements drop constraint settlements_state_check;
alter table settlements add constraint settlements_state_check
  check (state in ('pending', 'submitted', 'succeeded', 'failed', 'voided'));
