-- Merchant accounts and the people who sign in to them (apps/gateway/src/accounts, auth, email).
--
-- Invariants:
--  * An email address belongs to an account once it is verified: at most one user holds a given address verified
--    (users_verified_email). Before that an address is only a claim, and several accounts may claim the same one,
--    so that signup never reveals whether an address is registered. Login tries the claimants' passwords.
--  * Secrets are stored as hashes only: passwords as argon2id (PHC string), session and email-link tokens as
--    SHA-256 hex of a high-entropy random token.
--  * Every timestamp that decides validity (session expiry, idle timeout, link expiry) is written from the
--    application clock, so one clock decides; created_at columns for bookkeeping use the database clock.

create table merchants (
  id text primary key,
  business_name text not null,
  -- The one merchant `tender start` creates on the dev profile (ensureDevMerchant).
  is_dev boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index merchants_one_dev on merchants (is_dev) where is_dev;

create table users (
  id text primary key,
  merchant_id text not null references merchants (id),
  role text not null check (role in ('owner', 'admin', 'developer', 'read_only')),
  -- As typed at signup or confirmed by a link; compared case-insensitively. Null: no email (identity-provider
  -- sign-up whose token carried no verified address).
  email text,
  email_verified_at timestamptz,
  -- argon2id PHC string; null for users who sign in only through the identity provider.
  password_hash text,
  created_at timestamptz not null default now(),
  constraint users_verified_has_email check (email_verified_at is null or email is not null)
);
create unique index users_verified_email on users (lower(email)) where email_verified_at is not null;
create index users_email on users (lower(email)) where email is not null;
create index users_merchant on users (merchant_id);

-- An identity-provider account (issuer + subject) signs in as exactly one user.
create table identity_links (
  issuer text not null,
  subject text not null,
  user_id text not null references users (id),
  created_at timestamptz not null default now(),
  primary key (issuer, subject)
);
create index identity_links_user on identity_links (user_id);

-- Dashboard sessions. Valid while revoked_at is null, now < expires_at and now < last_seen_at + idle timeout.
create table sessions (
  id text primary key,
  token_hash text not null unique,
  user_id text not null references users (id),
  merchant_id text not null references merchants (id),
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text
);
create index sessions_user on sessions (user_id) where revoked_at is null;

-- Single-use email links (verify the current address, or change to a new one). The row is created with the
-- request; token_hash stays null until the mail is built (the plaintext token exists only in the sent mail).
-- A link works while used_at and superseded_at are null and now < expires_at; using it sets used_at.
create table email_tokens (
  id text primary key,
  user_id text not null references users (id),
  purpose text not null check (purpose in ('verify', 'change')),
  email text not null,
  token_hash text unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  -- Set when a newer request of the same user replaces this link, or a change makes it moot.
  superseded_at timestamptz
);
create index email_tokens_open on email_tokens (user_id) where used_at is null and superseded_at is null;
