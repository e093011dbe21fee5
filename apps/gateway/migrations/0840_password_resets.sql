-- Password reset links (apps/gateway/src/auth/passwordReset.ts). POST /v1/auth/password/forgot only queues a job
-- (so the answer takes the same time whether or not the address is registered); the job creates one row per account
-- using the address, all sharing the request's id, then mints each link's token and mails them. Only the SHA-256
-- hash of a token is stored, and token_hash stays null until the mail is built.
-- A link works while used_at and superseded_at are null, now < expires_at, and the user's address is still `email`.
-- Using one ends every session and device of its user and supersedes the user's other open links.
create table password_resets (
  id text primary key,
  -- The forgot request (its job) that created the row: a retried job finds its rows instead of making new ones.
  request_id text not null,
  user_id text not null references users (id) on delete cascade,
  email text not null,
  token_hash text unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  superseded_at timestamptz
);
create index password_resets_request on password_resets (request_id);
create index password_resets_open on password_resets (user_id) where used_at is null and superseded_at is null;
