-- The insert trigger no longer NOTIFYs inside the producer's transaction, unless the transaction asks for it.
--
-- Why: PostgreSQL serialises the commits of transactions that sent NOTIFY, each holding the notification lock through
-- its WAL flush. At 1,000 single-event transactions a second the producers queued behind each other's fsync, and
-- when the machine was busy they fell behind by seconds (bench/events, 2026-11-26: producer p50 247 ms, delivery p99
-- 1,576 ms). Producers now wake the gateways after their commit, coalesced per process (eventLog/wakeAfterCommit.ts,
-- called by recordEvent): one NOTIFY per tick, outside any producer's commit. An insert that wakes nobody (a writer
-- outside recordEvent, a producer that crashed after its commit) is delivered by the gateways' sweep
-- (EVENTS_SWEEP_MS).
--
-- A writer outside Tender's code that wants the old in-commit wake-up runs `set local tender.events_notify = 'on'`
-- in its transaction (and pays the serialised commit).
create or replace function agent_events_notify_insert() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('tender.events_notify', true), '') <> 'on' then
    return null;
  end if;
  perform pg_notify(
    case when TG_TABLE_SCHEMA = 'public' then 'agent_events' else TG_TABLE_SCHEMA || '__agent_events' end,
    'n:' || new.tenant_id::text
  );
  return null;
end
$$;
