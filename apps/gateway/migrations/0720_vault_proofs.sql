-- A vault belongs to whoever proves it. Setting a vault takes a signature from the address over a message naming
-- the merchant, the network and the environment (EIP-191 for an account, EIP-1271 for a smart-contract wallet; see
-- settings/vaultProof.ts). The proof is kept beside the address: verified_at is when it was checked, and the signed
-- message and signature stay for anyone who wants to check it again.
alter table merchant_vaults add column verified_at timestamptz;
alter table merchant_vaults add column proof_message text;
alter table merchant_vaults add column proof_signature text;
alter table merchant_vaults add constraint merchant_vaults_proof_check
  check ((verified_at is null) = (proof_message is null) and (verified_at is null) = (proof_signature is null));

-- One merchant per proven vault address, network and environment.
--
-- Rows written before proofs existed stay as they are (verified_at null: "unproven"), duplicates across merchants
-- included: deleting or rewriting where a merchant's money settles is not a migration's call, and an existing deposit
-- address pays the vault it was computed with whatever this table says. The unique index therefore covers proven
-- rows only. An unproven row keeps working as before (intents use it, its payments settle into it) and is shown
-- as unproven until its owner signs; refund transfers from its address count for its merchant only while no other
-- merchant has proven the address (and, when the merchant no longer names the address at all, while no other merchant
-- names it): refunds/vaultHolder.ts.
create unique index merchant_vaults_proven_address on merchant_vaults (environment, network, address)
  where verified_at is not null;
-- Who names an address on a network (the refund matcher's holder check, the taken check of PUT /v1/vaults).
create index merchant_vaults_address on merchant_vaults (network, environment, address);
