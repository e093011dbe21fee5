-- The telephony simulator's numbers (dev profile only; apps/agents/src/phone/simulator). What Twilio keeps for an
-- IncomingPhoneNumber: the number and where its calls and status callbacks go. Kept in the database so that numbers
-- bought in the simulator survive a restart, as they would at Twilio (the phone sweep's reconciliation asks).
create table agent_phone_simulator_numbers (
  sid text primary key check (sid ~ '^PN[0-9a-f]{32}$'),
  e164 text not null unique check (e164 ~ '^\+1[2-9][0-9]{2}55501[0-9]{2}$'),
  friendly_name text,
  voice_url text,
  voice_method text not null default 'POST',
  status_callback text,
  status_callback_method text not null default 'POST',
  created_at timestamptz not null default now()
);
