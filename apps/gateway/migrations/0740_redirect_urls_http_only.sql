-- success_url and cancel_url are http(s) URLs wherever a merchant enters them (http/schemas.ts RedirectUrl). Payment
-- links used to take any URI (javascript:, data: …) and copied it into every intent started from them, which the
-- public intent view then served. Such values were never valid redirects: they are cleared (the checkout page then
-- shows its own end page, as for an intent without one), and a link can no longer hold one.
update payment_links set success_url = null where success_url !~ '^[Hh][Tt][Tt][Pp][Ss]?://';
update payment_intents set success_url = null
 where payment_link_id is not null and success_url !~ '^[Hh][Tt][Tt][Pp][Ss]?://';
update payment_intents set cancel_url = null
 where payment_link_id is not null and cancel_url !~ '^[Hh][Tt][Tt][Pp][Ss]?://';
alter table payment_links add constraint payment_links_success_url_http
  check (success_url ~ '^[Hh][Tt][Tt][Pp][Ss]?://');
