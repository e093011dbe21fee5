// The devnet's well-known accounts: anvil's default mnemonic. Never use these keys on a live network.
import { pbkdf2Sync } from 'node:crypto';
import { HDKey, hdKeyToAccount, type HDAccount } from 'viem/accounts';

export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEVNET_CHAIN_ID = 31337;
/** Accounts anvil funds with native coin and the devnet funds with test tokens. */
export const DEVNET_ACCOUNT_COUNT = 10;

let master: HDKey | undefined;
const derived: HDAccount[] = [];

/**
 * The first `count` (at most 10) accounts of the devnet mnemonic at m/44'/60'/0'/0/i, as anvil derives them;
 * account 0 deploys the devnet contracts.
 */
export function devnetAccounts(count: number = DEVNET_ACCOUNT_COUNT): HDAccount[] {
  if (!Number.isInteger(count) || count < 1 || count > DEVNET_ACCOUNT_COUNT) {
    throw new RangeError(`count must be an integer from 1 to ${DEVNET_ACCOUNT_COUNT}`);
  }
  // BIP-39 seed computed once with native PBKDF2 (viem's mnemonicToAccount redoes it in JS for every account);
  // each account is derived on first use (~15 ms of elliptic-curve work each).
  master ??= HDKey.fromMasterSeed(pbkdf2Sync(DEVNET_MNEMONIC.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512'));
  for (let addressIndex = derived.length; addressIndex < count; addressIndex++) {
    derived.push(hdKeyToAccount(master, { addressIndex }));
  }
  return derived.slice(0, count);
}

/** Account 0, the deployer and owner (sole minter) of the devnet tokens. */
export function devnetDeployer(): HDAccount {
  return devnetAccounts(1)[0]!;
}
