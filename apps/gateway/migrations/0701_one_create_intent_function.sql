-- One create-intent function: a single intent is a batch of one (gateway_create_intents, as redefined in 0600, which
-- also knows link and invoice intents). The single-intent twin from 0402/0403 is no longer called.
drop function if exists gateway_create_intent(
  text, text, text, numeric, text, smallint, text, text, text[], text, text, text, jsonb, timestamptz, text[], text[],
  text, timestamptz, integer, text[], text[], text[], text
);
