-- The business profile a merchant edits (PATCH /v1/account, accounts/businessProfile.ts): the support contact the
-- hosted checkout, link and invoice pages show customers next to the business name. Null: not given.
alter table merchants add column support_email text;
alter table merchants add column support_url text;
