-- Every amount has its decimal twin, in the token's own decimals. The official tokens' decimals are in the network
-- registry; any other token that reaches a deposit address (INVALID_ASSET, recovered into the vault) gets its
-- decimals() read once, when the watcher records its first transfer (money/tokenDecimals.ts), and kept here.
create table token_decimals (
  network text not null,
  token text not null,
  decimals int not null check (decimals between 0 and 255),
  primary key (network, token)
);
