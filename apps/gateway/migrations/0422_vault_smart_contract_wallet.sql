-- A vault with code is accepted only when the merchant declares it a smart-contract wallet (a multisig, a smart
-- account); the declaration is kept beside the address and shown with it.
alter table merchant_vaults add column smart_contract_wallet boolean not null default false;
