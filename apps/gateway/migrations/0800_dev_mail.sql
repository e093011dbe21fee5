-- The dev profile's mail catcher (src/devMail/): with no relay configured, every outbound message of the gateway
-- (account email, invoices with their PDF) and of the agents (mail to domains other than EMAIL_DOMAIN) is kept here
-- instead of leaving the machine, and read at /dev/mail/. The message is kept whole (its MIME source, as a relay
-- would have received it); the page and the API parse it when read. Never written in the production profile (the
-- configuration refuses DEV_MAIL_CATCHER there).
create table dev_mail_messages (
  id text primary key,
  -- Which service sent it: 'gateway' or 'agents'.
  source text not null,
  envelope_from text not null,
  envelope_to text[] not null,
  raw bytea not null,
  created_at timestamptz not null
);
create index dev_mail_messages_newest on dev_mail_messages (created_at desc, id desc);
