-- The web origins (scheme://host[:port], exactly as a browser names them) that may embed this environment's hosted
-- checkout: in an iframe (they are its Content-Security-Policy frame-ancestors) or a pop-up, and that receive its
-- paid / closed / expired messages. Empty: the checkout cannot be framed and posts to no one.
alter table merchant_payment_settings add column checkout_allowed_origins text[] not null default '{}';
