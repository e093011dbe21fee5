-- A producer may wake the gateways itself, after its commit, instead of from inside its transaction.
--
-- Why: PostgreSQL serialises the commits of transactions that sent NOTIFY, each holding the notification queue lock
-- through its WAL flush. A producer that writes one event per transaction is then bounded by one fsync per event
-- for the whole database (measured: a few hundred to ~1,500 events/s on the 2-core benchmark machine), while a
-- NOTIFY sent in a transaction of its own writes no WAL and holds the lock only briefly.
--
-- So the insert trigger still notifies by default (every writer wakes the gateways, nothing to remember), but a
-- transaction that ran `set local tender.events_notify = 'off'` is skipped: its producer calls wakeTenants() after
-- the commit (events/eventStore.ts). A producer that crashes in between loses no event: the gateways' sweep
-- (EVENTS_SWEEP_MS) delivers it.
create or replace function agent_events_notify_insert() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('tender.events_notify', true), '') = 'off' then
    return null;
  end if;
  perform pg_notify(
    case when TG_TABLE_SCHEMA = 'public' then 'agent_events' else TG_TABLE_SCHEMA || '__agent_events' end,
    'n:' || new.tenant_id::text
  );
  return null;
end
$$;
